// The search index build, phase by phase: CPU and wall time of each step the build logs
// (collecting postings, inverting, term shards, nested family, prefix unions, typo keys,
// suggestions), and one digest of every index file's path and bytes, so two versions of the
// build can be compared for byte identity without writing the files. CPU time is printed beside
// wall time because the machine is shared: wall time varies with the load, CPU time much less.
// Usage: npx tsx bench/index-phases.ts --data DIR [--json]
import { createHash } from "node:crypto";
import { parseArgs } from "node:util";
import type { OutputSink } from "../src/build/output.js";
import { PostingCollector } from "../src/build/search-index/collect-postings.js";
import { collectSkill, searchSkillsOf, writeSearchIndex } from "../src/build/search-index/search-index.js";
import { readDataset } from "../src/dataset/files.js";
import { FIELDS } from "../src/schemas/fields.js";

const { values } = parseArgs({ options: { data: { type: "string" }, json: { type: "boolean", default: false } } });
if (!values.data) throw new Error("usage: index-phases --data DIR [--json]");

/** Each phase ends at the first log line matching its pattern, in this order. */
const PHASES: [string, RegExp][] = [
  ["collect", /^search: indexed (\d+)\/\1 skills/],
  ["invert", /^search: \d+ terms, \d+ phrase pairs/],
  ["term shards", /^search: \d+ term shards/],
  ["nested family", /^search: \d+ nested skills/],
  ["prefix unions", /precomputed prefixes/],
  ["typo keys", /^search: typo vocabulary/],
  ["suggestions", /^search: \d+ suggestions/],
];

const { records } = await readDataset(values.data);
const digest = createHash("sha256");
let files = 0;
let bytes = 0;
const paths: [string, Uint8Array | string][] = [];
const sink: OutputSink = {
  async write(path, data) {
    paths.push([path, data]);
    files++;
    bytes += typeof data === "string" ? Buffer.byteLength(data) : data.length;
  },
};

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const times: { phase: string; cpuMs: number; wallMs: number }[] = [];
let phase = 0;
let lastCpu = cpu();
let lastWall = performance.now();
const startCpu = lastCpu;
const startWall = lastWall;
const onLine = (line: string) => {
  if (phase < PHASES.length && PHASES[phase]![1].test(line)) {
    const c = cpu();
    const w = performance.now();
    times.push({ phase: PHASES[phase]![0], cpuMs: c - lastCpu, wallMs: w - lastWall });
    lastCpu = c;
    lastWall = w;
    phase++;
  }
};
// The build collects postings in its first pass (src/build/stream-pass.ts); here the collection runs on its own.
const collector = new PostingCollector(FIELDS.length);
for (const record of records) collectSkill(collector, record);
const postings = collector.finish();
onLine(`search: indexed ${records.length}/${records.length} skills`);
await writeSearchIndex(postings, searchSkillsOf(records), sink, onLine);
times.push({ phase: "total", cpuMs: cpu() - startCpu, wallMs: performance.now() - startWall });
for (const [path, data] of paths.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
  digest.update(`${path}\0`);
  digest.update(data);
  digest.update("\0");
}
const report = { skills: records.length, files, bytes, digest: digest.digest("hex"), maxRssKb: process.resourceUsage().maxRSS, times };
if (values.json) console.log(JSON.stringify(report));
else {
  console.log(
    `${report.skills} skills: ${files} index files, ${bytes} bytes, sha256 ${report.digest}, peak RSS ${Math.round(report.maxRssKb / 1024)} MB`,
  );
  for (const t of times)
    console.log(
      `${t.phase.padEnd(14)} ${(t.cpuMs / 1000).toFixed(2).padStart(8)} s CPU ${(t.wallMs / 1000).toFixed(2).padStart(8)} s wall`,
    );
}
