// The index build's own pieces: the fast term scan agrees with the analyser on any text, and the
// posting collector inverts skills' keys into exactly the lists a brute-force inversion gives.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PostingCollector } from "../../src/search/collect-postings.js";
import { scanTerms } from "../../src/search/term-scan.js";
import { terms } from "../../src/search/text.js";

// Characters that stress the analyser: ASCII words and separators, accents, CJK, kana, Hangul,
// Cyrillic, combining marks, full-width letters, emoji (surrogate pairs) and typographic punctuation.
const PIECES = [
  "a",
  "Z",
  "7",
  " ",
  "-",
  "_",
  ".",
  "é",
  "É",
  "ß",
  "中",
  "文",
  "の",
  "ー",
  "한",
  "д",
  "Ж",
  "\u0301",
  "Ａ",
  "😀",
  "’",
  "—",
  "\n",
  "s",
  "ies",
  "The",
];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }).map((p) => p.join(""));

describe("scanTerms", () => {
  it("gives the analyser's terms, in order, for any text", () => {
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ unit: "binary", maxLength: 40 })), (t) => {
        expect(scanTerms(t)).toEqual(terms(t));
      }),
      { numRuns: 2000, seed: 11 },
    );
  });
  it("drops stop words and stems plurals like the analyser", () => {
    expect(scanTerms("The policies of Statements")).toEqual(["policy", "statement"]);
  });
});

describe("PostingCollector", () => {
  it("lists every key's skills per field in ascending order, keys sorted", () => {
    const keySets = fc.array(fc.uniqueArray(fc.constantFrom("b", "a", "ab", "中文", "\u0001a b", "z"), { maxLength: 4 }), {
      minLength: 2,
      maxLength: 2,
    });
    fc.assert(
      fc.property(fc.array(keySets, { maxLength: 30 }), (docs) => {
        const collector = new PostingCollector(2);
        for (const fields of docs) collector.add(fields);
        const index = collector.finish();
        const expected = new Map<string, number[][]>();
        docs.forEach((fields, ordinal) =>
          fields.forEach((keys, f) => {
            for (const k of keys) {
              if (!expected.has(k)) expected.set(k, [[], []]);
              expected.get(k)![f]!.push(ordinal);
            }
          }),
        );
        expect(index.keys).toEqual([...expected.keys()].sort());
        index.keys.forEach((k, i) => {
          for (let f = 0; f < 2; f++) {
            expect([...index.list(i, f)]).toEqual(expected.get(k)![f]);
            expect([...(index.listOf(k, f) ?? [])]).toEqual(expected.get(k)![f]);
          }
          expect(index.unionCount(i)).toBe(new Set(expected.get(k)!.flat()).size);
        });
        expect(index.listOf("never", 0)).toBeUndefined();
      }),
      { numRuns: 300, seed: 5 },
    );
  });
  it("refuses a skill with the wrong number of fields", () => {
    expect(() => new PostingCollector(3).add([["a"]])).toThrow(/expected 3 fields/);
  });
});
