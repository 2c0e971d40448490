// The slotted shard: what the build writes, the function reads back key by key, and a damaged file
// is refused rather than misread.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodeSlotted, SlottedReader } from "../../src/contract/slotted.js";

describe("slotted shards", () => {
  it("give back every value by key and by slot, and nothing for other keys", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ unit: "grapheme", maxLength: 12 }), { maxLength: 40 }), fc.string(), (keys, probe) => {
        const sorted = [...keys].sort();
        const entries = sorted.map((k, i) => [k, JSON.stringify({ k, i, text: "é中😀".repeat(i % 4) })] as const);
        const reader = new SlottedReader(encodeSlotted(entries));
        expect(reader.size).toBe(sorted.length);
        sorted.forEach((k, i) => {
          expect(reader.key(i)).toBe(k);
          expect(reader.get(k)).toEqual({ k, i, text: "é中😀".repeat(i % 4) });
          expect(reader.value(i)).toEqual(reader.get(k));
        });
        if (!sorted.includes(probe)) expect(reader.get(probe)).toBeUndefined();
        expect(reader.value(sorted.length)).toBeUndefined();
      }),
      { numRuns: 200, seed: 9 },
    );
  });

  it("refuses keys out of order", () => {
    expect(() =>
      encodeSlotted([
        ["b", "1"],
        ["a", "2"],
      ]),
    ).toThrow(/out of order/);
    expect(() =>
      encodeSlotted([
        ["a", "1"],
        ["a", "2"],
      ]),
    ).toThrow(/out of order/);
  });

  it("refuses a damaged file", () => {
    const bytes = encodeSlotted([
      ["a", "1"],
      ["b", "[2]"],
    ]);
    expect(() => new SlottedReader(bytes.subarray(0, bytes.length - 1))).toThrow(RangeError);
    expect(() => new SlottedReader(bytes.subarray(0, 6))).toThrow(RangeError);
    expect(() => new SlottedReader(Uint8Array.from([1, 2, 3, 4, 0, 0, 0, 0]))).toThrow(/not a slotted shard/);
  });
});
