// The typo shard encoder against its documented layout, written out plainly (a number per byte), and
// the reader: every key gives back its words and weights, an absent key none, and a cut or foreign file
// is a RangeError, never a wrong answer.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { writeVarint } from "../../src/contract/postings.js";
import { encodeTypoShard, type TypoShard, TypoShardReader, typoKeyWords } from "../../src/contract/typo-shard.js";

/** "SKT1" | u32 keys | u32 words | u32 keyEnd[] | u32 listEnd[] | u32 wordEnd[] | u32 weight[] | keys | words | lists. */
function referenceShard(shard: TypoShard): Uint8Array {
  const u32 = (out: number[], v: number) => out.push(v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, v >>> 24);
  const utf8 = (s: string) => [...new TextEncoder().encode(s)];
  const keyBytes = shard.keys.flatMap(utf8);
  const wordBytes = shard.words.flatMap(([w]) => utf8(w));
  const lists: number[] = [];
  const listEnds = shard.keys.map((_, i) => {
    for (const w of typoKeyWords(shard, i)) writeVarint(lists, w);
    return lists.length;
  });
  const out = [0x53, 0x4b, 0x54, 0x31];
  u32(out, shard.keys.length);
  u32(out, shard.words.length);
  let end = 0;
  for (const k of shard.keys) u32(out, (end += utf8(k).length));
  for (const e of listEnds) u32(out, e);
  end = 0;
  for (const [w] of shard.words) u32(out, (end += utf8(w).length));
  for (const [, weight] of shard.words) u32(out, weight);
  return Uint8Array.from([...out, ...keyBytes, ...wordBytes, ...lists]);
}

/** A shard of distinct sorted keys, each listing some of the shard's distinct words. */
const shardInput = fc
  .record({
    keys: fc.uniqueArray(fc.string({ minLength: 1, maxLength: 6, unit: fc.constantFrom("a", "b", "é", "語", "😀") }), { maxLength: 20 }),
    words: fc.uniqueArray(fc.tuple(fc.string({ minLength: 4, maxLength: 12 }), fc.nat({ max: 2 ** 32 - 1 })), {
      minLength: 1,
      maxLength: 200,
      selector: ([w]) => w,
    }),
  })
  .chain(({ keys, words }) =>
    fc
      .array(fc.array(fc.nat({ max: words.length - 1 }), { minLength: 1, maxLength: 8 }), {
        minLength: keys.length,
        maxLength: keys.length,
      })
      .map((lists): TypoShard => {
        const starts: number[] = [];
        const at: number[] = [];
        for (const list of lists) {
          starts.push(at.length);
          at.push(...list);
        }
        return { keys: [...keys].sort(), words, starts, at };
      }),
  );

describe("typo shards", () => {
  it("writes the documented bytes, and the reader gives back every key's words and weights", () => {
    fc.assert(
      fc.property(shardInput, (shard) => {
        const bytes = encodeTypoShard(shard);
        expect([...bytes]).toEqual([...referenceShard(shard)]);
        const reader = new TypoShardReader(bytes);
        expect(reader.size).toBe(shard.keys.length);
        shard.keys.forEach((key, i) => {
          expect(reader.key(i)).toBe(key);
          expect(reader.lookup(key)).toEqual(typoKeyWords(shard, i).map((w) => shard.words[w]));
        });
        expect(reader.lookup("zzzzzzz")).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it("refuses keys out of order, and a cut or foreign file", () => {
    const shard: TypoShard = { keys: ["b", "a"], words: [["bake", 3]], starts: [0, 1], at: [0, 0] };
    expect(() => encodeTypoShard(shard)).toThrow(/out of order/);
    const bytes = encodeTypoShard({ ...shard, keys: ["a", "b"] });
    expect(new TypoShardReader(bytes).lookup("b")).toEqual([["bake", 3]]);
    for (let cut = 0; cut < bytes.length; cut++) expect(() => new TypoShardReader(bytes.subarray(0, cut))).toThrow(RangeError);
    expect(() => new TypoShardReader(new TextEncoder().encode('{"words":[]}'))).toThrow(RangeError);
  });
});
