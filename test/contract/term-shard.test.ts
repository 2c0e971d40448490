// The term shard encoder against the format as documented, written out plainly here (a number per
// byte, a varint at a time): any shard the build's buffer-writing encoder makes is byte for byte the
// reference's, and the reader gives back every term, count and list.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Bitset, ByteBuffer, encodePostings, writeVarint } from "../../src/contract/postings.js";
import { ShardBuilder, ShardReader } from "../../src/contract/term-shard.js";

/** The documented layout: "SKX1" | u32 docCount | u32 n | u32 termEnd[n] | u32 listStart[3n + 1] | terms | lists. */
function referenceShard(terms: readonly string[], lists: readonly (readonly number[])[][], docCount: number): Uint8Array {
  const u32 = (out: number[], v: number) => out.push(v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, v >>> 24);
  const termBytes: number[] = [];
  const termEnds: number[] = [];
  for (const t of terms) {
    termBytes.push(...new TextEncoder().encode(t));
    termEnds.push(termBytes.length);
  }
  const listBytes: number[] = [];
  const listStarts: number[] = [];
  for (const three of lists)
    for (const l of three) {
      listStarts.push(listBytes.length);
      writeVarint(listBytes, l.length);
      if (l.length === 0) continue;
      if (l.length * 8 > docCount) {
        listBytes.push(1);
        const bits = new Array((docCount + 7) >>> 3).fill(0);
        for (const o of l) bits[o >>> 3] |= 1 << (o & 7);
        listBytes.push(...bits);
      } else {
        listBytes.push(0);
        let prev = -1;
        for (const o of l) {
          writeVarint(listBytes, o - prev - 1);
          prev = o;
        }
      }
    }
  listStarts.push(listBytes.length);
  const out = [0x53, 0x4b, 0x58, 0x31];
  u32(out, docCount);
  u32(out, terms.length);
  for (const e of termEnds) u32(out, e);
  for (const s of listStarts) u32(out, s);
  return Uint8Array.from([...out, ...termBytes, ...listBytes]);
}

describe("ShardBuilder", () => {
  const shardInput = fc.integer({ min: 1, max: 400 }).chain((docCount) =>
    fc.record({
      docCount: fc.constant(docCount),
      entries: fc.uniqueArray(
        fc.tuple(
          fc.string({ unit: fc.constantFrom("a", "b", "é", "中", "😀", "\u0001", " "), minLength: 1, maxLength: 6 }),
          fc.array(fc.option(fc.uniqueArray(fc.nat(docCount - 1), { maxLength: 120 }), { nil: undefined }), { minLength: 3, maxLength: 3 }),
        ),
        { selector: ([t]) => t, maxLength: 30 },
      ),
    }),
  );

  it("writes the documented bytes, and the reader gives back every term and list", () => {
    fc.assert(
      fc.property(shardInput, ({ docCount, entries }) => {
        const sorted = [...entries].sort(([a], [b]) => (a < b ? -1 : 1));
        const terms = sorted.map(([t]) => t);
        const lists = sorted.map(([, three]) => three.map((l) => [...(l ?? [])].sort((a, b) => a - b)));
        const builder = new ShardBuilder(docCount);
        const entry = new ByteBuffer();
        sorted.forEach(([term, three], i) => {
          entry.length = 0;
          const ends: [number, number, number] = [0, 0, 0];
          three.forEach((l, f) => {
            if (l) encodePostings(Uint32Array.from(lists[i]![f]!), docCount, entry);
            else entry.push(0);
            ends[f] = entry.length;
          });
          builder.add(term, entry.view(), ends);
        });
        const bytes = builder.finish();
        expect(bytes).toEqual(referenceShard(terms, lists, docCount));
        const reader = new ShardReader(bytes);
        expect(reader.size).toBe(terms.length);
        terms.forEach((t, i) => {
          expect(reader.find(t)).toBe(i);
          for (let f = 0; f < 3; f++) {
            const set = new Bitset(docCount);
            expect(reader.postingsInto(i, f, set)).toBe(lists[i]![f]!.length);
            const got: number[] = [];
            set.forEach((o) => got.push(o));
            expect(got).toEqual(lists[i]![f]);
          }
        });
        // The builder starts over empty.
        expect(builder.size).toBe(0);
        expect(builder.finish()).toEqual(referenceShard([], [], docCount));
      }),
      { numRuns: 300, seed: 29 },
    );
  });

  it("refuses terms out of order", () => {
    const builder = new ShardBuilder(10);
    builder.add("b", Uint8Array.of(0, 0, 0), [1, 2, 3]);
    expect(() => builder.add("a", Uint8Array.of(0, 0, 0), [1, 2, 3])).toThrow(/out of order/);
  });
});
