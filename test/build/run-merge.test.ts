// The first pass's runs merged by SortedRunMerger (run-merge.ts) give the index one collector over
// every skill gives, and the same arrays as PartMerger (the build cache stores them as they are):
// for any cut of the ordinals into runs, keys shared or not between runs, and a run whose keys
// come unsorted.

import { describe, expect, it } from "vitest";
import {
  type CollectedPart,
  PartMerger,
  PostingCollector,
  type PostingIndex,
  sharedBuffers,
} from "../../src/build/search-index/collect-postings.js";
import { SortedRunMerger } from "../../src/build/search-index/run-merge.js";

const WORDS = ["deploy", "app", "cloudflare", "部署", "review", "pull", "request", "x", "zeta", "alpha", "Ünïcode", "k8s", "helm"];

/** Skill `s`'s texts: a few words picked by a small deterministic walk, so runs share some keys and not others. */
function textOf(s: number, salt: number): string {
  const n = (s * 7 + salt) % 5;
  return Array.from({ length: n + 1 }, (_, k) => WORDS[(s * 3 + k * salt + salt) % WORDS.length]!).join(" ");
}

function collect(c: PostingCollector, from: number, to: number): PostingCollector {
  for (let s = from; s < to; s++) {
    c.addPhraseText(0, textOf(s, 1));
    c.addPhraseText(1, textOf(s, 2));
    // A key only this skill holds, so every run brings keys of its own.
    c.addText(2, `${textOf(s, 3)} only${s}`);
    c.endSkill();
  }
  return c;
}

const runsOf = (cuts: readonly number[]): CollectedPart[] =>
  cuts.slice(0, -1).map((from, r) => collect(new PostingCollector(3, from), from, cuts[r + 1]!).part());

const every = (index: PostingIndex) => index.keys.map((key, i) => [key, ...[0, 1, 2].map((f) => [...index.list(i, f)])]);

describe("SortedRunMerger", () => {
  it.each([[[0, 60]], [[0, 1, 2, 60]], [[0, 17, 40, 41, 60]], [[0, 30, 60]]])(
    "merges the runs cut at %j into the one collector's index",
    (cuts) => {
      const merger = new SortedRunMerger();
      for (const run of runsOf(cuts)) merger.add(run);
      const merged = merger.finish();
      const whole = collect(new PostingCollector(3, 0), 0, 60).finish();
      expect(every(merged)).toEqual(every(whole));
      expect(merged.keys.length).toBeGreaterThan(60);

      const reference = new PartMerger();
      for (const run of runsOf(cuts)) reference.add(run);
      const expected = reference.finish().snapshot();
      const got = merged.snapshot();
      expect(got.keys).toEqual(expected.keys);
      expect([...got.keyOrder]).toEqual([...expected.keyOrder]);
      expect(got.fields.map((f) => [[...f.start], [...f.ordinals]])).toEqual(expected.fields.map((f) => [[...f.start], [...f.ordinals]]));
    },
  );

  it("takes a run whose keys are not sorted", () => {
    const runs = runsOf([0, 25, 60]);
    // The second run's keys reversed, its logs renumbered to match: the same run, unsorted.
    const run = runs[1]!;
    const count = run.keys.length;
    run.keys.reverse();
    for (const field of run.fields) for (const chunk of field.log) for (let i = 0; i < chunk.length; i++) chunk[i] = count - 1 - chunk[i]!;
    const merger = new SortedRunMerger();
    for (const r of runs) merger.add(r);
    expect(every(merger.finish())).toEqual(every(collect(new PostingCollector(3, 0), 0, 60).finish()));
  });

  it("merges into shared buffers, the same arrays, for a worker thread to read in place", () => {
    const merge = (buffers?: typeof sharedBuffers) => {
      const merger = new SortedRunMerger();
      for (const run of runsOf([0, 17, 40, 60])) merger.add(run);
      return merger.finish(buffers).snapshot();
    };
    const plain = merge();
    const shared = merge(sharedBuffers);
    for (const a of [shared.keyOrder, ...shared.fields.flatMap((f) => [f.start, f.ordinals])])
      expect(a.buffer).toBeInstanceOf(SharedArrayBuffer);
    for (const a of [plain.keyOrder, ...plain.fields.flatMap((f) => [f.start, f.ordinals])])
      expect(a.buffer).not.toBeInstanceOf(SharedArrayBuffer);
    expect(shared.keys).toEqual(plain.keys);
    expect([...shared.keyOrder]).toEqual([...plain.keyOrder]);
    expect(shared.fields.map((f) => [[...f.start], [...f.ordinals]])).toEqual(plain.fields.map((f) => [[...f.start], [...f.ordinals]]));
  });

  it("refuses runs out of ordinal order and an empty merge", () => {
    const merger = new SortedRunMerger();
    merger.add(collect(new PostingCollector(3, 0), 0, 10).part());
    expect(() => merger.add(collect(new PostingCollector(3, 20), 20, 30).part())).toThrow(/expected 10/);
    expect(() => new SortedRunMerger().finish()).toThrow(/no parts/);
  });
});
