// One build in its own process, so the benchmark can read its peak memory: prints a JSON report.
// Usage: npx tsx bench/build-once.ts --data DIR --out DIR [--no-search] [--workers N] [--cache DIR] [--run-skills N]
// With --cache, the build is incremental over the cache an earlier build left there (and leaves one).
// --run-skills sets how many skills a first-pass worker collects before it writes a run of its index
// parts (BuildOptions.runSkills): a very large one gives the old behaviour (one part per range).
// Every log line is prefixed with the seconds since the start and the peak RSS and main-thread heap
// since the line before (MB), so the report's `memory` says where the peak is.
import { parseArgs } from "node:util";
import { asBuildProcess } from "../src/node/cli.js";
import { memorySampler } from "./support/memory-sampler.js";

const { values } = parseArgs({
  options: {
    data: { type: "string" },
    out: { type: "string" },
    search: { type: "boolean", default: true },
    workers: { type: "string" },
    cache: { type: "string" },
    "run-skills": { type: "string" },
  },
  // `--no-search` turns the search index off.
  allowNegative: true,
});
// As `npm run build` runs it: with few malloc arenas (the peak RSS measured is the one users get).
await asBuildProcess();
// Loaded after it: the process that waits for the one that builds keeps no build modules.
const { build } = await import("../src/build/build.js");
const sampler = memorySampler();
const report = await build({
  dataDir: values.data!,
  outDir: values.out!,
  publicDir: "public",
  search: values.search,
  // The page's Vite build is a constant second whatever the dataset: the figures stay the data's.
  page: false,
  workers: values.workers === undefined ? undefined : Number(values.workers),
  cache: values.cache === undefined ? undefined : { dir: values.cache },
  runSkills: values["run-skills"] === undefined ? undefined : Number(values["run-skills"]),
  log: (line) => {
    const span = sampler.mark(line.trim());
    process.stderr.write(`    [${span.at} s, rss ${span.peakRssMb}, heap ${span.peakHeapMb}] ${line}\n`);
  },
});
sampler.mark("end");
sampler.stop();
const { changedPaths, ...output } = report.output;
const terms = report.search?.stats.terms ?? 0;
console.log(
  JSON.stringify({
    millis: report.millis,
    searchMillis: report.searchMillis,
    terms,
    maxRssKb: process.resourceUsage().maxRSS,
    // Worker threads' CPU time included: the build's wall time shows the load, its CPU time much less.
    cpuMillis: Math.round((process.cpuUsage().user + process.cpuUsage().system) / 1000),
    phases: report.phases,
    output,
    changed: changedPaths.length,
    verdicts: report.verdicts,
    incremental: report.incremental ?? null,
    // The spans with the highest peaks (the full list is on stderr, one per log line).
    memory: [...sampler.spans].sort((a, b) => b.peakRssMb - a.peakRssMb).slice(0, 8),
  }),
);
