// One build in its own process, so the benchmark can read its peak memory: prints a JSON report.
import { parseArgs } from "node:util";
import { build } from "../src/render/build.js";

const { values } = parseArgs({
  options: { data: { type: "string" }, out: { type: "string" }, search: { type: "boolean", default: true } },
});
const report = await build({
  dataDir: values.data!,
  outDir: values.out!,
  publicDir: "public",
  search: values.search,
  // The page's Vite build is a constant second whatever the dataset: the figures stay the data's.
  page: false,
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
    output,
    changed: changedPaths.length,
  }),
);
