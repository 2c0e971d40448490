// The second pass over spill files: whatever the number of spill groups and parts, and whether the
// groups outnumber the detail shards or not, every entry lands in its shard (fnv1a(key) mod the
// shard count; a text file by its file key, whose path may hold a tab or a newline) and the shards
// are the bytes one group and one part give.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderSkillEntries } from "../../src/build/site-files.js";
import { readSpill, runShardJob, SpillWriter } from "../../src/build/spill.js";
import { fnv1a } from "../../src/contract/fnv.js";
import { skillKey } from "../../src/contract/key.js";
import { shardOf } from "../../src/contract/shard.js";
import { SlottedReader } from "../../src/contract/slotted.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { CategoriesFile, type FolderFile, PlatformsFile, type SkillRecord } from "../../src/schemas/dataset.js";
import { synthesize } from "../../src/synth/generate.js";

const root = mkdtempSync(join(tmpdir(), "skills-spill-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let records: SkillRecord[];
beforeAll(async () => {
  const categories = CategoriesFile.parse(JSON.parse(await readFile(join(PROJECT_ROOT, "data", "categories.json"), "utf8")));
  const platforms = PlatformsFile.parse(JSON.parse(await readFile(join(PROJECT_ROOT, "data", "platforms.json"), "utf8")));
  // Every third skill gets folder files: text ones (one path with a tab and a newline) and a binary one.
  records = [...synthesize({ skills: 90, seed: 9, categories, platforms })].map((r, i) => {
    if (i % 3 !== 0) return r;
    const dir = r.primary.includes("/") ? r.primary.slice(0, r.primary.lastIndexOf("/") + 1) : "";
    const file = (path: string, kind: "text" | "binary", content?: string): FolderFile => ({
      path: `${dir}${path}`,
      skill: r.primary,
      kind,
      size: content?.length ?? 10,
      sha: "a".repeat(40),
      sha256: "b".repeat(64),
      ...(content === undefined ? {} : { content }),
    });
    return {
      ...r,
      folderFiles: [file("logo.png", "binary"), file("scripts/run\there\n.sh", "text", `echo ${i}\n`), file("z.md", "text", `# ${i}`)],
    };
  });
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
      const entries = renderSkillEntries(r, {}, { verdict: "clean", findings: [], rules: "test" });
      const key = skillKey(r.owner, r.repo);
      writer.add("d", key, entries.detail);
      writer.add("f", key, entries.files);
      for (const [fileKey, json] of entries.texts) writer.add("t", fileKey, json);
    }
    writer.close();
  }
  const alias = "gone/old-name";
  const written = await runShardJob({
    spill: { dir: spillDir, parts, groups },
    skillShards,
    textShards: skillShards * 2,
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
      const texts: string[] = [];
      for (const [path, bytes] of base) {
        const n = Number(path.match(/(\d+)\.bin$/)![1]);
        const reader = new SlottedReader(bytes);
        const count = path.startsWith("_data/texts/") ? skillShards * 2 : skillShards;
        for (let i = 0; i < reader.size; i++) expect(shardOf(reader.key(i), count), path).toBe(n);
        if (path.startsWith("_data/skills/")) details += reader.size;
        if (path.startsWith("_data/texts/")) for (let i = 0; i < reader.size; i++) texts.push(reader.key(i));
      }
      expect(details).toBe(records.length + 1);
      expect(texts.length).toBe(2 * Math.ceil(records.length / 3));
      expect(texts.filter((k) => k.endsWith("/scripts/run\there\n.sh") || k.endsWith("\u0000scripts/run\there\n.sh")).length).toBe(
        Math.ceil(records.length / 3),
      );
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
    expect(readdirSync(join(root, "p1-g1-s2", "out", "_data")).sort()).toEqual(["files", "skills", "texts"]);
  });
});

describe("a spill writer's group files", () => {
  it("hold every entry in order, long and multi-byte ones included, and count their bytes", async () => {
    const dir = join(root, "writer");
    mkdirSync(dir);
    const writer = new SpillWriter(dir, 0, 2);
    // Lines longer than the writer's buffer (written on their own, after what the group holds),
    // characters of 2, 3 and 4 bytes, and a text entry's key with a tab and a newline.
    const big = `{"content":${JSON.stringify("é€😀 ".repeat(70_000))}}`;
    const added: [string, string, string][] = [];
    for (let i = 0; i < 400; i++) {
      const entry: [string, string, string] =
        i % 97 === 5
          ? ["d", `owner/big-${i}`, big]
          : i % 3 === 0
            ? ["t", `owner/repo-${i}\u0000dir\twith tab/line\nfeed.md`, `{"n":${i},"s":"ü${"x".repeat(i * 37)}"}`]
            : [i % 2 === 0 ? "d" : "f", `owner/repo-${i}`, `{"n":${i},"s":"${"é€".repeat(500 + i * 7)}"}`];
      writer.add(entry[0] as "d" | "f" | "t", entry[1], entry[2]);
      added.push(entry);
    }
    writer.close();
    const files = readdirSync(dir);
    expect(writer.bytes).toBe(files.reduce((n, f) => n + readFileSync(join(dir, f)).length, 0));
    const read = await readSpill(dir, 1, [0, 1]);
    // Per group in order of adding: what readSpill gives, group after group.
    const group = (key: string) => fnv1a(key) % 2;
    const expected = (kind: string) =>
      [0, 1].flatMap((g) => added.filter(([k, key]) => k === kind && group(key) === g).map(([, key, json]) => [key, json]));
    // The JSON comes back as the UTF-8 it was written in.
    const text = (entries: [string, Uint8Array][]) => entries.map(([key, json]) => [key, Buffer.from(json).toString("utf8")]);
    expect(text(read.details)).toEqual(expected("d"));
    expect(text(read.files)).toEqual(expected("f"));
    expect(text(read.texts)).toEqual(expected("t"));
  });
});
