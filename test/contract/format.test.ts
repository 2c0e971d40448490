// Unit tests of the build/function contract: key order, shard addressing and the binary columns.
import { describe, expect, it } from "vitest";
import {
  bitmask,
  COLUMN_NAMES,
  encodeColumns,
  fromLittleEndian,
  REF_BLOCK,
  refBlocks,
  toLittleEndian,
} from "../../src/contract/columns.js";
import { fnv1a } from "../../src/contract/fnv.js";
import { compareKeys, skillKey } from "../../src/contract/key.js";
import { compareNames } from "../../src/contract/list-order.js";
import { refBlockFile } from "../../src/contract/paths.js";
import { packRef, refShard, refSlot, shardCountFor, shardOf } from "../../src/contract/shard.js";
import type { SkillRecord } from "../../src/schemas/dataset.js";

describe("ordering", () => {
  it("compares names case-insensitively, then exactly", () => {
    expect(["b", "A", "a", "C"].sort(compareNames)).toEqual(["A", "a", "b", "C"]);
  });
  it("orders keys by lower-cased owner/repo", () => {
    const items = [
      { owner: "b", repo: "x" },
      { owner: "A", repo: "y" },
      { owner: "a", repo: "x" },
    ];
    expect(items.sort(compareKeys).map((i) => skillKey(i.owner, i.repo))).toEqual(["a/x", "a/y", "b/x"]);
  });
});

describe("shards and columns", () => {
  it("hashes with FNV-1a over UTF-16 code units, pinned: the hash names every shard file", () => {
    // The published FNV-1a 32-bit vectors ("", "a", "foobar"), a key, and a non-ASCII code unit
    // (U+00E9 hashed as one unit 0xE9, not as its two UTF-8 bytes).
    expect(fnv1a("")).toBe(0x811c9dc5);
    expect(fnv1a("a")).toBe(0xe40c292c);
    expect(fnv1a("foobar")).toBe(0xbf9cf968);
    expect(fnv1a("anthropics/skills")).toBe(0x5e6ddff7);
    expect(fnv1a("\u00e9")).toBe(0x6c0b6c44);
    expect(shardOf("anthropics/skills", 16)).toBe(7);
  });
  it("packs references losslessly", () => {
    expect(shardCountFor(0, 100)).toBe(1);
    expect(shardCountFor(1000, 100)).toBe(16);
    const ref = packRef(1234, 567);
    expect([refShard(ref), refSlot(ref)]).toEqual([1234, 567]);
  });
  it("round-trips u32 columns through little-endian bytes", () => {
    const words = Uint32Array.from([0, 1, 0xffffffff, 123456789]);
    expect(Array.from(fromLittleEndian(toLittleEndian(words)))).toEqual(Array.from(words));
    expect(toLittleEndian(Uint32Array.from([1]))).toEqual(Uint8Array.from([1, 0, 0, 0]));
  });
  it("builds bitmasks and refuses unknown values", () => {
    expect(bitmask(["b", "c"], ["a", "b", "c"])).toBe(6);
    expect(() => bitmask(["z"], ["a"])).toThrow(/unknown value/);
  });
  it("writes one little-endian file per column, a u32 per skill in ordinal order", () => {
    const record = (stars: number, categories: string[], platforms: string[], updatedAt: string, hasIndex: boolean) =>
      ({ stars, categories, platforms, updatedAt, hasIndex }) as unknown as SkillRecord;
    const records = [
      record(7, ["docs"], ["cli"], "2026-01-02T03:04:05Z", true),
      record(0xffffffff, ["code", "docs"], [], "1970-01-01T00:00:10Z", false),
    ];
    const files = encodeColumns(records, [packRef(3, 4), packRef(0, 1)], { categories: ["code", "docs"], platforms: ["web", "cli"] });
    expect(Object.keys(files)).toEqual(["ref", ...COLUMN_NAMES]);
    const read = (name: (typeof COLUMN_NAMES)[number] | "ref") => Array.from(fromLittleEndian(files[name]));
    expect(read("ref")).toEqual([packRef(3, 4), packRef(0, 1)]);
    expect(read("categories")).toEqual([2, 3]);
    expect(read("platforms")).toEqual([2, 0]);
    expect(read("stars")).toEqual([7, 0xffffffff]);
    expect(read("updated")).toEqual([Date.UTC(2026, 0, 2, 3, 4, 5) / 1000, 10]);
    expect(read("flags")).toEqual([1, 0]);
    expect(files.ref.length).toBe(8);
    for (const name of COLUMN_NAMES) expect(encodeColumns([], [], { categories: [], platforms: [] })[name].length).toBe(0);
  });
  it("cuts the summary refs into blocks of REF_BLOCK skills, the last one holding the rest", () => {
    const refs = Uint32Array.from({ length: 2 * REF_BLOCK + 5 }, (_, i) => i * 3);
    const blocks = refBlocks(toLittleEndian(refs));
    expect(blocks.map((b) => b.length / 4)).toEqual([REF_BLOCK, REF_BLOCK, 5]);
    expect(blocks.flatMap((b) => Array.from(fromLittleEndian(b)))).toEqual(Array.from(refs));
    expect(refBlocks(new Uint8Array(0))).toEqual([]);
    expect(refBlockFile(2)).toBe("lists/refs/0002.bin");
  });
});
