// Typo rules in isolation: every edit form, the length thresholds, the first-letter rule, the
// distance bound against a plain dynamic-programming reference, and the bucket layout.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allowedTypos,
  bucketKey,
  bucketsFor,
  correctionTypos,
  editDistance,
  MAX_TYPO_MATCHES,
  typoBuckets,
  typoDistance,
  typoMatches,
} from "../../src/search/typo.js";

/** Unbounded optimal-string-alignment distance, written plainly. */
function osa(a: string[], b: string[]): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

describe("typo rules", () => {
  it("allows 0 typos under 5 characters, 1 from 5, 2 from 9", () => {
    expect([allowedTypos("json"), allowedTypos("react"), allowedTypos("terrafor"), allowedTypos("terrafrom")]).toEqual([0, 1, 1, 2]);
    expect(allowedTypos("文本去重")).toBe(0);
    expect(correctionTypos("jsno")).toBe(1);
    expect(correctionTypos("js")).toBe(0);
  });
  it("accepts each edit form once", () => {
    expect(typoDistance("jujitsu", "jujutsu")).toBe(1); // substitution
    expect(typoDistance("kubernete", "kubernetes")).toBe(1); // insertion
    expect(typoDistance("terraform", "terrform")).toBe(1); // deletion
    expect(typoDistance("terrafrom", "terraform")).toBe(1); // transposition
    expect(typoDistance("terafrom", "terraform")).toBe(undefined); // two edits in an 8-character word
    expect(typoDistance("terrafrmo", "terraform")).toBe(2); // two edits in a 9-character word
  });
  it("never changes the first letter, and an identical word is no typo", () => {
    expect(typoDistance("react", "preact")).toBe(undefined);
    expect(typoDistance("treact", "react")).toBe(undefined);
    expect(typoDistance("react", "react")).toBe(undefined);
  });
  it("bounded distance agrees with the plain one", () => {
    const word = fc.array(fc.constantFrom("a", "b", "c", "d"), { maxLength: 10 });
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 3 }), (a, b, max) => {
        expect(editDistance(a.join(""), b.join(""), max)).toBe(Math.min(osa(a, b), max + 1));
      }),
      { numRuns: 3000 },
    );
  });
  it("ranks matches closest, then most indexed, then A to Z, and keeps the best few", () => {
    const found = typoMatches("terraform", [
      [
        ["terraforn", 3],
        ["terrafrom", 9],
        ["terrafoom", 3],
        ["terafrm", 99],
        ["teraform", 2],
      ],
    ]);
    expect(found.map((m) => [m.word, m.distance])).toEqual([
      ["terrafrom", 1],
      ["terrafoom", 1],
      ["terraforn", 1],
      ["teraform", 1],
      ["terafrm", 2],
    ]);
    const many = Array.from({ length: 30 }, (_, i): [string, number] => [`react${String.fromCharCode(97 + (i % 26))}`, i]);
    expect(typoMatches("reacts", [many])).toHaveLength(MAX_TYPO_MATCHES);
  });
  it("puts a word's neighbours in adjacent buckets", () => {
    expect(bucketsFor("react")).toEqual([bucketKey("r", 4), bucketKey("r", 5), bucketKey("r", 6)]);
    expect(bucketsFor("terrafrom")).toEqual([7, 8, 9, 10, 11].map((n) => bucketKey("t", n)));
    expect(bucketsFor("json")).toEqual([]);
    const buckets = typoBuckets([
      ["react", 1],
      ["reach", 2],
      ["rea", 1],
      ["\u0001react hook", 1],
      ["reacts", 1],
    ]);
    expect(buckets).toEqual([
      [
        bucketKey("r", 5),
        [
          ["reach", 2],
          ["react", 1],
        ],
      ],
      [bucketKey("r", 6), [["reacts", 1]]],
    ]);
    const keys = [bucketKey("r", 4), bucketKey("r", 12), bucketKey("s", 4)];
    expect([...keys].sort()).toEqual(keys);
  });
});
