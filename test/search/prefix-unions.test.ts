// Precomputed prefix unions against a brute-force union.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bigPrefixRanges, prefixUnions } from "../../src/build/search-index/prefix-unions.js";

describe("prefix unions", () => {
  it("finds every prefix with more words than the threshold, at every length", () => {
    const terms = ["aa", "aab", "aac", "ab", "abc", "b", "ba", "bab", "bac", "bad"].sort();
    const ranges = bigPrefixRanges(terms, 2);
    expect([...ranges.entries()].map(([len, r]) => [len, r.map(([p]) => p)])).toEqual([[2, [["aa"], ["ba"]].flat()]]);
    expect(bigPrefixRanges(terms, 3).size).toBe(1);
    expect(bigPrefixRanges(terms, 4).size).toBe(0);
  });

  it("each union is the union of its words' lists, per list", () => {
    const word = fc.stringMatching(/^[ab]{1,5}$/);
    fc.assert(
      fc.property(
        fc.uniqueArray(word, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 1000 }),
        (words, threshold, seed) => {
          const terms = [...words].sort();
          const docCount = 50;
          const lists = new Map(
            terms.map((t, i) => [
              t,
              [0, 1, 2].map((f) =>
                Uint32Array.from(
                  new Set(Array.from({ length: (seed + i * 7 + f) % 9 }, (_, k) => (seed * 31 + i * 13 + k * 17 + f) % docCount)),
                ).sort(),
              ),
            ]),
          );
          const unions = prefixUnions(terms, (i) => lists.get(terms[i]!)!, docCount, threshold);
          const expected: string[] = [];
          for (const p of new Set(terms.flatMap((t) => Array.from({ length: t.length - 1 }, (_, k) => t.slice(0, k + 2))))) {
            if (terms.filter((t) => t.startsWith(p)).length > threshold) expected.push(p);
          }
          expect(unions.map(([p]) => p)).toEqual(expected.sort());
          for (const [p, got] of unions) {
            const words = terms.filter((t) => t.startsWith(p));
            got.forEach((list, f) =>
              expect([...list]).toEqual([...new Set(words.flatMap((w) => [...lists.get(w)![f]!]))].sort((a, b) => a - b)),
            );
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
