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
import { readDataset } from "../src/dataset/files.js";
import { ANSWERS_NOTE, answersSection, requestKinds, timeQueries, timeServed } from "./support/answers.js";
import { folderBySize } from "./support/folders.js";
import { machineLine, mb, table } from "./support/machine.js";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "1000,10000,100000" },
    work: { type: "string", default: ".tmp/bench" },
    // A rebuild doubles the run; above this size (the 1M run) it is left out unless asked for.
    "rebuild-max": { type: "string", default: "100000" },
    // Without the answer times (minutes at 100k), the build and rebuild figures go to their own file.
    "no-answers": { type: "boolean", default: false },
    out: { type: "string" },
    // Existing datasets to reuse instead of synthesising (a 1M one takes half an hour): "1000000=DIR,...".
    // They are only read; the 1% changed copy goes into the work folder.
    datasets: { type: "string", default: "" },
  },
});
const existing = folderBySize(values.datasets);
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

const summary: (string | number)[][] = [];
/** Per size: the full build's phases (wall seconds), from the build's own report. */
const phaseRows: (string | number)[][] = [];
/** Per size: the incremental 1% rebuild against the full build of the same run. */
const rebuildRows: (string | number)[][] = [];
let rebuildPhaseNames: string[] = [];
let phaseNames: string[] = [];
const queryTables: string[] = [];
for (const n of sizes) {
  const dataDir = existing.get(n) ?? join(values.work, `synth-${n}`);
  const outDir = join(values.work, `site-${n}`);
  if (!existsSync(join(dataDir, "skills.jsonl"))) {
    log(`[${n}] synthesising dataset`);
    run(["scripts/synth.ts", "--skills", String(n), "--out", dataDir]);
  }
  log(`[${n}] baseline: read and validate the dataset`);
  const t0 = performance.now();
  // Streamed, texts dropped as read: the baseline a streaming build is compared with, at any size.
  const dataset = await readDataset(dataDir, { texts: false });
  const readMs = performance.now() - t0;
  if (dataset.records.length !== n) log(`[${n}] note: ${dataDir} holds ${dataset.records.length} skills`);
  const contentBytes = dataset.records.reduce((s, r) => s + r.files.reduce((m, f) => m + f.size, 0), 0);
  const naiveFiles = dataset.records.length * 3 + dataset.categories.categories.length * (1 + Math.ceil(dataset.records.length / 20));
  const kinds = requestKinds(dataset);
  const popular = requestKinds(dataset, "popular");

  log(`[${n}] full build`);
  rmSync(outDir, { recursive: true, force: true });
  // The full build leaves the build cache beside the site, as `npm run build` does; the rebuild uses it.
  const cacheDir = `${outDir}.cache`;
  rmSync(cacheDir, { recursive: true, force: true });
  const first = JSON.parse(run(["bench/build-once.ts", "--data", dataDir, "--out", outDir, "--cache", cacheDir]));
  let rebuilt = "not run at this size";
  if (n <= Number(values["rebuild-max"])) {
    log(`[${n}] rebuild with 1% of the skills changed`);
    const changedDir = join(values.work, `synth-${n}-changed`);
    const changed = await changeEvery(dataDir, changedDir, 100);
    const second = JSON.parse(run(["bench/build-once.ts", "--data", changedDir, "--out", outDir, "--cache", cacheDir]));
    const ratio = `${((second.millis / first.millis) * 100).toFixed(0)} %`;
    rebuilt = `${changed}: ${(second.millis / 1000).toFixed(1)} s = ${ratio} of full, ${second.changed} files`;
    rebuildPhaseNames = Object.keys(second.phases);
    rebuildRows.push([
      n.toLocaleString("en"),
      changed,
      second.incremental?.used ? `yes, ${second.incremental.fresh} rendered afresh` : `no: ${second.incremental?.reason}`,
      (first.millis / 1000).toFixed(1),
      (second.millis / 1000).toFixed(1),
      ratio,
      `${((second.cpuMillis / first.cpuMillis) * 100).toFixed(0)} %`,
      (second.maxRssKb / 1024).toFixed(0),
      `${second.changed} of ${second.output.files}`,
      second.incremental?.keptShards ?? 0,
      ...rebuildPhaseNames.map((p) => (second.phases[p] / 1000).toFixed(1)),
    ]);
  }
  if (!values["no-answers"]) {
    log(`[${n}] answer times in-process (over the rebuilt site)`);
    const q = await timeQueries(outDir, kinds, popular);
    log(`[${n}] answer times through wrangler pages dev`);
    const served = await timeServed(outDir, kinds);
    queryTables.push(answersSection(n, q, served));
  }
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
    rebuilt,
  ]);
  phaseNames = Object.keys(first.phases);
  phaseRows.push([
    n.toLocaleString("en"),
    ...phaseNames.map((p) => (first.phases[p] / 1000).toFixed(1)),
    (first.millis / 1000).toFixed(1),
    (first.cpuMillis / 1000).toFixed(1),
  ]);
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
  "## The full build by phase",
  "",
  "Wall seconds per phase (src/build/build.ts reports them; the first pass runs in worker threads, the default count: the cores, at most 4), then the whole build's wall and CPU seconds (worker threads included; on a shared machine the CPU time varies less).",
  "",
  table(["skills", ...phaseNames.map((p) => `${p} (s)`), "wall (s)", "CPU (s)"], phaseRows),
  "",
  "## The 1% rebuild, incremental",
  "",
  "The full build above leaves the build cache beside the site (src/build/cache/); the rebuild reads a copy of the dataset with every 100th skill's description and stars changed and builds over the same site and cache. Wall and CPU are against the full build of the same run; then the rebuild's phases in wall seconds.",
  "",
  table(
    [
      "skills",
      "changed",
      "incremental",
      "full (s)",
      "rebuild (s)",
      "wall ratio",
      "CPU ratio",
      "peak RSS (MB)",
      "files rewritten",
      "shards kept",
      ...rebuildPhaseNames.map((p) => `${p} (s)`),
    ],
    rebuildRows,
  ),
  "",
  ...(queryTables.length > 0 ? ["## The function's answer times", "", ANSWERS_NOTE, "", ...queryTables.flatMap((t) => [t, ""])] : []),
].join("\n");
mkdirSync("bench/results", { recursive: true });
await writeFile(values.out ?? "bench/results/build.md", `${report}\n`);
console.log(report);
