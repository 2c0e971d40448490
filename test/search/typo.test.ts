// Typo rules in isolation: every edit form, the length thresholds, the first-letter rule, the
// distance bound against a plain dynamic-programming reference, the typo keys and their shards.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { typoShards } from "../../src/build/search-index/typo-shards.js";
import { encodeTypoShard, TypoShardReader, typoKeyWords } from "../../src/contract/typo-shard.js";
import {
  allowedTypos,
  correctionTypos,
  editDistance,
  MAX_TYPO_MATCHES,
  TYPO_KEY_PREFIX,
  typoDistance,
  typoKeyLists,
  typoKeys,
  typoKeysMeet,
  typoMatches,
  typoVocabulary,
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
  it("files a word under its first letters and each of them with one removed, never the first", () => {
    expect(TYPO_KEY_PREFIX).toBe(5);
    expect(typoKeys("react")).toEqual(["ract", "reac", "reat", "rect", "react"].sort());
    expect(typoKeys("terraform")).toEqual(["tera", "terr", "terra", "trra"]);
    expect(typoKeys("ab")).toEqual(["a", "ab"]);
    expect(typoKeys("aaaa")).toEqual(["aaa", "aaaa"]);
    expect(typoKeys("𝒜bcd")).toEqual(["𝒜bc", "𝒜bcd", "𝒜bd", "𝒜cd"]);
  });
  it("gives any two words one edit apart a shared key, and two edits apart when at most one is in the key letters", () => {
    const word = fc.array(fc.constantFrom("a", "b", "c", "d"), { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(word, word, (a, b) => {
        const [x, y] = [a.join(""), b.join("")];
        if (x[0] !== y[0]) return;
        const d = osa(a, b);
        if (d <= 1) expect(typoKeysMeet(x, y)).toBe(true);
        // Two edits, at most one of them among the key letters: the first edit is past them on both sides.
        if (d === 2 && osa(a.slice(0, TYPO_KEY_PREFIX), b.slice(0, TYPO_KEY_PREFIX)) === 0) expect(typoKeysMeet(x, y)).toBe(true);
      }),
      { numRuns: 5000 },
    );
    expect(typoKeysMeet("terrafrmo", "terraform")).toBe(true);
    expect(typoKeysMeet("tarrafprm", "terraform")).toBe(true); // one in the first 5 letters
    expect(typoKeysMeet("tarrsform", "terraform")).toBe(false); // two substitutions in the first 5 letters
  });
  it("cuts the keys into shards that list each of their words once", () => {
    const words = typoVocabulary([
      ["reacts", 1],
      ["react", 1],
      ["reach", 2],
      ["rea", 1],
      ["\u0001react hook", 1],
    ]);
    expect(words).toEqual([
      ["reach", 2],
      ["react", 1],
      ["reacts", 1],
    ]);
    const lists = typoKeyLists(words);
    expect(lists.map(([k]) => k)).toEqual([...new Set(words.flatMap(([w]) => typoKeys(w)))].sort());
    for (const target of [1, 64, 1 << 20]) {
      const shards = typoShards(words, lists, target);
      const back = shards.flatMap((s) => s.keys.map((k, i): [string, string[]] => [k, typoKeyWords(s, i).map((w) => s.words[w]![0])]));
      expect(back).toEqual(lists.map(([k, at]) => [k, at.map((i) => words[i]![0])]));
      for (const s of shards) {
        expect(new Set(s.words.map(([w]) => w)).size).toBe(s.words.length);
        const reader = new TypoShardReader(encodeTypoShard(s));
        expect(reader.size).toBe(s.keys.length);
        s.keys.forEach((k, i) => expect(reader.lookup(k)).toEqual(typoKeyWords(s, i).map((w) => s.words[w])));
        expect(reader.lookup("\u0000")).toEqual([]);
      }
    }
    expect(typoShards(words, lists, 1 << 20)).toHaveLength(1);
  });
});
