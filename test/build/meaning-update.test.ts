// The meaning model updated for what changed equals the model learned again from the whole corpus,
// entry for entry, over synthetic SKILL.md files changed in place in several ways: bodies, names and
// descriptions that take up (or drop) other files' name-and-description terms, so target terms
// enter and leave, and nothing changed at all. In-process, over a few hundred skills.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { indexOf, type StoredIndex, storedOf } from "../../src/build/cache/index-store.js";
import { PostingCollector, PostingIndex } from "../../src/build/search-index/collect-postings.js";
import { collectMeaning, MEANING_FIELDS } from "../../src/build/search-index/meaning-collect.js";
import { relatedTerms } from "../../src/build/search-index/meaning-model.js";
import { affectedWords, mergeEntries, updatableReason } from "../../src/build/search-index/meaning-update.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { CategoriesFile, PlatformsFile, type SkillRecord } from "../../src/schemas/dataset.js";
import { synthesize } from "../../src/synth/generate.js";

const categories = CategoriesFile.parse(JSON.parse(readFileSync(join(PROJECT_ROOT, "data", "categories.json"), "utf8")));
const platforms = PlatformsFile.parse(JSON.parse(readFileSync(join(PROJECT_ROOT, "data", "platforms.json"), "utf8")));
const records = [...synthesize({ skills: 160, seed: 5, categories, platforms })];

function corpus(rs: readonly SkillRecord[]): { stored: StoredIndex; documents: number } {
  const collector = new PostingCollector(MEANING_FIELDS);
  let documents = 0;
  for (const r of rs) {
    collectMeaning(collector, r);
    documents += r.files.length;
  }
  return { stored: storedOf(PostingIndex.fromParts([collector.part()])), documents };
}

const base = corpus(records);
const baseModel = relatedTerms(indexOf(base.stored), base.documents).entries;

/** The model over `after` updated from the model over the records, and the model over `after` in full. */
function both(after: readonly SkillRecord[]) {
  const old = base;
  const next = corpus(after);
  const previous = baseModel;
  const full = relatedTerms(indexOf(next.stored), next.documents).entries;
  const affected = affectedWords(old.stored, next.stored, next.documents);
  const fresh = relatedTerms(indexOf(next.stored), next.documents, () => {}, affected).entries;
  const words = new Set(next.stored.keys.filter((_, i) => affected[i] === 1));
  return { full, updated: mergeEntries(previous, fresh, words), affected: words.size, keys: next.stored.keys.length };
}

const edited = (edit: (r: SkillRecord, i: number) => void, every: number) =>
  records.map((r, i) => {
    if (i % every !== 3) return r;
    const c = structuredClone(r);
    edit(c, i);
    return c;
  });

describe("the meaning model updated for what changed", () => {
  it("equals the whole model when bodies change", () => {
    const after = edited((r, i) => {
      r.files[0]!.content = `${r.files[0]!.content}\n\n${records[(i + 7) % records.length]!.files[0]!.content.slice(0, 2000)}`;
    }, 17);
    const { full, updated, affected, keys } = both(after);
    expect(updated).toEqual(full);
    expect(affected).toBeGreaterThan(0);
    expect(affected).toBeLessThan(keys);
  });

  it("equals the whole model when names and descriptions take up and drop other files' terms", () => {
    const after = edited((r, i) => {
      const other = records[(i * 13 + 5) % records.length]!.files[0]!;
      r.files[0]!.description = i % 2 === 0 ? other.description : "Short.";
      r.files[0]!.name = i % 3 === 0 ? other.name : r.files[0]!.name;
    }, 11);
    const { full, updated } = both(after);
    expect(updated).toEqual(full);
    expect(full).not.toEqual(baseModel);
  });

  it("equals the whole model when one description is emptied of every shared term, and when nothing changed", () => {
    const one = records.map((r, i) => (i === 100 ? { ...r, files: r.files.map((f) => ({ ...f, description: "Zqxv." })) } : r));
    const emptied = both(one);
    expect(emptied.updated).toEqual(emptied.full);
    const same = both(records);
    expect(same.affected).toBe(0);
    expect(same.updated).toEqual(same.full);
  });

  it("is refused when the files are not where they were", () => {
    expect(updatableReason(10, 11, new Int32Array(10))).toMatch(/number of SKILL.md files changed/);
    expect(updatableReason(3, 3, Int32Array.from([0, -1, 2]))).toBeUndefined();
    expect(updatableReason(3, 3, Int32Array.from([0, 2, -1]))).toMatch(/numbered anew/);
  });
});
