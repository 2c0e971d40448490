// Rate-limit benchmark (issue 5): requests per second and latency through `wrangler pages dev` for a
// static endpoint (GET /api/v1/categories), with the limiter off (the baseline, RATE_LIMIT_DISABLED=1)
// and on: one anonymous caller, a new anonymous caller on every request (a KV read for each), and a
// premium API key (a KV key lookup and SHA-256 on each). Both servers run side by side and the
// variants are measured in interleaved rounds, so machine noise falls on all of them alike.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { build } from "../src/build/build.js";
import { type PagesDev, startPagesDev } from "../src/node/pages-dev.js";
import { PROJECT_ROOT } from "../src/node/project-root.js";
import { machineLine, percentile, table } from "./support/machine.js";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "8" },
    seconds: { type: "string", default: "1.5" },
    sequential: { type: "string", default: "60" },
    concurrency: { type: "string", default: "8" },
  },
});
const ROUNDS = Number(values.rounds);
const SECONDS = Number(values.seconds);
const SEQUENTIAL = Number(values.sequential);
const CONCURRENCY = Number(values.concurrency);
const log = (line: string) => process.stderr.write(`${line}\n`);

interface Variant {
  name: string;
  server: () => PagesDev;
  /** Request headers for the i-th request. */
  headers: (i: number) => Record<string, string>;
}

interface Samples {
  latencies: number[];
  rps: number[];
  statuses: Map<number, number>;
}

async function once(variant: Variant, i: number, samples: Samples): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${variant.server().api}/categories`, { headers: variant.headers(i) });
  await res.arrayBuffer();
  samples.statuses.set(res.status, (samples.statuses.get(res.status) ?? 0) + 1);
  return performance.now() - started;
}

async function measure(variant: Variant, samples: Samples, offset: number): Promise<number> {
  let i = offset;
  for (let n = 0; n < SEQUENTIAL; n++) samples.latencies.push(await once(variant, i++, samples));
  const deadline = performance.now() + SECONDS * 1000;
  let done = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        await once(variant, i++, samples);
        done++;
      }
    }),
  );
  samples.rps.push(done / ((performance.now() - began) / 1000));
  return i;
}

const median = (xs: number[]) => percentile(xs, 50);

async function main() {
  log(`machine: ${machineLine()}`);
  const siteDir = mkdtempSync(join(tmpdir(), "skills-api-bench-site-"));
  log(`building the site from data/ into ${siteDir}`);
  await build({
    dataDir: join(PROJECT_ROOT, "data"),
    outDir: siteDir,
    publicDir: join(PROJECT_ROOT, "public"),
    page: false,
  });

  const onState = mkdtempSync(join(tmpdir(), "skills-api-bench-state-"));
  log("creating a premium API key in the limited server's local KV");
  const created = execFileSync(
    join(PROJECT_ROOT, "node_modules", ".bin", "tsx"),
    ["scripts/keys.ts", "create", "--tier", "premium", "--label", "benchmark", "--persist-to", onState],
    {
      cwd: PROJECT_ROOT,
      encoding: "utf8",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    },
  );
  const key = created.trim().split("\n").at(-1)!;

  const high = "999999999";
  log("starting wrangler pages dev twice: limiter off, limiter on");
  const [off, on] = await Promise.all([
    startPagesDev({ siteDir, vars: { RATE_LIMIT_DISABLED: "1" } }),
    startPagesDev({
      siteDir,
      persistTo: onState,
      vars: { RATE_LIMIT_ANONYMOUS: high, RATE_LIMIT_AUTHENTICATED: high, RATE_LIMIT_PREMIUM: high },
    }),
  ]);
  try {
    const ip = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    const variants: Variant[] = [
      { name: "limiter off (baseline)", server: () => off, headers: () => ({ "CF-Connecting-IP": "192.0.2.1" }) },
      { name: "anonymous, one caller", server: () => on, headers: () => ({ "CF-Connecting-IP": "192.0.2.1" }) },
      { name: "anonymous, a new caller per request", server: () => on, headers: (i) => ({ "CF-Connecting-IP": ip(i) }) },
      { name: "premium API key", server: () => on, headers: () => ({ "CF-Connecting-IP": "192.0.2.1", Authorization: `Bearer ${key}` }) },
    ];
    const samples = variants.map((): Samples => ({ latencies: [], rps: [], statuses: new Map() }));
    log("warming up");
    for (const v of variants) for (let n = 0; n < 30; n++) await once(v, 1_000_000 + n, { latencies: [], rps: [], statuses: new Map() });
    let offset = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [k, v] of variants.entries()) {
        offset = await measure(v, samples[k]!, offset);
        log(`round ${round}/${ROUNDS}: ${v.name}: ${samples[k]!.rps.at(-1)!.toFixed(0)} req/s`);
      }
    }

    const base = samples[0]!;
    const rows = variants.map((v, k) => {
      const s = samples[k]!;
      const rps = median(s.rps);
      const p50 = percentile(s.latencies, 50);
      const p95 = percentile(s.latencies, 95);
      const added = (x: number, y: number) => (k === 0 ? "-" : (x - y >= 0 ? "+" : "") + (x - y).toFixed(2));
      return [
        v.name,
        rps.toFixed(0),
        `${Math.min(...s.rps).toFixed(0)}-${Math.max(...s.rps).toFixed(0)}`,
        (rps / median(base.rps)).toFixed(2),
        p50.toFixed(2),
        p95.toFixed(2),
        added(p50, percentile(base.latencies, 50)),
        added(p95, percentile(base.latencies, 95)),
        [...s.statuses.entries()].map(([status, n]) => `${status}×${n}`).join(" "),
      ];
    });
    const out = table(
      [
        "variant",
        "req/s (median of rounds)",
        "req/s range",
        "ratio to baseline",
        "p50 ms",
        "p95 ms",
        "added p50 ms",
        "added p95 ms",
        "statuses",
      ],
      rows,
    );
    const doc = [
      "# Rate-limit benchmark",
      "",
      `Machine: ${machineLine()}. Endpoint: GET /api/v1/categories through \`wrangler pages dev\` (workerd, local KV) on loopback.`,
      `${ROUNDS} interleaved rounds; each round per variant: ${SEQUENTIAL} sequential requests (latency) then ${SECONDS} s at concurrency ${CONCURRENCY} (throughput).`,
      "Baseline: the same function and site with RATE_LIMIT_DISABLED=1, measured in the same run. Local KV is a SQLite file behind workerd, so KV costs here are not Cloudflare's edge latencies;",
      "the machine is shared, so the range across rounds shows how much of a difference is noise.",
      "",
      out,
      "",
    ].join("\n");
    mkdirSync(join(PROJECT_ROOT, "bench", "results"), { recursive: true });
    writeFileSync(join(PROJECT_ROOT, "bench", "results", "rate-limit.md"), doc);
    console.log(out);
    log("wrote bench/results/rate-limit.md");
  } finally {
    await Promise.all([off.stop(), on.stop()]);
    for (const dir of [siteDir, onState, off.persistTo]) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
