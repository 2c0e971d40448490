// The suggestions' counts: taken afresh, each the number of skills (hidden ones left out) holding every
// word of the suggestion; and in a patched build (an incremental build where every skill kept its
// ordinal): a count the changed skills can move is the previous one moved by them alone
// (suggest-build.ts movedCounter), and must equal the count taken afresh over every skill.
import { describe, expect, it } from "vitest";
import { indexOf, type StoredIndex } from "../../src/build/cache/index-store.js";
import { suggestionEntries } from "../../src/build/search-index/suggest-build.js";
import { seeded } from "../../src/synth/random.js";
import { changedKeys } from "../support/index-compare.js";

const DOCS = 400;
const WORDS = Array.from({ length: 60 }, (_, i) => `v${i.toString(36)}q`);

/** Each skill's words per field: its name's words, then two fields of other words. */
type Docs = string[][][];

function stored(docs: Docs): StoredIndex {
  const keys = [...new Set(docs.flat(2))].sort();
  const fields = [0, 1, 2].map((f) => {
    const lists = keys.map((k) => docs.flatMap((d, o) => (d[f]!.includes(k) ? [o] : [])));
    const start = new Uint32Array(keys.length + 1);
    lists.forEach((l, i) => {
      start[i + 1] = start[i]! + l.length;
    });
    return { start, ordinals: Uint32Array.from(lists.flat()) };
  });
  return { keys, fields };
}

describe("suggestion counts moved by the changed skills", () => {
  it("equal the counts taken afresh, for words and names, over many changed skills", () => {
    const rand = seeded(7).next;
    // Common words (the first few) and rare ones, as text has them.
    const pick = (n: number) => [...new Set(Array.from({ length: n }, () => WORDS[Math.floor(rand() ** 2 * WORDS.length)]!))];
    const before: Docs = Array.from({ length: DOCS }, () => [pick(2 + Math.floor(rand() * 2)), pick(6), pick(10)]);
    // 70 skills changed (more than one word of a bitset): other words in their description and body fields.
    const changed = new Set(Array.from({ length: 70 }, () => Math.floor(rand() * DOCS)));
    const ordinals = [...changed].sort((a, b) => a - b);
    const now: Docs = before.map((d, o) => (changed.has(o) ? [d[0]!, pick(6), pick(10)] : d));
    const names = before.map((d) => d[0]!.join(" "));
    const [was, is] = [stored(before), stored(now)];
    const previous = suggestionEntries(indexOf(was), { names });
    const afresh = suggestionEntries(indexOf(is), { names });
    const patched = suggestionEntries(
      indexOf(is),
      { names },
      {
        previous: new Map(previous),
        changed: new Set(changedKeys(was, is)),
        touched: new Set(),
        moved: { ordinals, before: indexOf(was) },
      },
    );
    expect(patched).toEqual(afresh);
    // The changes moved counts of words and of names both: the previous counts would not do.
    const moved = afresh.filter(([text, n]) => new Map(previous).get(text) !== n).map(([text]) => text);
    expect(moved.some((t) => t.includes(" "))).toBe(true);
    expect(moved.some((t) => !t.includes(" "))).toBe(true);
  });
});

describe("suggestion counts taken afresh", () => {
  it("count the skills holding every word of a name, common words by bitset and rare ones by list, hidden skills left out", () => {
    const rand = seeded(11).next;
    // 1,200 skills: a word in more than one skill in 32 is common and gets a bitset; most of these 600 are rare.
    const vocabulary = Array.from({ length: 600 }, (_, i) => `r${i.toString(36)}x`);
    const docs: Docs = Array.from({ length: 1200 }, () => {
      const pick = (n: number) => [...new Set(Array.from({ length: n }, () => vocabulary[Math.floor(rand() ** 3 * vocabulary.length)]!))];
      return [pick(2 + Math.floor(rand() * 3)), pick(5), pick(8)];
    });
    const names = docs.map((d) => d[0]!.join(" "));
    const hidden = Array.from({ length: 40 }, () => Math.floor(rand() * docs.length)).sort((a, b) => a - b);
    const entries = new Map(suggestionEntries(indexOf(stored(docs)), { names, hidden: [...new Set(hidden)] }));
    const off = new Set(hidden);
    const holding = (words: readonly string[]) =>
      docs.filter((d, o) => !off.has(o) && words.every((w) => d.some((field) => field.includes(w)))).length;
    let common = 0;
    for (const d of docs) {
      const words = d[0]!;
      if (words.length < 2) continue;
      const n = holding(words);
      expect(entries.get(words.join(" ")) ?? 0, words.join(" ")).toBe(n);
      if (words.every((w) => docs.filter((x) => x.some((f) => f.includes(w))).length * 32 > docs.length)) common++;
    }
    // Both ways of counting were asked: names of common words only, and names with a rare word.
    expect(common).toBeGreaterThan(50);
    expect(common).toBeLessThan(docs.filter((d) => d[0]!.length >= 2).length);
    for (const w of vocabulary) if (entries.has(w)) expect(entries.get(w), w).toBe(holding([w]));
  });
});

describe("suggestions offered in a surface form", () => {
  it("sort among the others as one stable sort of every suggestion by its text would", () => {
    const rand = seeded(11).next;
    const before: Docs = Array.from({ length: DOCS }, () => [
      [WORDS[Math.floor(rand() * 8)]!],
      [WORDS[Math.floor(rand() * WORDS.length)]!, WORDS[Math.floor(rand() * WORDS.length)]!],
      [],
    ]);
    const index = indexOf(stored(before));
    // Forms that move far from their stems, land between them, and equal another word's own text.
    const keys = index.keys.filter((k) => !k.startsWith("\u0001"));
    const surface = new Map<string, string>([
      [keys[0]!, "zzz-last"],
      [keys[3]!, `${keys[10]!}a`],
      [keys[5]!, keys[20]!],
      [keys[6]!, keys[20]!],
      [keys[30]!, "a-first"],
    ]);
    const names = before.map((d) => d[0]!.join(" "));
    const plain = suggestionEntries(index, { names });
    const formed = suggestionEntries(index, { names, surface });
    // The reference: every pair renamed in key order, then one stable sort by text.
    const expected = plain.map(([text, n]) => [surface.get(text) ?? text, n] as [string, number]);
    expected.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    expect(formed).toEqual(expected);
    expect(formed.filter(([t]) => t === keys[20]).length).toBe(3);
  });
});
