// The suggestions' counts in a patched build (an incremental build where every skill kept its
// ordinal): a count the changed skills can move is the previous one moved by them alone
// (suggest-build.ts movedCounter), and must equal the count taken afresh over every skill.
import { describe, expect, it } from "vitest";
import { changedKeys, indexOf, type StoredIndex } from "../../src/build/cache/index-store.js";
import { suggestionEntries } from "../../src/build/search-index/suggest-build.js";

/** A seeded generator (mulberry32), so a failure repeats. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

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
    const rand = random(7);
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
