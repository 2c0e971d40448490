// Unit tests of the build/function contract: key order, shard addressing and the binary columns.
import { describe, expect, it } from "vitest";
import { bitmask, decodeColumns, encodeColumns, fromLittleEndian, toLittleEndian } from "../../src/contract/columns.js";
import { compareKeys, skillKey } from "../../src/contract/key.js";
import { compareNames } from "../../src/contract/list-order.js";
import { fnv1a, packRef, refShard, refSlot, shardCountFor } from "../../src/contract/shard.js";

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
  it("hashes stably and packs references losslessly", () => {
    expect(fnv1a("anthropics/skills")).toBe(fnv1a("anthropics/skills"));
    expect(fnv1a("a")).not.toBe(fnv1a("b"));
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
    expect(decodeColumns(encodeColumns([], [], { categories: [], platforms: [] })).count).toBe(0);
  });
});
