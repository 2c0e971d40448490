// The second pass over spill files: whatever the number of spill groups and parts, and whether the
// groups outnumber the detail shards or not, every entry lands in its shard (fnv1a(key) mod the
// shard count) and the shards are the bytes one group and one part give.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderSkillEntries } from "../../src/build/site-files.js";
import { runShardJob, SpillWriter } from "../../src/build/spill.js";
import { skillKey } from "../../src/contract/key.js";
import { shardOf } from "../../src/contract/shard.js";
import { SlottedReader } from "../../src/contract/slotted.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { CategoriesFile, PlatformsFile, type SkillRecord } from "../../src/schemas/dataset.js";
import { synthesize } from "../../src/synth/generate.js";

const root = mkdtempSync(join(tmpdir(), "skills-spill-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let records: SkillRecord[];
beforeAll(async () => {
  const categories = CategoriesFile.parse(JSON.parse(await readFile(join(PROJECT_ROOT, "data", "categories.json"), "utf8")));
  const platforms = PlatformsFile.parse(JSON.parse(await readFile(join(PROJECT_ROOT, "data", "platforms.json"), "utf8")));
  records = [...synthesize({ skills: 90, seed: 9, categories, platforms })];
});

/** Spills the records over `parts` writers and `groups` groups, assembles `skillShards` shards; path -> bytes. */
async function assemble(parts: number, groups: number, skillShards: number): Promise<Map<string, Buffer>> {
  const name = `p${parts}-g${groups}-s${skillShards}`;
  const spillDir = join(root, name, "spill");
  const out = join(root, name, "out");
  mkdirSync(spillDir, { recursive: true });
  const per = Math.ceil(records.length / parts);
  for (let p = 0; p < parts; p++) {
    const writer = new SpillWriter(spillDir, p, groups);
    for (const r of records.slice(p * per, (p + 1) * per)) {
      const entries = renderSkillEntries(r, {});
      const key = skillKey(r.owner, r.repo);
      writer.add("d", key, entries.detail);
      if (entries.files !== null) writer.add("f", key, entries.files);
    }
    writer.close();
  }
  const alias = "gone/old-name";
  const written = await runShardJob({
    spill: { dir: spillDir, parts, groups },
    skillShards,
    aliasEntries: [[shardOf(alias, skillShards), [[alias, JSON.stringify({ alias: "x/y" })]]]],
    root: out,
    prefix: "_data",
  });
  expect(written.every(([, , changed]) => changed)).toBe(true);
  return new Map(written.map(([path]) => [path, readFileSync(join(out, path))]));
}

describe("the spilled shards", () => {
  for (const skillShards of [1, 2, 32]) {
    it(`are the same bytes for 1 or 8 groups and 1 or 3 parts with ${skillShards} detail shards`, async () => {
      const base = await assemble(1, 1, skillShards);
      let details = 0;
      for (const [path, bytes] of base) {
        const n = Number(path.match(/(\d+)\.bin$/)![1]);
        const reader = new SlottedReader(bytes);
        for (let i = 0; i < reader.size; i++) expect(shardOf(reader.key(i), skillShards), path).toBe(n);
        if (path.startsWith("_data/skills/")) details += reader.size;
      }
      expect(details).toBe(records.length + 1);
      for (const [parts, groups] of [
        [3, 8],
        [1, 8],
        [3, 1],
      ] as const) {
        const other = await assemble(parts, groups, skillShards);
        expect([...other.keys()].sort()).toEqual([...base.keys()].sort());
        for (const [path, bytes] of base) expect(other.get(path)!.equals(bytes), path).toBe(true);
      }
    });
  }

  it("leave no file behind but the shards", () => {
    expect(readdirSync(join(root, "p1-g1-s2", "out", "_data")).sort()).toEqual(["files", "skills"]);
  });
});
