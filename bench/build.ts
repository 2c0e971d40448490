// Build benchmark (issue 2): synthetic datasets of 1k, 10k and 100k skills -> build time, peak
// memory, files, bytes, largest file, files rewritten when one skill changes, and the function's
// cold and warm answer times for the read endpoints. Baselines measured in the same run: reading and
// validating the dataset alone, and the file count of a naive one-file-per-response layout.
import { spawnSync } from "node:child_process";
import { once } from "node:events";
import { createReadStream, createWriteStream, existsSync, mkdirSync } from "node:fs";
import { copyFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { handleRequest, type Services } from "../src/api/handle.js";
import { createServices } from "../src/api/services.js";
import { readDataset } from "../src/dataset/files.js";
import { folderAssets } from "../src/node/folder-assets.js";
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

/** Copies a dataset folder, changing the description and stars of its `index`-th skill. */
async function changeOne(from: string, to: string, index: number): Promise<void> {
  mkdirSync(to, { recursive: true });
  for (const f of ["categories.json", "platforms.json", "meta.json"]) await copyFile(join(from, f), join(to, f));
  const out = createWriteStream(join(to, "skills.jsonl"));
  let i = 0;
  for await (const line of createInterface({ input: createReadStream(join(from, "skills.jsonl")) })) {
    let text = line;
    if (i++ === index) {
      const record = JSON.parse(line);
      record.description = `${record.description} (changed)`;
      record.stars += 1;
      text = JSON.stringify(record);
    }
    if (!out.write(`${text}\n`)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
}

async function timeQueries(siteDir: string, dataDir: string) {
  const dataset = await readDataset(dataDir);
  const random = seeded(99);
  const limiter = { check: async () => ({}) };
  const pickSkill = () => dataset.records[random.int(0, dataset.records.length - 1)]!;
  const kinds: Record<string, () => string> = {
    "list (default)": () => `/skills?page=${random.int(1, 5)}`,
    "list (category, name, page 3)": () => `/skills?category=${random.pick(dataset.categories.categories).slug}&sort=name&page=3&limit=50`,
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
  const ask = async (services: Services, path: string) => {
    const t = performance.now();
    const res = await handleRequest(
      { request: new Request(`http://bench/api/v1${path}`), env: { ASSETS: folderAssets(siteDir) }, waitUntil: () => {} },
      services,
    );
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    return performance.now() - t;
  };
  const rows: { kind: string; cold: number; coldBytes: number; p50: number; p95: number }[] = [];
  for (const [kind, path] of Object.entries(kinds)) {
    const cold: number[] = [];
    let coldBytes = 0;
    for (let i = 0; i < 5; i++) {
      const services = createServices(folderAssets(siteDir), limiter);
      cold.push(await ask(services, path()));
      coldBytes += services.store.fetchedBytes / 5;
    }
    const services = createServices(folderAssets(siteDir), limiter);
    for (let i = 0; i < 20; i++) await ask(services, path());
    const warm: number[] = [];
    for (let i = 0; i < 200; i++) warm.push(await ask(services, path()));
    rows.push({ kind, cold: percentile(cold, 50), coldBytes, p50: percentile(warm, 50), p95: percentile(warm, 95) });
  }
  return rows;
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
  dataset.records.length = 0;

  log(`[${n}] full build`);
  const first = JSON.parse(run(["bench/build-once.ts", "--data", dataDir, "--out", outDir]));
  log(`[${n}] rebuild with one skill changed`);
  const changedDir = join(values.work, `synth-${n}-changed`);
  await changeOne(dataDir, changedDir, Math.floor(n / 2));
  const second = JSON.parse(run(["bench/build-once.ts", "--data", changedDir, "--out", outDir]));
  log(`[${n}] query times (over the rebuilt site)`);
  const q = await timeQueries(outDir, changedDir);
  summary.push([
    n.toLocaleString("en"),
    mb(contentBytes),
    (readMs / 1000).toFixed(1),
    (first.millis / 1000).toFixed(1),
    (first.millis / readMs).toFixed(1),
    (first.maxRssKb / 1024).toFixed(0),
    first.output.files,
    naiveFiles.toLocaleString("en"),
    mb(first.output.bytes),
    `${mb(first.output.largest.bytes)} (${first.output.largest.path})`,
    second.changed,
  ]);
  queryTables.push(
    `### ${n.toLocaleString("en")} skills\n\n` +
      table(
        ["endpoint", "cold (ms)", "cold bytes loaded", "warm p50 (ms)", "warm p95 (ms)"],
        q.map((r) => [r.kind, r.cold.toFixed(2), `${mb(r.coldBytes)} MB`, r.p50.toFixed(3), r.p95.toFixed(3)]),
      ),
  );
}

const report = [
  "# Build benchmark",
  "",
  `Machine: ${machineLine()}. Synthetic datasets from \`npm run synth\` (seed 1); the build includes the search index.`,
  "Baselines measured in the same run: reading and validating the dataset alone (the build's time is shown as a multiple of it), and the file count a naive one-file-per-response layout would need (3 files a skill plus 20-item pages per category).",
  "",
  table(
    [
      "skills",
      "SKILL.md MB",
      "read (s)",
      "build (s)",
      "build / read",
      "peak RSS (MB)",
      "files",
      "naive files",
      "total MB",
      "largest file MB",
      "files rewritten when one skill changes",
    ],
    summary,
  ),
  "",
  "Cloudflare Pages limits: 20,000 files per deployment, 25 MiB per file.",
  "",
  "## The function's answer times (in-process, file-backed ASSETS, no rate limiter)",
  "",
  "Cold: a fresh isolate store (nothing cached), median of 5. Warm: after 20 requests, 200 random requests of the kind.",
  "",
  ...queryTables.flatMap((t) => [t, ""]),
].join("\n");
mkdirSync("bench/results", { recursive: true });
await writeFile("bench/results/build.md", `${report}\n`);
console.log(report);
