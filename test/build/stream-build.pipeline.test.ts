// The streaming build: the same dataset builds the same bytes and counts the same files whatever the
// worker count and the size of the workers' runs of index parts, whether or not skills.jsonl is in key order; a bad line in any worker's range is
// skipped and reported with its line in the file; nothing is left of the spill files.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/build/build.js";
import { DatasetError, writeJsonFile, writeSkills } from "../../src/dataset/files.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { CategoriesFile, PlatformsFile } from "../../src/schemas/dataset.js";
import { synthesize } from "../../src/synth/generate.js";
import { expectSameTree } from "../support/same-tree.js";

const root = mkdtempSync(join(tmpdir(), "skills-stream-build-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const dataDir = join(root, "data");

/** A dataset folder with the test dataset's files but skills.jsonl, which the test writes. */
async function copySmallFiles(name: string): Promise<string> {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  for (const f of ["categories.json", "platforms.json", "meta.json"]) await writeFile(join(dir, f), await readFile(join(dataDir, f)));
  return dir;
}
let lines: string[];
beforeAll(async () => {
  const categories = CategoriesFile.parse(JSON.parse(await readFile(join(PROJECT_ROOT, "data", "categories.json"), "utf8")));
  const platforms = PlatformsFile.parse(JSON.parse(await readFile(join(PROJECT_ROOT, "data", "platforms.json"), "utf8")));
  await writeJsonFile(join(dataDir, "categories.json"), categories);
  await writeJsonFile(join(dataDir, "platforms.json"), platforms);
  await writeJsonFile(join(dataDir, "meta.json"), { generatedAt: "2026-11-20T06:00:00Z" });
  const records = [...synthesize({ skills: 160, seed: 5, categories, platforms })];
  records[11]!.aliases = ["old-owner/old-name"];
  records[140]!.aliases = [`${records[3]!.owner}/${records[3]!.repo}`, "OLD-OWNER/old-name"];
  await writeSkills(dataDir, records);
  lines = (await readFile(join(dataDir, "skills.jsonl"), "utf8")).split("\n");
});

describe("the streaming build", () => {
  it("writes the same bytes with 1, 2 and 3 workers, the search index included", async () => {
    const one = join(root, "site-1");
    const report = await build({ dataDir, outDir: one, page: false, workers: 1 });
    expect(report.skills).toBe(160);
    expect(report.manifest.counts.aliases).toBe(1);
    expect(report.droppedAliases).toHaveLength(2);
    expect(report.search?.docCount).toBe(160);
    // Each multi-worker build costs seconds of worker start-up, so each adds a case: two even ranges
    // with the default runs of index parts; three uneven ranges written in runs of a few skills (13,
    // so a range ends inside a run); and runs of one skill, where every range ends on a run's boundary
    // and its last run is empty. The last case takes the way of a big directory: the meaning model
    // alone before the index, and the typo shards in a worker thread.
    for (const [workers, runSkills, meaningBesideBytes] of [
      [2, undefined, undefined],
      [3, 13, undefined],
      [2, 1, undefined],
      [2, undefined, 0],
    ] as const) {
      const out = join(root, `site-${workers}-runs-${runSkills ?? "default"}-beside-${meaningBesideBytes ?? "default"}`);
      const logged: string[] = [];
      const other = await build({ dataDir, outDir: out, page: false, workers, runSkills, meaningBesideBytes, log: (l) => logged.push(l) });
      const where = meaningBesideBytes === 0 ? "over the bound: first, alone" : "beside the index, once the postings are merged";
      expect(logged.find((l) => l.startsWith("the meaning model's and the postings' parts"))).toContain(where);
      // Alone, the model relates half of its words in a worker thread, over lists shared with it.
      expect(logged.includes("  meaning: half of the words related in a worker thread")).toBe(meaningBesideBytes === 0);
      expect(other.droppedAliases).toEqual(report.droppedAliases);
      expectSameTree(one, out);
      // Shards written by the shard worker are counted as if written by the build's own thread.
      const { largest: _a, ...counts } = other.output;
      const { largest: _b, ...expected } = report.output;
      expect(counts).toEqual(expected);
    }
    const again = await build({ dataDir, outDir: join(root, "site-2-runs-default-beside-default"), page: false, workers: 2 });
    expect(again.output.written).toBe(0);
    expect(again.output.unchanged).toBe(report.output.files);
    // The spill folders beside the output are gone.
    expect(readdirSync(root).filter((name) => name.startsWith(".build-spill-"))).toEqual([]);
  });

  it("skips a second record of one name like a bad line, in one range, across ranges or unsorted, and builds the rest", async () => {
    const body = lines.filter((l) => l !== "");
    const twin = (line: string) => JSON.stringify({ ...JSON.parse(line), description: "A second record under the same name." });
    // Second records right after their first (some fall on a range boundary with 2 or 3 workers), one
    // spelled in other case, and a file out of key order with a second record far from its first.
    const at = new Set([10, 53, 79, 80, 106, 150]);
    const doubled = body.flatMap((l, i) => (at.has(i) ? [l, twin(l)] : [l]));
    const upper = JSON.parse(body[120]!);
    doubled.splice(doubled.indexOf(body[120]!) + 1, 0, JSON.stringify({ ...upper, owner: upper.owner.toUpperCase() }));
    const names = [...at, 120]
      .sort((a, b) => a - b)
      .map((i) => JSON.parse(body[i]!))
      .map((r) => `${r.owner}/${r.repo}`.toLowerCase());
    const dups = await copySmallFiles("duplicates");
    await writeFile(join(dups, "skills.jsonl"), `${doubled.join("\n")}\n`);
    const unsorted = await copySmallFiles("duplicates-unsorted");
    await writeFile(join(unsorted, "skills.jsonl"), `${[...doubled.slice(90), ...doubled.slice(0, 90).reverse()].join("\n")}\n`);
    for (const [dir, workers] of [
      [dups, 1],
      [dups, 3],
      [unsorted, 2],
    ] as const) {
      const out = join(root, `site-dups-${workers}-${dir === dups ? "sorted" : "unsorted"}`);
      const report = await build({ dataDir: dir, outDir: out, page: false, workers });
      expect(report.skills).toBe(160);
      expect(report.skipped.map((p) => p.repository!.toLowerCase()).sort()).toEqual(names);
      for (const p of report.skipped) expect(p.message).toMatch(/came earlier in the file/);
      // The first record of each name is the one served; the unsorted file's first is its reversed half's.
      if (dir === dups) expectSameTree(join(root, "site-1"), out);
    }
  }, 240_000);

  it("sorts a skills.jsonl that is not in key order and writes the same bytes", async () => {
    const shuffled = await copySmallFiles("shuffled");
    const body = lines.filter((l) => l !== "");
    await writeFile(join(shuffled, "skills.jsonl"), `${[...body.slice(80), ...body.slice(0, 80).reverse()].join("\n")}\n`);
    const logged: string[] = [];
    await build({ dataDir: shuffled, outDir: join(root, "site-shuffled"), page: false, workers: 2, log: (l) => logged.push(l) });
    expect(logged.some((l) => l.includes("not in key order"))).toBe(true);
    expectSameTree(join(root, "site-1"), join(root, "site-shuffled"));
  });

  it("skips bad lines in every worker's range, reports them by their line in the file, and builds the same bytes for any worker count", async () => {
    const bad = await copySmallFiles("bad");
    const broken = [...lines];
    // One bad line near the start, the middle and the end, so that each of three workers' ranges
    // (and each of two) holds one: one worker and three uneven ranges are the cases.
    broken[4] = "{not json";
    broken[80] = broken[80]!.replace(/"stars":\d+/, '"stars":"many"');
    broken[150] = broken[150]!.replace(/"stars":\d+/, '"stars":-1');
    const text = broken.join("\n");
    await writeFile(join(bad, "skills.jsonl"), text);
    // The same dataset without those three lines builds the same site.
    const clean = await copySmallFiles("clean");
    await writeFile(join(clean, "skills.jsonl"), lines.filter((_, i) => i !== 4 && i !== 80 && i !== 150).join("\n"));
    await build({ dataDir: clean, outDir: join(root, "site-clean"), page: false, workers: 1 });
    for (const workers of [1, 3]) {
      const out = join(root, `site-bad-${workers}`);
      const report = await build({ dataDir: bad, outDir: out, page: false, workers });
      expect(report.skipped.map((p) => p.line)).toEqual([5, 81, 151]);
      expect(report.skipped[1]!.message).toContain("stars");
      expect(report.skipped[2]!.message).toContain("stars");
      expect(report.skills).toBe(157);
      expectSameTree(join(root, "site-clean"), out);
    }
    expect(await readFile(join(bad, "skills.jsonl"), "utf8")).toBe(text);
    expect(readdirSync(root).filter((name) => name.startsWith(".build-spill-"))).toEqual([]);
  });

  it("refuses a file with too many bad lines, listing every one, and writes nothing", async () => {
    const bad = await copySmallFiles("broken");
    await writeFile(join(bad, "skills.jsonl"), lines.map((l, i) => (i % 5 === 0 && l !== "" ? "{not json" : l)).join("\n"));
    const out = join(root, "never");
    const error = await build({ dataDir: bad, outDir: out, page: false, workers: 3 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatasetError);
    expect((error as DatasetError).problems.map((p) => p.line)).toEqual(lines.flatMap((l, i) => (i % 5 === 0 && l !== "" ? [i + 1] : [])));
    expect(() => readdirSync(out)).toThrow();
    expect(readdirSync(root).filter((name) => name.startsWith(".build-spill-"))).toEqual([]);
  });
});
