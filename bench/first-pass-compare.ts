// The first pass's CPU in two source trees, compared in one process: each tree's `runPass`
// (src/build/stream-pass.ts) over the same first lines of skills.jsonl, one thread, the trees
// alternated round by round (the order flipped each round), so both see the same load. On a shared
// machine a whole build's CPU moves by 10-25% between runs of one tree; alternating in one process
// is what shows a cut of a few percent. The first round of each tree (compiling, warming up) is left
// out of the means.
// Usage: npx tsx bench/first-pass-compare.ts --before DIR --after DIR --data DIR [--bytes 40000000] [--rounds 8]
// (DIR: a checkout of the project, e.g. `git worktree add` or `git archive | tar -x` of a commit,
// with node_modules reachable from it.)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { machineLine } from "./support/machine.js";

const { values } = parseArgs({
  options: {
    before: { type: "string" },
    after: { type: "string" },
    data: { type: "string" },
    bytes: { type: "string", default: "40000000" },
    rounds: { type: "string", default: "8" },
  },
});
if (!values.before || !values.after || !values.data) throw new Error("usage: --before DIR --after DIR --data DIR [--bytes N] [--rounds N]");
const trees = [resolve(values.before), resolve(values.after)];
const rounds = Math.max(2, Number(values.rounds));
const file = join(resolve(values.data), "skills.jsonl");

type RunPass = typeof import("../src/build/stream-pass.js").runPass;
const passes: RunPass[] = [];
for (const tree of trees) passes.push((await import(pathToFileURL(join(tree, "src/build/stream-pass.ts")).href)).runPass);
const { lineRanges } = await import("../src/dataset/stream.js");
const { stat } = await import("node:fs/promises");
const { size } = await stat(file);
const [range] = await lineRanges(file, Math.max(1, Math.round(size / Number(values.bytes))));

const cpu: number[][] = [[], []];
let skills = 0;
for (let round = 0; round < rounds; round++) {
  for (const k of round % 2 === 0 ? [0, 1] : [1, 0]) {
    const spillDir = mkdtempSync(join(tmpdir(), "first-pass-compare-"));
    const start = process.cpuUsage();
    const result = await passes[k]!(
      { file, range: range!, part: 0, spillDir, groups: 8, stats: {}, search: true, reviews: [] },
      () => {},
      () => {},
      () => {},
    );
    const used = process.cpuUsage(start);
    cpu[k]!.push((used.user + used.system) / 1000);
    skills = result.lines;
    rmSync(spillDir, { recursive: true, force: true });
    process.stderr.write(`  round ${round + 1}, ${k === 0 ? "before" : "after"}: ${cpu[k]!.at(-1)!.toFixed(0)} ms\n`);
  }
}
const mean = (xs: readonly number[]) => xs.slice(1).reduce((s, x) => s + x, 0) / (xs.length - 1);
console.log(machineLine());
console.log(`${skills} lines (${(range!.end / 1e6).toFixed(1)} MB), ${rounds} rounds, first round of each left out`);
for (const [k, name] of ["before", "after"].entries())
  console.log(`${name} ${trees[k]}: ${cpu[k]!.map((x) => x.toFixed(0)).join(" ")} ms; mean ${mean(cpu[k]!).toFixed(0)} ms`);
console.log(`after / before: ${(mean(cpu[1]!) / mean(cpu[0]!)).toFixed(3)}`);
