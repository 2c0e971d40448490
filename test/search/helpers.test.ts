// The small shared pieces of the search code: the q rules, the range-shard prefix scan, varint
// decoding of build-time lists, and how autocomplete recognises an item still being typed.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/contract/errors.js";
import { readVarint, writeVarint } from "../../src/contract/postings.js";
import { bySuggestionRank, type RangeShard, type SuggestionPair, shardsForPrefix } from "../../src/contract/search-manifest.js";
import { checkQueryText } from "../../src/search/query.js";
import { COUNTED_CANDIDATES, countedCandidates, withoutDanglingItem } from "../../src/search/suggest.js";

const codeOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof ApiError) return e.code;
    throw e;
  }
  return "OK";
};

describe("checkQueryText", () => {
  it.each([
    [undefined, "INVALID_QUERY"],
    ["", "INVALID_QUERY"],
    ["   ", "INVALID_QUERY"],
    [" a ", "INVALID_QUERY"],
    ["é".repeat(201), "QUERY_TOO_LONG"],
    ["é".repeat(200), "OK"],
    [" pd ", "OK"],
  ])("%j -> %s", (q, code) => expect(codeOf(() => checkQueryText(q))).toBe(code));
  it("returns the trimmed text", () => expect(checkQueryText("  pdf fo ")).toBe("pdf fo"));
});

describe("shardsForPrefix", () => {
  const shards: RangeShard[] = ["", "bb", "bd", "c", "ca", "d"].map((first, i) => ({
    first,
    file: `search/terms/${String(i).padStart(16, "0")}.bin`,
    bytes: 1,
  }));
  it.each([
    ["a", [0]],
    ["b", [0, 1, 2]],
    ["bc", [1]],
    ["bd", [2]],
    ["c", [3, 4]],
    ["cb", [4]],
    ["z", [5]],
  ])("%s -> shards %j", (prefix, expected) => expect(shardsForPrefix(shards, prefix)).toEqual(expected));
  it("every key with the prefix lies in a listed shard", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("a", "b", "c", "d", "e"), maxLength: 4 }),
        fc.string({ unit: fc.constantFrom("a", "b", "c", "d"), minLength: 1, maxLength: 3 }),
        (key, prefix) => {
          const full = prefix + key;
          let holder = 0;
          while (holder + 1 < shards.length && shards[holder + 1]!.first <= full) holder++;
          expect(shardsForPrefix(shards, prefix)).toContain(holder);
        },
      ),
      { numRuns: 300, seed: 7 },
    );
  });
  it("no shards, no range", () => expect(shardsForPrefix([], "ab")).toEqual([]));
});

describe("varints", () => {
  it("readVarint reads what writeVarint wrote and rejects truncated input", () => {
    const out: number[] = [];
    for (const v of [0, 127, 128, 300, 2 ** 32 - 1]) writeVarint(out, v);
    const bytes = Uint8Array.from(out);
    const read: number[] = [];
    for (let pos = 0; pos < bytes.length; ) {
      let v: number;
      [v, pos] = readVarint(bytes, pos);
      read.push(v);
    }
    expect(read).toEqual([0, 127, 128, 300, 2 ** 32 - 1]);
    expect(() => readVarint(Uint8Array.of(0x80, 0x80), 0)).toThrow(RangeError);
  });
});

describe("countedCandidates", () => {
  it("keeps at most a small fixed number of single-word completions, best first", () => {
    expect(COUNTED_CANDIDATES).toBeLessThanOrEqual(24);
    const many: SuggestionPair[] = Array.from(
      { length: 100 },
      (_, i): SuggestionPair => [i % 5 === 0 ? `form filler ${i}` : `form${i}`, 1000 - i],
    ).sort(bySuggestionRank);
    const kept = countedCandidates(many);
    expect(kept.length).toBe(COUNTED_CANDIDATES);
    expect(kept).toEqual(many.filter(([t]) => !t.includes(" ")).slice(0, COUNTED_CANDIDATES));
  });
});

describe("withoutDanglingItem", () => {
  it.each([
    ["pdf -", "pdf"],
    ["pdf name:", "pdf"],
    ["pdf NAME:", "pdf"],
    ['pdf "', "pdf"],
    ['pdf -content:"', "pdf"],
    ['-"', ""],
    ["pdf fo", "pdf fo"],
    ["pdf foo:", "pdf foo:"],
    ['pdf "ab cd "', 'pdf "ab cd "'],
    ['pdf "ab -', 'pdf "ab -'],
    ['"ab" "', '"ab"'],
  ])("%j -> %j", (q, expected) => expect(withoutDanglingItem(q)).toBe(expected));
});
