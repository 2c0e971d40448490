// The index build's own pieces: the fast term scan agrees with the analyser on any text, the
// posting collector inverts skills' keys into exactly the lists a brute-force inversion gives, its
// text fast path gives the analyser's terms, and parts of it merge into what one collector gives.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CollectedPart, PostingCollector, PostingIndex, partTransferList } from "../../src/build/search-index/collect-postings.js";
import { fieldKeys } from "../../src/build/search-index/document-text.js";
import { scanTerms, TermScanner } from "../../src/build/search-index/term-scan.js";
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
  "𠀀",
  "豈",
  "ｶ",
  "ﾞ",
  "ß",
  "Ⅻ",
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

/** A scanner whose ids index a term list, and a function giving a text's terms through it. */
function scannerTerms() {
  const list: string[] = [];
  const ids = new Map<string, number>();
  const scanner = new TermScanner((term) => {
    let id = ids.get(term);
    if (id === undefined) ids.set(term, (id = list.push(term) - 1));
    return id;
  });
  return (t: string) => {
    const out: string[] = [];
    scanner.scan(t, (id) => out.push(list[id]!));
    return out;
  };
}

describe("TermScanner", () => {
  it("gives the analyser's terms, in order, for any texts, whatever it has seen before", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(text, fc.string({ unit: "binary", maxLength: 40 })), { maxLength: 20 }), (texts) => {
        const scan = scannerTerms();
        for (const t of [...texts, ...texts]) expect(scan(t)).toEqual(terms(t));
      }),
      { numRuns: 1000, seed: 13 },
    );
  });
  it("keeps every spelling apart as its tables grow", () => {
    const scan = scannerTerms();
    const words = Array.from({ length: 20_000 }, (_, i) => `w${i.toString(36)} 中${String.fromCodePoint(0x4e00 + (i % 5000))}`);
    const text = words.join(" ");
    expect(scan(text)).toEqual(terms(text));
    expect(scan(text)).toEqual(terms(text));
  });
});

describe("PostingCollector", () => {
  it("lists every key's skills per field in ascending order, keys sorted", () => {
    const keySets = fc.array(fc.uniqueArray(fc.constantFrom("b", "a", "ab", "中文", "\u0001a b", "z"), { maxLength: 4 }), {
      minLength: 3,
      maxLength: 3,
    });
    fc.assert(
      fc.property(fc.array(keySets, { maxLength: 30 }), (docs) => {
        const collector = new PostingCollector(3);
        for (const fields of docs) collector.add(fields);
        const index = collector.finish();
        const expected = new Map<string, number[][]>();
        docs.forEach((fields, ordinal) =>
          fields.forEach((keys, f) => {
            for (const k of keys) {
              if (!expected.has(k)) expected.set(k, [[], [], []]);
              expected.get(k)![f]!.push(ordinal);
            }
          }),
        );
        expect(index.keys).toEqual([...expected.keys()].sort());
        index.keys.forEach((k, i) => {
          for (let f = 0; f < 3; f++) {
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

/** Every observable of an index, for comparing two of them. */
function snapshot(index: PostingIndex) {
  return index.keys.map((key, i) => ({
    key,
    lists: Array.from({ length: index.fieldCount }, (_, f) => [...index.list(i, f)]),
    byKey: Array.from({ length: index.fieldCount }, (_, f) => [...(index.listOf(key, f) ?? [])]),
    union: index.unionCount(i),
    postings: index.postingCount(i),
  }));
}

/** A skill: per field, either keys (added one by one) or a text (added through the fast path). */
type Skill = { keys: string[]; text: string }[];

function collect(collector: PostingCollector, skills: readonly Skill[]): PostingCollector {
  for (const fields of skills) {
    fields.forEach(({ keys, text }, f) => {
      for (const k of keys) collector.addKey(f, k);
      collector.addText(f, text);
    });
    collector.endSkill();
  }
  return collector;
}

describe("PostingCollector.addText", () => {
  it("adds exactly the analyser's terms of the text", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(text, fc.oneof(text, fc.string({ unit: "binary", maxLength: 40 }))), { maxLength: 12 }), (docs) => {
        const fast = new PostingCollector(2);
        const plain = new PostingCollector(2);
        for (const fields of docs) {
          fields.forEach((t, f) => fast.addText(f, t));
          fast.endSkill();
          plain.add(fields.map((t) => terms(t)));
        }
        expect(snapshot(fast.finish())).toEqual(snapshot(plain.finish()));
      }),
      { numRuns: 1000, seed: 17 },
    );
  });
});

describe("PostingCollector.addPhraseText", () => {
  it("adds the terms and adjacent pair keys of each segment, as fieldKeys with pairs", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.oneof(text, fc.string({ unit: "binary", maxLength: 30 })), { maxLength: 3 }), { maxLength: 12 }),
        (docs) => {
          const fast = new PostingCollector(1);
          const plain = new PostingCollector(1);
          for (const segments of docs) {
            for (const segment of segments) fast.addPhraseText(0, segment);
            fast.endSkill();
            plain.add([fieldKeys(segments, true)]);
          }
          expect(snapshot(fast.finish())).toEqual(snapshot(plain.finish()));
        },
      ),
      { numRuns: 1000, seed: 19 },
    );
  });
});

describe("PostingIndex.fromParts", () => {
  const skill = fc.array(
    fc.record({
      keys: fc.uniqueArray(fc.constantFrom("b", "a", "ab", "中文", "\u0001a b", "z", "policy"), { maxLength: 4 }),
      text,
    }),
    { minLength: 3, maxLength: 3 },
  );

  /** `part` with its key ids renumbered so its keys run in reverse order. */
  const reversedKeys = (part: CollectedPart): CollectedPart => {
    const n = part.keys.length;
    for (const field of part.fields) for (const chunk of field.log) for (let i = 0; i < chunk.length; i++) chunk[i] = n - 1 - chunk[i]!;
    return { ...part, keys: [...part.keys].reverse() };
  };

  it("merges 1, 2 or 3 parts, posted with their buffers transferred, into what one collector gives", () => {
    fc.assert(
      fc.property(
        fc.array(skill, { maxLength: 25 }),
        fc.integer({ min: 1, max: 3 }),
        fc.array(fc.nat(), { minLength: 2, maxLength: 2 }),
        (skills, partCount, rawCuts) => {
          const cuts = rawCuts
            .slice(0, partCount - 1)
            .map((c) => c % (skills.length + 1))
            .sort((a, b) => a - b);
          const bounds = [0, ...cuts, skills.length];
          const parts: CollectedPart[] = [];
          for (let p = 0; p + 1 < bounds.length; p++) {
            const part = collect(new PostingCollector(3, bounds[p]), skills.slice(bounds[p], bounds[p + 1])).part();
            // What postMessage does to a part sent with its transfer list.
            parts.push(structuredClone(part, { transfer: partTransferList(part) }));
            expect(part.fields[0]!.ends.byteLength).toBe(0);
          }
          // A collector hands its keys over sorted, so the merge is a walk of sorted runs.
          for (const part of parts) expect(part.keys).toEqual([...part.keys].sort());
          // Parts whose keys are not sorted (written by hand) take the merge with a key table and a sort.
          const unsorted = parts.map((part) => reversedKeys(structuredClone(part)));
          const merged = PostingIndex.fromParts(parts);
          const whole = collect(new PostingCollector(3), skills).finish();
          expect(snapshot(merged)).toEqual(snapshot(whole));
          expect(snapshot(PostingIndex.fromParts(unsorted))).toEqual(snapshot(whole));
        },
      ),
      { numRuns: 300, seed: 23 },
    );
  });

  it("refuses parts out of ordinal order, with other field counts, or none", () => {
    const part = (first: number, count: number, fields = 2) => {
      const c = new PostingCollector(fields, first);
      for (let i = 0; i < count; i++) {
        c.addKey(0, "k");
        c.endSkill();
      }
      return c.part();
    };
    expect(() => PostingIndex.fromParts([part(0, 2), part(3, 1)])).toThrow(/starts at ordinal 3, expected 2/);
    expect(() => PostingIndex.fromParts([part(0, 2), part(2, 1, 3)])).toThrow(/expected 2 fields/);
    expect(() => PostingIndex.fromParts([])).toThrow(/no parts/);
    expect([...PostingIndex.fromParts([part(5, 2)]).list(0, 0)]).toEqual([5, 6]);
  });

  it("ends the collector once handed over", () => {
    const c = new PostingCollector(1);
    c.part();
    expect(() => c.endSkill()).toThrow(/already finished/);
    expect(() => c.finish()).toThrow(/already finished/);
  });
});
