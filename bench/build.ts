// Build benchmark: realistic synthetic datasets (npm run synth) of 1k, 10k and 100k skills -> build
// time, peak memory, files, bytes, largest file, index terms, a rebuild with 1% of the skills changed
// (time and files rewritten), and the function's answer times for every read endpoint: in-process
// (cold and warm p95, heap after 1,000 mixed requests) and end to end through `wrangler pages dev`
// (the first request on a fresh isolate, then warm). Baselines measured in the same run: reading and
// validating the dataset alone, and the file count of a naive one-file-per-response layout.
import { spawnSync } from "node:child_process";
import { once } from "node:events";
import { createReadStream, createWriteStream, existsSync, mkdirSync, rmSync } from "node:fs";
import { copyFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { handleRequest, type Services } from "../src/api/handle.js";
import { createServices } from "../src/api/services.js";
import { readDataset } from "../src/dataset/files.js";
import { folderAssets } from "../src/node/folder-assets.js";
import { startPagesDev } from "../src/node/pages-dev.js";
import { seeded } from "../src/synth/random.js";
import { machineLine, mb, percentile, table } from "./support/machine.js";

const { values } = parseArgs({
  options: { sizes: { type: "string", default: "1000,10000,100000" }, work: { type: "string", default: ".tmp/bench" } },
});
const sizes = values.sizes.split(",").map(Number);
const tsx = join("node_modules", ".bin", "tsx");
const log = (line: string) => process.stderr.write(`${line}\n`);

function run(args: string[], extraNodeOptions = ""): string {
  const res = spawnSync(tsx, args, {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, NODE_OPTIONS: `--max-old-space-size=20000 ${extraNodeOptions}`.trim() },
    maxBuffer: 1 << 26,
  });
  if (res.status !== 0) throw new Error(`${args.join(" ")} failed with ${res.status}`);
  return res.stdout;
}

/** Copies a dataset folder, changing the description and stars of every `step`-th skill; returns how many. */
async function changeEvery(from: string, to: string, step: number): Promise<number> {
  mkdirSync(to, { recursive: true });
  for (const f of ["categories.json", "platforms.json", "meta.json"]) await copyFile(join(from, f), join(to, f));
  const out = createWriteStream(join(to, "skills.jsonl"));
  let i = 0;
  let changed = 0;
  for await (const line of createInterface({ input: createReadStream(join(from, "skills.jsonl")) })) {
    let text = line;
    if (i++ % step === step >> 1) {
      const record = JSON.parse(line);
      record.description = `${record.description.slice(0, 1000)} (changed)`;
      record.stars += 1;
      text = JSON.stringify(record);
      changed++;
    }
    if (!out.write(`${text}\n`)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
  return changed;
}

type Kinds = Record<string, () => string>;

function requestKinds(dataset: Awaited<ReturnType<typeof readDataset>>): Kinds {
  const random = seeded(99);
  const pickSkill = () => dataset.records[random.int(0, dataset.records.length - 1)]!;
  const slug = () => random.pick(dataset.categories.categories).slug;
  return {
    "list by stars (default)": () => `/skills?page=${random.int(1, 50)}`,
    "list by updated": () => `/skills?sort=updated&page=${random.int(1, 50)}`,
    "list by name": () => `/skills?sort=name&order=asc&page=${random.int(1, 50)}`,
    "list filtered (category, platform)": () =>
      `/skills?category=${slug()}&platform=${random.pick(dataset.platforms.platforms).id}&page=${random.int(1, 3)}&limit=50`,
    "category list": () => `/categories/${slug()}/skills?sort=name&page=${random.int(1, 3)}`,
    detail: () => {
      const r = pickSkill();
      return `/skills/${r.owner}/${r.repo}`;
    },
    content: () => {
      const r = pickSkill();
      return `/skills/${r.owner}/${r.repo}/content`;
    },
    stats: () => {
      const r = pickSkill();
      return `/skills/${r.owner}/${r.repo}/stats`;
    },
    categories: () => `/categories?locale=${random.pick(["en", "zh", "de"])}`,
  };
}

const limiter = { check: async () => ({}) };

async function ask(services: Services, siteDir: string, path: string): Promise<number> {
  const t = performance.now();
  const res = await handleRequest(
    { request: new Request(`http://bench/api/v1${path}`), env: { ASSETS: folderAssets(siteDir) }, waitUntil: () => {} },
    services,
  );
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
  return performance.now() - t;
}

const gc = (globalThis as { gc?: () => void }).gc;
/** JS heap plus array buffers (the shards a store keeps are bytes): what an isolate's memory limit counts. */
const heapMb = () => {
  gc?.();
  const m = process.memoryUsage();
  return (m.heapUsed + m.arrayBuffers) / 2 ** 20;
};

async function timeQueries(siteDir: string, kinds: Kinds) {
  const rows: { kind: string; coldP50: number; coldP95: number; coldBytes: number; p50: number; p95: number }[] = [];
  for (const [kind, path] of Object.entries(kinds)) {
    const cold: number[] = [];
    let coldBytes = 0;
    for (let i = 0; i < 20; i++) {
      const services = createServices(folderAssets(siteDir), limiter);
      cold.push(await ask(services, siteDir, path()));
      coldBytes = Math.max(coldBytes, services.store.fetchedBytes);
    }
    const services = createServices(folderAssets(siteDir), limiter);
    for (let i = 0; i < 20; i++) await ask(services, siteDir, path());
    const warm: number[] = [];
    for (let i = 0; i < 200; i++) warm.push(await ask(services, siteDir, path()));
    rows.push({
      kind,
      coldP50: percentile(cold, 50),
      coldP95: percentile(cold, 95),
      coldBytes,
      p50: percentile(warm, 50),
      p95: percentile(warm, 95),
    });
  }
  // The isolate's heap: one set of services after 1,000 requests of every kind in turn.
  const before = heapMb();
  const services = createServices(folderAssets(siteDir), limiter);
  const paths = Object.values(kinds);
  for (let i = 0; i < 1000; i++) await ask(services, siteDir, paths[i % paths.length]!());
  const heap = heapMb() - before;
  // Still in use here, so the collection above could not take it.
  if (services.store.fetchedBytes === 0) throw new Error("no request reached the asset store");
  return { rows, heap, exact: gc !== undefined };
}

/** End to end through `wrangler pages dev`: the first request on a fresh isolate, then warm requests of each kind. */
async function timeServed(siteDir: string, kinds: Kinds) {
  const started = performance.now();
  const dev = await startPagesDev({ siteDir, vars: { RATE_LIMIT_DISABLED: "1" }, timeoutMs: 600_000 });
  const startMs = performance.now() - started;
  try {
    const get = async (path: string) => {
      const t = performance.now();
      const res = await fetch(`${dev.api}${path}`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      return performance.now() - t;
    };
    // startPagesDev's readiness probe asked for /categories; the first skill list is still cold.
    const first = await get("/skills?sort=updated&page=7");
    const rows: { kind: string; p50: number; p95: number }[] = [];
    for (const [kind, path] of Object.entries(kinds)) {
      for (let i = 0; i < 5; i++) await get(path());
      const warm: number[] = [];
      for (let i = 0; i < 60; i++) warm.push(await get(path()));
      rows.push({ kind, p50: percentile(warm, 50), p95: percentile(warm, 95) });
    }
    return { startMs, first, rows };
  } finally {
    await dev.stop();
  }
}

const summary: (string | number)[][] = [];
const queryTables: string[] = [];
for (const n of sizes) {
  const dataDir = join(values.work, `synth-${n}`);
  const outDir = join(values.work, `site-${n}`);
  if (!existsSync(join(dataDir, "skills.jsonl"))) {
    log(`[${n}] synthesising dataset`);
    run(["scripts/synth.ts", "--skills", String(n), "--out", dataDir]);
  }
  log(`[${n}] baseline: read and validate the dataset`);
  const t0 = performance.now();
  const dataset = await readDataset(dataDir);
  const readMs = performance.now() - t0;
  const contentBytes = dataset.records.reduce((s, r) => s + r.files.reduce((m, f) => m + f.size, 0), 0);
  const naiveFiles = dataset.records.length * 3 + dataset.categories.categories.length * (1 + Math.ceil(dataset.records.length / 20));
  const kinds = requestKinds(dataset);
  // Only the keys and a few facts stay for the request mix; the texts go before the builds run.
  for (const r of dataset.records) r.files = [];

  log(`[${n}] full build`);
  rmSync(outDir, { recursive: true, force: true });
  const first = JSON.parse(run(["bench/build-once.ts", "--data", dataDir, "--out", outDir]));
  log(`[${n}] rebuild with 1% of the skills changed`);
  const changedDir = join(values.work, `synth-${n}-changed`);
  const changed = await changeEvery(dataDir, changedDir, 100);
  const second = JSON.parse(run(["bench/build-once.ts", "--data", changedDir, "--out", outDir]));
  log(`[${n}] answer times in-process (over the rebuilt site)`);
  const q = await timeQueries(outDir, kinds);
  log(`[${n}] answer times through wrangler pages dev`);
  const served = await timeServed(outDir, kinds);
  summary.push([
    n.toLocaleString("en"),
    mb(contentBytes),
    first.terms.toLocaleString("en"),
    (readMs / 1000).toFixed(1),
    (first.millis / 1000).toFixed(1),
    (first.searchMillis / 1000).toFixed(1),
    (first.millis / readMs).toFixed(1),
    (first.maxRssKb / 1024).toFixed(0),
    first.output.files,
    naiveFiles.toLocaleString("en"),
    mb(first.output.bytes),
    `${mb(first.output.largest.bytes)} (${first.output.largest.path})`,
    `${changed}: ${(second.millis / 1000).toFixed(1)} s = ${((second.millis / first.millis) * 100).toFixed(0)} % of full, ${second.changed} files`,
  ]);
  const byKind = new Map(served.rows.map((r) => [r.kind, r]));
  queryTables.push(
    `### ${n.toLocaleString("en")} skills\n\n` +
      `Heap after 1,000 mixed requests: +${q.heap.toFixed(1)} MB over the process before them${q.exact ? "" : " (without --expose-gc: not collected first)"}. ` +
      `Through \`wrangler pages dev\`: ready in ${(served.startMs / 1000).toFixed(1)} s; first API request on the fresh isolate (cold start) ${served.first.toFixed(0)} ms.\n\n` +
      table(
        [
          "endpoint",
          "cold p50 (ms)",
          "cold p95 (ms)",
          "cold MB loaded (max)",
          "warm p50 (ms)",
          "warm p95 (ms)",
          "served warm p50 (ms)",
          "served warm p95 (ms)",
        ],
        q.rows.map((r) => [
          r.kind,
          r.coldP50.toFixed(2),
          r.coldP95.toFixed(2),
          mb(r.coldBytes),
          r.p50.toFixed(3),
          r.p95.toFixed(3),
          byKind.get(r.kind)?.p50.toFixed(2) ?? "-",
          byKind.get(r.kind)?.p95.toFixed(2) ?? "-",
        ]),
      ),
  );
}

const report = [
  "# Build benchmark",
  "",
  `Machine: ${machineLine()}, shared with other work while measured. Realistic synthetic datasets from \`npm run synth\` (seed 1; vocabulary growing as the shared dataset's, bench/results/vocabulary.md); the build includes the search index.`,
  "Baselines measured in the same run: reading and validating the dataset alone (the build's time is shown as a multiple of it), and the file count a naive one-file-per-response layout would need (3 files a skill plus 20-item pages per category).",
  "Targets at 100k: build <= 120 s and 2 GB; a 1% rebuild <= 20% of a full build.",
  "",
  table(
    [
      "skills",
      "SKILL.md MB",
      "index terms",
      "read (s)",
      "build (s)",
      "of which search index (s)",
      "build / read",
      "peak RSS (MB)",
      "files",
      "naive files",
      "total MB",
      "largest file MB",
      "1% changed: rebuild, files rewritten",
    ],
    summary,
  ),
  "",
  "Cloudflare Pages limits: 20,000 files per deployment (100,000 paid), 25 MiB per file.",
  "",
  "## The function's answer times",
  "",
  "In-process: the handler over a file-backed ASSETS, no rate limiter. Cold: a fresh isolate store (nothing cached) per request, 20 requests; MB loaded is the most one cold request fetched. Warm: one store, after 20 requests, 200 random requests of the kind. Served: through `wrangler pages dev` (workerd) on loopback with the rate limiter off, 60 requests of each kind after 5. Targets at 100k: warm p95 <= 10 ms, cold p95 <= 100 ms in-process, heap <= 64 MB.",
  "",
  ...queryTables.flatMap((t) => [t, ""]),
].join("\n");
mkdirSync("bench/results", { recursive: true });
await writeFile("bench/results/build.md", `${report}\n`);
console.log(report);
