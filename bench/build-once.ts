// One build in its own process, so the benchmark can read its peak memory: prints a JSON report.
// Usage: npx tsx bench/build-once.ts --data DIR --out DIR [--no-search] [--workers N] [--cache DIR]
// With --cache, the build is incremental over the cache an earlier build left there (and leaves one).
import { parseArgs } from "node:util";
import { build } from "../src/build/build.js";

const { values } = parseArgs({
  options: {
    data: { type: "string" },
    out: { type: "string" },
    search: { type: "boolean", default: true },
    workers: { type: "string" },
    cache: { type: "string" },
  },
});
const report = await build({
  dataDir: values.data!,
  outDir: values.out!,
  publicDir: "public",
  search: values.search,
  // The page's Vite build is a constant second whatever the dataset: the figures stay the data's.
  page: false,
  workers: values.workers === undefined ? undefined : Number(values.workers),
  cache: values.cache === undefined ? undefined : { dir: values.cache },
  log: (line) => process.stderr.write(`    ${line}\n`),
});
const { changedPaths, ...output } = report.output;
const terms = report.manifest.search?.stats.terms ?? 0;
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
  }),
);
