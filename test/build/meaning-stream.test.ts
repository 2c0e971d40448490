// The meaning model learned from the first pass's runs on disk a range of keys at a time
// (meaning-stream.ts) is the model relatedTerms learns from the merged index, and the build cache's
// file it writes is the one writeStored writes for that index: for any range size (one key a range,
// a few, all at once) and any cut of the documents into runs.

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeStored } from "../../src/build/cache/index-store.js";
import { type CollectedPart, PostingCollector, PostingIndex } from "../../src/build/search-index/collect-postings.js";
import { MEANING_ABOUT, MEANING_BODY, MEANING_FIELDS } from "../../src/build/search-index/meaning-collect.js";
import { relatedTerms } from "../../src/build/search-index/meaning-model.js";
import { streamedMeaning } from "../../src/build/search-index/meaning-stream.js";
import { writePart } from "../../src/build/search-index/part-file.js";
import { seeded } from "../../src/synth/random.js";

const dir = mkdtempSync(join(tmpdir(), "meaning-stream-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Documents whose bodies use words that go with their names' words (each job has its own
 * vocabulary), plus common words and a few Cyrillic ones: enough for the model to relate many words.
 */
function documents(count: number): [string, string][] {
  const next = seeded(7).next;
  const pick = (n: number) => Math.floor(next() * n);
  return Array.from({ length: count }, () => {
    const job = pick(30);
    const about = `tool${job} helper${job % 9} ${pick(4) === 0 ? `rare${pick(200)}` : "kit"}${job % 4 === 0 ? ` инструмент${job}` : ""}`;
    const body = Array.from({ length: 14 }, (_, k) =>
      k % 3 === 0 ? `word${job * 5 + pick(5)}` : k % 3 === 1 ? `common${pick(12)}` : pick(8) === 0 ? `слово${job % 4}` : `term${pick(400)}`,
    ).join(" ");
    return [about, body];
  });
}

/** The documents collected as the first pass does, cut into runs at `cuts`. */
function runs(docs: readonly [string, string][], cuts: readonly number[]): CollectedPart[] {
  return cuts.slice(0, -1).map((from, r) => {
    const c = new PostingCollector(MEANING_FIELDS, from);
    for (const [about, body] of docs.slice(from, cuts[r + 1])) {
      c.addText(MEANING_ABOUT, about);
      c.addText(MEANING_BODY, body);
      c.endSkill();
    }
    return c.part();
  });
}

describe("streamedMeaning", () => {
  const docs = documents(600);
  const whole = PostingIndex.fromParts(runs(docs, [0, docs.length]));
  const expected = relatedTerms(whole, docs.length);
  const expectedStore = join(dir, "expected.idx");

  beforeAll(() => writeStored(expectedStore, whole.snapshot()));

  it("relates many words in the fixture (the comparison below is not vacuous)", () => {
    expect(expected.entries.length).toBeGreaterThan(40);
    expect(expected.entries.some(([word]) => word.startsWith("слово"))).toBe(true);
  });

  it.each([
    [[0, 600], 1],
    [[0, 600], 500],
    [[0, 200, 201, 600], 37],
    [[0, 97, 300, 451, 600], 2000],
    [[0, 150, 300, 450, 600], 1e9],
  ])(
    "learns from runs cut at %j, %d body postings a range, what relatedTerms learns from the merged index",
    async (cuts, rangePostings) => {
      const files = await Promise.all(
        runs(docs, cuts).map(async (part, r) => {
          const file = join(dir, `run-${cuts.join("-")}-${rangePostings}-${r}.part`);
          const first = part.first;
          await writePart(file, part);
          return { file, first };
        }),
      );
      const store = join(dir, `store-${cuts.join("-")}-${rangePostings}.idx`);
      const got = await streamedMeaning(files, docs.length, { rangePostings, maxRanges: Number.POSITIVE_INFINITY, store });
      expect(got.entries).toEqual(expected.entries);
      expect(got.stats).toEqual(expected.stats);
      // A key with no body postings joins the range before it.
      if (rangePostings === 1) expect(got.ranges).toBeGreaterThan(100);
      if (rangePostings === 1e9) expect(got.ranges).toBe(1);
      expect(readFileSync(store).equals(readFileSync(expectedStore))).toBe(true);
    },
  );

  it("holds about maxRanges ranges when asked for smaller ones, each then larger", async () => {
    const file = join(dir, "one.part");
    await writePart(file, runs(docs, [0, docs.length])[0]!);
    const got = await streamedMeaning([{ file, first: 0 }], docs.length, { rangePostings: 1, maxRanges: 5 });
    // Each range and the next list hold more than a fifth of the postings: fewer than 10 ranges.
    expect(got.ranges).toBeGreaterThanOrEqual(5);
    expect(got.ranges).toBeLessThan(10);
    expect(got.entries).toEqual(expected.entries);
  });
});
