// The build: incremental rewrites, bad lines skipped and reported (and
// a broken file refused with every problem listed), and the file layout staying within its shard budget.
// Byte-for-byte determinism of the whole build (two full builds): determinism.pipeline.test.ts.

import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuildReport, build } from "../../src/build/build.js";
import { skillKey } from "../../src/contract/key.js";
import { DetailEntry } from "../../src/contract/manifest.js";
import { shardFile } from "../../src/contract/paths.js";
import { shardOf } from "../../src/contract/shard.js";
import { SlottedReader } from "../../src/contract/slotted.js";
import { DatasetError, readDataset, writeSkills } from "../../src/dataset/files.js";
import { writeBuildDataset } from "../support/build-dataset.js";

const made: string[] = [];
const temp = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `skills-build-${name}-`));
  made.push(dir);
  return dir;
};
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((p) => statSync(join(dir, p)).isFile())
    .map((p) => relative(dir, join(dir, p)))
    .sort();
}

let dataDir: string;
/** One fresh build of the dataset, which the tests that only read a build share, and the others copy. */
let base: { out: string; report: BuildReport };
beforeAll(async () => {
  dataDir = temp("data");
  await writeBuildDataset(dataDir);
  const out = temp("base");
  base = { out, report: await build({ dataDir, outDir: out, search: false, page: false }) };
});
/** A copy of the shared build's folder, for a test that builds into it again. */
const copyOfBase = (name: string) => {
  const out = temp(name);
  cpSync(base.out, out, { recursive: true });
  return out;
};

describe("build", () => {
  it("rewrites only the files that hold a changed skill", async () => {
    const out = copyOfBase("inc");
    const first = base.report;
    expect(first.output.written).toBe(first.output.files);
    const again = await build({ dataDir, outDir: out, search: false, page: false });
    expect(again.output.written).toBe(0);
    expect(again.manifest.contentId).toBe(first.manifest.contentId);

    const dataset = await readDataset(dataDir);
    const changed = dataset.records[123]!;
    changed.description = "A changed description for the incremental build test.";
    changed.stars += 1;
    const copy = temp("data2");
    for (const f of ["categories.json", "platforms.json", "meta.json"]) await writeFile(join(copy, f), await readFile(join(dataDir, f)));
    await writeSkills(copy, dataset.records);
    const third = await build({ dataDir: copy, outDir: out, search: false, page: false });
    const key = skillKey(changed.owner, changed.repo);
    // The build's identity changes with the bytes, so the function's answer cache forgets the old answers.
    expect(third.manifest.contentId).not.toBe(first.manifest.contentId);
    expect(third.output.changedPaths).toContain("_data/manifest.json");
    expect(third.output.changedPaths).toContain(`_data/${shardFile("skills", shardOf(key, third.manifest.shards.skills))}`);
    expect(third.output.changedPaths).toContain(`_data/${shardFile("summaries", shardOf(key, third.manifest.shards.summaries))}`);
    // Its detail and summary shards, the list index (columns + 6 orders), maybe category top lists, the manifest,
    // and per category of the skill its lists and the head files holding its summary (at most one each of 6 orders).
    const categoryFiles = third.output.changedPaths.filter((p) => p.startsWith("_data/lists/category/"));
    expect(categoryFiles.every((p) => changed.categories.some((c) => p.startsWith(`_data/lists/category/${c}/`)))).toBe(true);
    expect(categoryFiles.length).toBeLessThanOrEqual(changed.categories.length * 6 * 2);
    // Per platform of the skill, the head files holding its summary (a page of the commonest filter).
    const platformFiles = third.output.changedPaths.filter((p) => p.startsWith("_data/lists/platform/"));
    expect(platformFiles.every((p) => changed.platforms.some((id) => p.startsWith(`_data/lists/platform/${id}/head/`)))).toBe(true);
    expect(platformFiles.length).toBeLessThanOrEqual(changed.platforms.length * 6 * 2);
    expect(third.output.written - categoryFiles.length - platformFiles.length).toBeLessThanOrEqual(8 + 2 + 8 + 1);
    expect(third.output.files).toBe(first.output.files);
  });

  it("removes files a new build no longer produces", async () => {
    const out = copyOfBase("stale");
    await mkdir(join(out, "_data", "skills"), { recursive: true });
    await writeFile(join(out, "_data", "skills", "9999.json"), "{}");
    const report = await build({ dataDir, outDir: out, search: false, page: false });
    expect(report.output.removed).toBe(1);
    expect(listFiles(out)).not.toContain("_data/skills/9999.json");
    expect(listFiles(out)).toEqual(listFiles(base.out));
  });

  it("skips a bad line and reports it (line, repository, why), never rewriting the dataset", async () => {
    const bad = temp("bad");
    for (const f of ["categories.json", "platforms.json", "meta.json"]) await writeFile(join(bad, f), await readFile(join(dataDir, f)));
    const lines = (await readFile(join(dataDir, "skills.jsonl"), "utf8")).split("\n");
    const hostile = JSON.parse(lines[2]!);
    lines[1] = "{not json";
    lines[2] = lines[2]!.replace(/"stars":\d+/, '"stars":-5');
    const text = lines.join("\n");
    await writeFile(join(bad, "skills.jsonl"), text);
    const logged: string[] = [];
    const out = temp("skipped");
    const report = await build({ dataDir: bad, outDir: out, search: false, page: false, log: (l) => logged.push(l) });
    // Every line but the two broken ones (the file ends with a newline: its last piece is empty).
    const kept = lines.filter((l) => l !== "").length - 2;
    expect(report.skills).toBe(kept);
    expect(report.manifest.counts.skills).toBe(kept);
    expect(report.skipped.map((p) => [p.line, p.repository])).toEqual([
      [2, undefined],
      [3, `${hostile.owner}/${hostile.repo}`],
    ]);
    expect(report.skipped[0]!.message).toContain("not JSON");
    expect(report.skipped[1]!.message).toContain("stars");
    expect(logged.filter((l) => l.includes("skipped ")).length).toBe(2);
    expect(logged.some((l) => l.includes(`skills.jsonl:3 (${hostile.owner}/${hostile.repo}): stars`))).toBe(true);
    expect(await readFile(join(bad, "skills.jsonl"), "utf8")).toBe(text);
    // The skipped skill is not served; its neighbours are.
    const shard = new SlottedReader(
      readFileSync(join(out, "_data", shardFile("skills", shardOf(skillKey(hostile.owner, hostile.repo), report.manifest.shards.skills)))),
    );
    expect(shard.get(skillKey(hostile.owner, hostile.repo))).toBeUndefined();
  });

  it("stops, listing every bad line, when none is valid or more than a tenth are bad", async () => {
    const bad = temp("broken");
    for (const f of ["categories.json", "platforms.json", "meta.json"]) await writeFile(join(bad, f), await readFile(join(dataDir, f)));
    const lines = (await readFile(join(dataDir, "skills.jsonl"), "utf8")).split("\n").filter((l) => l !== "");
    // 41 of 400: just over MAX_BAD_LINE_SHARE.
    await writeFile(join(bad, "skills.jsonl"), lines.map((l, i) => (i % 9 === 0 && i < 41 * 9 ? l.slice(0, 40) : l)).join("\n"));
    const tooMany = await build({ dataDir: bad, outDir: temp("never"), search: false, page: false }).catch((e: unknown) => e);
    expect(tooMany).toBeInstanceOf(DatasetError);
    expect((tooMany as DatasetError).problems).toHaveLength(41);
    expect((tooMany as DatasetError).message).toMatch(/looks broken: 41 of its 400 records are bad, more than 10%/);

    await writeFile(join(bad, "skills.jsonl"), "{}\n[1]\n");
    const none = await build({ dataDir: bad, outDir: temp("never"), search: false, page: false }).catch((e: unknown) => e);
    expect(none).toBeInstanceOf(DatasetError);
    expect((none as DatasetError).problems.map((p) => p.line)).toEqual([1, 2]);
    expect((none as DatasetError).message).toMatch(/holds no valid record/);
  });

  it("keeps shards within their budget and reports the largest file", async () => {
    const { out, report } = base;
    expect(report.output.largest.bytes).toBeLessThan(25 * 1024 * 1024);
    expect(report.manifest.counts).toMatchObject({ skills: 400, aliases: 1 });
    expect(report.droppedAliases).toHaveLength(2);
    expect(listFiles(out).filter((f) => f.startsWith("_data/summaries/"))).toHaveLength(report.manifest.shards.summaries);
  });
});

describe("old names", () => {
  it("never shadow a live repository: the live record keeps its name", async () => {
    const { out, report } = base;
    const dataset = await readDataset(dataDir);
    const live = dataset.records.find(
      (r) => r.aliases.length === 0 && report.droppedAliases.some((d) => d.toLowerCase().startsWith(`${r.owner}/${r.repo}`.toLowerCase())),
    );
    expect(live).toBeDefined();
    const key = skillKey(live!.owner, live!.repo);
    const shard = new SlottedReader(readFileSync(join(out, "_data", shardFile("skills", shardOf(key, report.manifest.shards.skills)))));
    const entry = DetailEntry.parse(shard.get(key));
    expect("detail" in entry && entry.detail.id).toBe(live!.id);
  });
});
