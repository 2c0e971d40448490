// One analysis for the first pass's two collectors (src/build/search-index/shared-terms.ts): a body
// scanned once and handed to the term collector whole and to the meaning collector up to its bound
// gives each exactly the part it gets scanning the text itself, on synthetic skills and on bodies
// cut by the bound inside a word, a stop word, a CJK run and a surrogate pair.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CollectedPart, PostingCollector } from "../../src/build/search-index/collect-postings.js";
import { collectMeaning, MEANING_BODY_CHARS, MEANING_FIELDS } from "../../src/build/search-index/meaning-collect.js";
import { collectSkill } from "../../src/build/search-index/search-index.js";
import { SharedTerms, scanPrimaryBody } from "../../src/build/search-index/shared-terms.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { CategoriesFile, PlatformsFile, type SkillRecord } from "../../src/schemas/dataset.js";
import { FIELDS } from "../../src/schemas/fields.js";
import { synthesize } from "../../src/synth/generate.js";

const categories = CategoriesFile.parse(JSON.parse(readFileSync(join(PROJECT_ROOT, "data", "categories.json"), "utf8")));
const platforms = PlatformsFile.parse(JSON.parse(readFileSync(join(PROJECT_ROOT, "data", "platforms.json"), "utf8")));

/** A part as plain data: its keys and, per field, every skill's key list (so two parts compare with toEqual). */
function plain(part: CollectedPart) {
  return {
    first: part.first,
    count: part.count,
    keys: part.keys,
    fields: part.fields.map(({ log, ends }) => {
      const all = log.flatMap((chunk) => [...chunk]);
      return [...ends].map((end, j) => all.slice(j === 0 ? 0 : ends[j - 1], end).map((id) => part.keys[id]));
    }),
  };
}

/** The two collectors' parts over `records`, each analysing its own text (as before) or sharing one analysis. */
function parts(records: readonly SkillRecord[], shared: boolean) {
  const terms = new SharedTerms();
  const index = shared ? new PostingCollector(FIELDS.length, 0, terms) : new PostingCollector(FIELDS.length);
  const meaning = shared ? new PostingCollector(MEANING_FIELDS, 0, terms) : new PostingCollector(MEANING_FIELDS);
  for (const r of records) {
    const body = shared ? scanPrimaryBody(terms, r) : undefined;
    collectSkill(index, r, body);
    collectMeaning(meaning, r, body);
  }
  return { index: plain(index.part()), meaning: plain(meaning.part()) };
}

/** `base` with its primary SKILL.md's body replaced by `body` (after a frontmatter block, or none). */
function withBody(base: SkillRecord, body: string, frontmatter = true): SkillRecord {
  const r = structuredClone(base);
  const primary = r.files.find((f) => f.path === r.primary)!;
  primary.content = frontmatter ? `---\r\nname: ${primary.name}\r\n---\r\n\r\n${body}` : body;
  return r;
}

const synthetic = [...synthesize({ skills: 30, seed: 9, categories, platforms })];
const base = synthetic.find((r) => r.files.length > 1)!;
/** Text that fills the body up to `at` characters before the bound. */
const upTo = (at: number) => "word ".repeat(Math.ceil(at / 5)).slice(0, at);
const B = MEANING_BODY_CHARS;

describe("SharedTerms: one analysis for the term and meaning collectors", () => {
  it("gives both collectors the parts they get alone, over synthetic skills", () => {
    expect(parts(synthetic, true)).toEqual(parts(synthetic, false));
  });

  it("gives the same parts when the meaning bound cuts a body anywhere", () => {
    const bodies = [
      `${upTo(B - 3)}running fast`, // a word cut to another term ("run")
      `${upTo(B - 2)}about the rest`, // a stop word cut to a term ("abou")
      `${upTo(B - 1)}x the`, // a one-letter word ending on the bound
      `${upTo(B - 3)}中文字符 more`, // a CJK run cut: its pairs
      `${upTo(B - 1)}𝒜𝒝 more`, // a surrogate pair cut in half
      upTo(B), // exactly the bound
      upTo(B - 1),
      `${"the and of ".repeat(400)}late terms`, // no term before the bound
      "", // an empty body
      `${upTo(B + 40)}tail`, // the bound falls in the filler
    ];
    const records = bodies.flatMap((body, i) => [withBody(base, body), withBody(base, body, i % 2 === 0)]);
    expect(parts(records, true)).toEqual(parts(records, false));
  });

  it("takes a body's start as scanned exactly as scanning the cut text", () => {
    const pieces = ["run", "ning", "the", "about", " ", "\n", "中", "文", "😀", "𝒜", "é", "-", "Ab", "ies", "s"];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 80 }), fc.nat(200), (p, limit) => {
        const text = p.join("");
        const terms = new SharedTerms();
        const scanned = new PostingCollector(1, 0, terms);
        scanned.addScanned(0, terms.scanBody(text, 0), limit);
        scanned.endSkill();
        const alone = new PostingCollector(1);
        alone.addText(0, text.slice(0, limit));
        alone.endSkill();
        expect(plain(scanned.part())).toEqual(plain(alone.part()));
      }),
      { numRuns: 1000, seed: 21 },
    );
  });

  it("refuses a body another collector's terms scanned", () => {
    const body = new SharedTerms().scanBody("some text", 0);
    expect(() => new PostingCollector(1).addScanned(0, body)).toThrow(/another collector/);
  });
});
