// Client benchmark (issue 10): what each client adds to a raw HTTP request on the same endpoint,
// measured in interleaved rounds against `wrangler pages dev` serving the embedded dataset (so both
// sides see the same server and the same noise), the TypeScript client's own cost per call over a
// fetch that answers at once, and the time to walk every page of the dataset with the iterators.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { SkillsDirectory } from "../clients/typescript/src/index.js";
import { build } from "../src/build/build.js";
import { startPagesDev } from "../src/node/pages-dev.js";
import { PROJECT_ROOT } from "../src/node/project-root.js";
import { machineLine, percentile, table } from "./support/machine.js";

const { values } = parseArgs({ options: { rounds: { type: "string", default: "6" }, requests: { type: "string", default: "40" } } });
const ROUNDS = Number(values.rounds);
const REQUESTS = Number(values.requests);
const log = (line: string) => process.stderr.write(`${line}\n`);
const ENDPOINTS = ["/skills?limit=20", "/skills/anvil-dev/pdf", "/skills/search?q=pdf"];

const fmt = (ms: number) => ms.toFixed(3);

async function timed(n: number, f: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await f();
    out.push(performance.now() - t);
  }
  return out;
}

/** The client call of an endpoint path (the same request the raw side sends). */
function clientCall(client: SkillsDirectory, path: string): () => Promise<unknown> {
  if (path.startsWith("/skills?")) return () => client.listSkills({ limit: 20 });
  if (path.startsWith("/skills/search")) return () => client.search("pdf");
  return () => client.getSkill("anvil-dev", "pdf");
}

const site = mkdtempSync(join(tmpdir(), "bench-clients-site-"));
log("building the embedded dataset's site");
await build({ dataDir: join(PROJECT_ROOT, "data"), outDir: site, publicDir: join(PROJECT_ROOT, "public") });
const server = await startPagesDev({ siteDir: site, vars: { RATE_LIMIT_ANONYMOUS: "100000000" } });
const rows: (string | number)[][] = [];
const walkRows: (string | number)[][] = [];
let stubRow: (string | number)[] = [];
let pythonNote = "";
try {
  const client = new SkillsDirectory({ baseUrl: server.api });
  for (const path of ENDPOINTS) {
    const raw: number[] = [];
    const viaClient: number[] = [];
    const rawCall = async () => (await fetch(`${server.api}${path}`)).json();
    await timed(10, rawCall);
    await timed(10, clientCall(client, path));
    for (let r = 0; r < ROUNDS; r++) {
      raw.push(...(await timed(REQUESTS, rawCall)));
      viaClient.push(...(await timed(REQUESTS, clientCall(client, path))));
    }
    const [rp, cp] = [percentile(raw, 50), percentile(viaClient, 50)];
    rows.push(["TypeScript", path, fmt(rp), fmt(cp), (cp / rp).toFixed(3), fmt(percentile(raw, 95)), fmt(percentile(viaClient, 95))]);
    log(`  ts ${path}: raw ${fmt(rp)} ms, client ${fmt(cp)} ms`);
  }

  // The client's own work (URL, headers, timeout, JSON, result) over a fetch that answers at once.
  const detail = await (await fetch(`${server.api}/skills/anvil-dev/pdf`)).text();
  const stubFetch: typeof fetch = async () =>
    new Response(detail, {
      headers: { "Content-Type": "application/json", "X-RateLimit-Limit": "1", "X-RateLimit-Remaining": "1", "X-RateLimit-Reset": "1" },
    });
  const stubbed = new SkillsDirectory({ baseUrl: server.api, fetch: stubFetch });
  const n = 20_000;
  await timed(2000, () => stubbed.getSkill("anvil-dev", "pdf"));
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await (await stubFetch("x")).json();
  const rawStub = ((performance.now() - t0) * 1000) / n;
  const t1 = performance.now();
  for (let i = 0; i < n; i++) await stubbed.getSkill("anvil-dev", "pdf");
  const clientStub = ((performance.now() - t1) * 1000) / n;
  stubRow = [fmt(rawStub / 1000), fmt(clientStub / 1000), (clientStub / rawStub).toFixed(2), (clientStub - rawStub).toFixed(1)];

  for (const limit of [100, 20, 1]) {
    const times: number[] = [];
    let items = 0;
    for (let r = 0; r < 3; r++) {
      const t = performance.now();
      items = 0;
      for await (const _ of client.iterateSkills({ limit })) items++;
      times.push(performance.now() - t);
    }
    walkRows.push(["TypeScript", limit, items, Math.ceil(items / limit), fmt(percentile(times, 50))]);
    log(`  ts walk limit ${limit}: ${items} skills in ${fmt(percentile(times, 50))} ms`);
  }

  const python = join(PROJECT_ROOT, ".tmp", "python-venv", "bin", "python");
  if (existsSync(python)) {
    const r = spawnSync(python, [join(PROJECT_ROOT, "bench", "clients_python.py"), server.api, String(ROUNDS), String(REQUESTS)], {
      encoding: "utf8",
    });
    if (r.status !== 0) throw new Error(`the Python benchmark failed:\n${r.stderr}`);
    const lines = r.stdout
      .trim()
      .split("\n")
      .map((l) => l.split("\t"));
    for (const l of lines.filter((x) => x[0] === "overhead"))
      rows.push(["Python (httpx)", l[1]!, l[2]!, l[3]!, (Number(l[3]) / Number(l[2])).toFixed(3), l[4]!, l[5]!]);
    for (const l of lines.filter((x) => x[0] === "walk")) walkRows.push(["Python", l[1]!, l[2]!, l[3]!, l[4]!]);
  } else {
    pythonNote =
      "\nThe Python rows are missing: run the Python client's tests once (`npm test`, which makes .tmp/python-venv) before `npm run bench`.\n";
  }
} finally {
  await server.stop();
  rmSync(site, { recursive: true, force: true });
  rmSync(server.persistTo, { recursive: true, force: true });
}

const doc = `# Client benchmark

Machine: ${machineLine()}. The embedded dataset served by \`wrangler pages dev\` on loopback; the baseline is a raw request (fetch and JSON parse; in Python an httpx.Client GET and \`.json()\`) to the same URL, in the same run, interleaved with the client's (${ROUNDS} rounds of ${REQUESTS} requests each side). Loopback times of a few milliseconds on a shared 2-core machine vary by more than either client adds; the in-process row below isolates the TypeScript client's own cost.

## Overhead over a raw request (median ms per request)

${table(["client", "endpoint", "raw p50", "client p50", "client / raw", "raw p95", "client p95"], rows)}

## The TypeScript client's own cost (GET a skill's detail over a fetch that answers at once, 20,000 calls)

${table(["raw fetch + JSON (ms)", "client (ms)", "client / raw", "added (µs)"], [stubRow])}

## Walking every page of the embedded dataset (median of 3 walks)

${table(["client", "limit", "skills", "requests", "ms"], walkRows)}
${pythonNote}`;
mkdirSync(join(PROJECT_ROOT, "bench", "results"), { recursive: true });
writeFileSync(join(PROJECT_ROOT, "bench", "results", "clients.md"), doc);
log("wrote bench/results/clients.md");
console.log(doc);
