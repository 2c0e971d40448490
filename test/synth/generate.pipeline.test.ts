// The synthetic corpus: deterministic for a seed, valid records, and text like real skills' —
// a vocabulary that keeps growing with the corpus at the rate fitted to the shared dataset,
// non-Latin scripts, code blocks and identifiers.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { scanTerms } from "../../src/build/search-index/term-scan.js";
import { stableStringify } from "../../src/dataset/json.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { writeSynthetic } from "../../src/node/synth-parallel.js";
import { CategoriesFile, PlatformsFile, SkillRecord } from "../../src/schemas/dataset.js";
import { type SynthOptions, synthesize } from "../../src/synth/generate.js";
import { fitHeaps, heapsAt, SHARED_CURVE } from "../../src/synth/heaps.js";
import { rankedWord } from "../../src/synth/text-model.js";

let base: Omit<SynthOptions, "skills" | "seed">;
beforeAll(async () => {
  const categories = CategoriesFile.parse(JSON.parse(await readFile(join(PROJECT_ROOT, "data", "categories.json"), "utf8")));
  const platforms = PlatformsFile.parse(JSON.parse(await readFile(join(PROJECT_ROOT, "data", "platforms.json"), "utf8")));
  base = { categories, platforms };
});

const corpus = (skills: number, seed = 1) => [...synthesize({ ...base, skills, seed })];
const distinctTerms = (records: readonly SkillRecord[]) => {
  const seen = new Set<string>();
  let files = 0;
  for (const r of records)
    for (const f of r.files) {
      files++;
      for (const t of scanTerms(f.content)) seen.add(t);
    }
  return { terms: seen.size, files };
};

describe("synthesize", () => {
  it("is deterministic for a seed and yields valid records in key order", () => {
    const a = corpus(60, 4);
    expect(JSON.stringify(a)).toBe(JSON.stringify(corpus(60, 4)));
    expect(JSON.stringify(a)).not.toBe(JSON.stringify(corpus(60, 5)));
    for (const r of a) SkillRecord.parse(r);
    const keys = a.map((r) => `${r.owner}/${r.repo}`.toLowerCase());
    expect(keys).toEqual([...keys].sort());
  });

  it("grows its vocabulary with the corpus as the shared dataset's curve does", () => {
    const small = distinctTerms(corpus(150));
    const large = distinctTerms(corpus(600));
    const fit = fitHeaps(SHARED_CURVE);
    // Within a third of the real curve at both sizes, and growing by Heaps' law, not saturating.
    for (const { terms, files } of [small, large]) expect(terms / heapsAt(fit, files)).toBeGreaterThan(0.67);
    for (const { terms, files } of [small, large]) expect(terms / heapsAt(fit, files)).toBeLessThan(1.5);
    const beta = Math.log(large.terms / small.terms) / Math.log(large.files / small.files);
    expect(beta).toBeGreaterThan(0.45);
    expect(beta).toBeLessThan(0.85);
  });

  it("writes non-Latin text, code blocks and identifiers", () => {
    const text = corpus(200)
      .flatMap((r) => r.files.map((f) => f.content))
      .join("\n");
    expect(text).toMatch(/\p{Script=Han}{4}/u);
    expect(text).toMatch(/\p{Script=Hangul}{2}/u);
    expect(text).toMatch(/\p{Script=Cyrillic}{4}/u);
    expect(text).toMatch(/```(bash|ts|python|yaml)\n/);
    expect(text).toMatch(/\b[a-z]+[A-Z][a-z]+/);
  });
});

describe("the open-ended word list", () => {
  it("spells every rank differently", () => {
    const words = Array.from({ length: 50_000 }, (_, i) => rankedWord(i * 7 + (i % 3)));
    expect(new Set(words).size).toBe(words.length);
  });
});

describe("fitHeaps", () => {
  it("recovers K and beta from points on a Heaps curve", () => {
    const points = [500, 1000, 4000, 9000].map((n) => [n, 900 * n ** 0.55] as const);
    const fit = fitHeaps(points);
    expect(fit.k).toBeCloseTo(900, 3);
    expect(fit.beta).toBeCloseTo(0.55, 6);
  });
  it("needs two points", () => expect(() => fitHeaps([[1000, 5]])).toThrow(/two points/));
});

describe("a dataset made in parts", () => {
  const lines = (records: readonly SkillRecord[]) => records.map((r) => `${stableStringify(r)}\n`).join("");

  it("joins the parts of any cut into the whole dataset", () => {
    const whole = corpus(50, 2);
    for (const cut of [0, 1, 17, 49, 50]) {
      const head = [...synthesize({ ...base, skills: 50, seed: 2, range: { from: 0, to: cut } })];
      const tail = [...synthesize({ ...base, skills: 50, seed: 2, range: { from: cut, to: 50 } })];
      expect(head.length).toBe(cut);
      expect(lines([...head, ...tail])).toBe(lines(whole));
    }
  });

  it("writes the same bytes with worker threads as one thread does, and reports every record once", async () => {
    const dir = await mkdtemp(join(tmpdir(), "synth-parts-"));
    try {
      const file = join(dir, "skills.jsonl");
      let reported = 0;
      await writeSynthetic({ ...base, skills: 120, seed: 6 }, file, 3, (done) => (reported = done));
      expect(await readFile(file, "utf8")).toBe(lines(corpus(120, 6)));
      expect(reported).toBe(120);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
