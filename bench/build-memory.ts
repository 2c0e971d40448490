// What the build's first pass leaves in the main thread's heap, part by part: the first pass runs
// over a dataset (in its worker threads, as in a build), then each part of its result is let go in
// turn, with a full collection before and after, and the heap it held is printed per skill. The
// search postings and meaning corpus, which worker threads leave on disk (passes.ts), are read back
// first, so every part is measured; per skill they say what 1M skills need. Also measured: the slim
// records held as JSON strings instead of objects.
// Usage: node --expose-gc --import tsx bench/build-memory.ts --data DIR [--workers N]
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type FirstPass, firstPass, loadMeaning, loadPostings, workersFor } from "../src/build/passes.js";
import { spillGroupsFor } from "../src/build/spill.js";
import { readTrustReviews } from "../src/build/trust-reviews.js";
import { DATASET_FILES } from "../src/dataset/files.js";
import { table } from "./support/machine.js";

const { values } = parseArgs({ options: { data: { type: "string" }, workers: { type: "string" } } });
if (!values.data) throw new Error("usage: build-memory --data DIR [--workers N]");
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");
const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
};

const file = join(values.data, DATASET_FILES.skills);
const { size } = await stat(file);
const spillDir = await mkdtemp(join(tmpdir(), "build-memory-"));
const before = heap();
let pass: Partial<FirstPass> | undefined;
try {
  pass = await firstPass({
    file,
    workers: values.workers ? Number(values.workers) : workersFor(size),
    spillDir,
    groups: spillGroupsFor(size),
    stats: {},
    search: true,
    reviews: (await readTrustReviews(values.data)).reviews,
    progress: () => {},
  });
  pass.meaning = await loadMeaning(pass as FirstPass);
  pass.postings = await loadPostings(pass as FirstPass);
} finally {
  await rm(spillDir, { recursive: true, force: true });
}
const skills = pass.records!.length;
const all = heap() - before;
const rows: (string | number)[][] = [];
const perSkill = (bytes: number) => Math.round(bytes / skills);
const at1m = (bytes: number) => (((bytes / skills) * 1e6) / 2 ** 30).toFixed(2);
const drop = (name: string, part: keyof FirstPass) => {
  const was = heap();
  delete pass![part];
  const freed = was - heap();
  rows.push([name, (freed / 2 ** 20).toFixed(1), perSkill(freed), at1m(freed)]);
};
// The same records as JSON strings: what a compact form of the records would hold at most.
const strings = pass.records!.map((r) => JSON.stringify(r));
const asStrings = heap() - before - all;
drop("line marks (hash, text keys)", "lineMarks");
drop("trust marks", "marks");
drop("summaries (JSON strings)", "summaries");
drop("slim records (objects)", "records");
rows.push(["slim records as JSON strings", (asStrings / 2 ** 20).toFixed(1), perSkill(asStrings), at1m(asStrings)]);
strings.length = 0;
drop("meaning corpus (postings over SKILL.md files)", "meaning");
const keys = pass.postings?.keys.length ?? 0;
drop(`search postings (${keys} keys)`, "postings");
rows.push(["all of the first pass's output", (all / 2 ** 20).toFixed(1), perSkill(all), at1m(all)]);
console.log(`${skills} skills\n`);
console.log(table(["part", "MiB", "bytes a skill", "GiB at 1M (linear)"], rows));
