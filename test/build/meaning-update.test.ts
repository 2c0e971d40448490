// The meaning model updated for what changed equals the model learned again from the whole corpus,
// entry for entry, over synthetic SKILL.md files changed in place in several ways: bodies, names and
// descriptions that take up (or drop) other files' name-and-description terms, so target terms
// enter and leave, and nothing changed at all; and over small hand-made corpora that hit each of the
// update's rules (meaning-update.ts): a term's list grown, shrunk, crossing the target bounds, a
// changed term inside a word's entry, and a term tying the weakest weight of a full entry, on either
// side of it by key order. In-process, over a few hundred skills.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { indexOf, type StoredIndex, storedOf } from "../../src/build/cache/index-store.js";
import type { OutputSink } from "../../src/build/output.js";
import { PostingCollector, PostingIndex } from "../../src/build/search-index/collect-postings.js";
import { collectMeaning, MEANING_ABOUT, MEANING_BODY, MEANING_FIELDS } from "../../src/build/search-index/meaning-collect.js";
import { MAX_TARGET_SHARE, relatedTerms } from "../../src/build/search-index/meaning-model.js";
import { writeMeaning, writeUpdatedMeaning } from "../../src/build/search-index/meaning-pass.js";
import { affectedWords, mergeEntries, updatableReason } from "../../src/build/search-index/meaning-update.js";
import type { RelatedEntry } from "../../src/contract/related-shard.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { CategoriesFile, PlatformsFile, type SkillRecord } from "../../src/schemas/dataset.js";
import { synthesize } from "../../src/synth/generate.js";

const categories = CategoriesFile.parse(JSON.parse(readFileSync(join(PROJECT_ROOT, "data", "categories.json"), "utf8")));
const platforms = PlatformsFile.parse(JSON.parse(readFileSync(join(PROJECT_ROOT, "data", "platforms.json"), "utf8")));
const records = [...synthesize({ skills: 160, seed: 5, categories, platforms })];

interface Corpus {
  stored: StoredIndex;
  documents: number;
}

function corpus(rs: readonly SkillRecord[]): Corpus {
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

/** The model over `next` updated from `previousModel` over `old`, and the model over `next` learned in full. */
function update(old: Corpus, previousModel: RelatedEntry[], next: Corpus) {
  const full = relatedTerms(indexOf(next.stored), next.documents).entries;
  const found = affectedWords(old.stored, next.stored, next.documents, previousModel);
  const fresh = relatedTerms(indexOf(next.stored), next.documents, () => {}, found.affected).entries;
  const words = new Set(next.stored.keys.filter((_, i) => found.affected[i] === 1));
  const updated = mergeEntries(previousModel, fresh, new Set([...words, ...found.gone]));
  return { full, updated, affected: words.size, keys: next.stored.keys.length, rules: found.rules, words };
}

/** The model over `after` updated from the model over the records, and the model over `after` in full. */
const both = (after: readonly SkillRecord[]) => update(base, baseModel, corpus(after));

/** A hand-made corpus: one document per file, its names-and-descriptions text and its body. */
function handMade(files: readonly { about: string; body: string }[]): Corpus {
  const collector = new PostingCollector(MEANING_FIELDS);
  for (const f of files) {
    collector.addText(MEANING_ABOUT, f.about);
    collector.addText(MEANING_BODY, f.body);
    collector.endSkill();
  }
  return { stored: storedOf(PostingIndex.fromParts([collector.part()])), documents: files.length };
}

/** `count` files of filler (one made-up word each, in no other file), to give the corpus its size. */
const filler = (count: number) =>
  Array.from({ length: count }, (_, k) => ({
    about: `filler${String.fromCharCode(97 + (k % 26))}${String.fromCharCode(97 + Math.floor(k / 26))}x`,
    body: "",
  }));

/** The hand-made corpus before and after, compared as `update` compares them. */
function handUpdate(before: readonly { about: string; body: string }[], after: readonly { about: string; body: string }[]) {
  const old = handMade(before);
  const previousModel = relatedTerms(indexOf(old.stored), old.documents).entries;
  return { ...update(old, previousModel, handMade(after)), before: previousModel };
}

const entryOf = (entries: RelatedEntry[], word: string) => entries.find((e) => e[0] === word)?.[1].map(([t]) => t);

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

  // 80 files: targets are terms in 2 to 4 files' names and descriptions (5%).
  const EIGHT = ["bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india"];
  /** Files 0 and 1 name the eight terms and hold `quebec` in their bodies; file 2 names `tie` too, and file 3 `quebec`'s neighbour. */
  const tieCorpus = (tie: string, named: boolean) => [
    { about: `${EIGHT.join(" ")} ${tie}`, body: "quebec" },
    { about: `${EIGHT.join(" ")} ${tie}`, body: "quebec" },
    { about: named ? `${tie} romeo` : "romeo", body: "sierra" },
    ...filler(77),
  ];

  it("lets a term whose list shrank into a full entry when it ties the weakest weight and comes first in key order", () => {
    // Before, `alpha` is in 3 files' names (weaker than the eight, all at n 2 of about 2); after, in 2: a tie, and `alpha` comes first.
    const r = handUpdate(tieCorpus("alpha", true), tieCorpus("alpha", false));
    expect(r.updated).toEqual(r.full);
    expect(entryOf(r.before, "quebec")).not.toContain("alpha");
    expect(entryOf(r.full, "quebec")).toContain("alpha");
    expect(entryOf(r.full, "quebec")).not.toContain("india");
    expect(r.rules.entering).toBeGreaterThan(0);
    expect(r.words.has("quebec")).toBe(true);
  });

  it("keeps a full entry when a term whose list shrank ties its weakest weight but comes after it in key order", () => {
    const r = handUpdate(tieCorpus("zulu", true), tieCorpus("zulu", false));
    expect(r.updated).toEqual(r.full);
    expect(entryOf(r.full, "quebec")).toEqual(entryOf(r.before, "quebec"));
    expect(entryOf(r.full, "quebec")).not.toContain("zulu");
    // Counted, compared with the weakest, and not related again.
    expect(r.rules.counted).toBeGreaterThan(0);
    expect(r.words.has("quebec")).toBe(false);
  });

  it("relates a word again when a term inside its entry grows, and never for a term that only grew outside entries", () => {
    // `kilo` (in 3 names) is in `lima`'s entry; file 4 names it too (about 4, still a target): its weight falls.
    // `zebra` (files 4 and 5) had no entry; file 4 naming `kilo` makes them share 2 files: only rule B sees it.
    const files = (grown: boolean) => [
      { about: "kilo", body: "lima" },
      { about: "kilo", body: "lima" },
      { about: "papa", body: "mike" },
      { about: "papa", body: "mike" },
      { about: grown ? "kilo papa" : "nothing", body: "zebra" },
      { about: "kilo", body: "zebra" },
      ...filler(74),
    ];
    const r = handUpdate(files(false), files(true));
    expect(r.updated).toEqual(r.full);
    expect(r.full).not.toEqual(r.before);
    expect(entryOf(r.before, "lima")).toEqual(["kilo"]);
    expect(r.rules.entries).toBeGreaterThan(0);
    expect(r.words.has("lima")).toBe(true);
    expect(r.words.has("mike")).toBe(true);
    // `zebra` is in file 4, whose names changed: related again by the lookup of that file in its lists.
    expect(entryOf(r.before, "zebra")).toBeUndefined();
    expect(entryOf(r.full, "zebra")).toEqual(["kilo"]);
    expect(r.words.has("zebra")).toBe(true);
    expect(r.rules.files).toBeGreaterThan(0);
    // Both terms only grew: no word is counted for a term that may enter.
    expect(r.rules.counted).toBe(0);
    expect(r.rules.entering).toBe(0);
  });

  it("follows terms across the target bounds: one shrinking into the targets, one growing out, one falling under 2 files", () => {
    const maxDf = Math.floor(80 * MAX_TARGET_SHARE);
    expect(maxDf).toBe(4);
    // `kilo` in 5 names (not a target) shrinks to 4; `mike` in 4 grows to 5; `oscar` in 2 falls to 1.
    const files = (changed: boolean) => [
      ...[0, 1, 2, 3].map(() => ({ about: "kilo", body: "lima" })),
      { about: changed ? "none" : "kilo", body: "" },
      { about: "", body: "lima" },
      ...[0, 1, 2, 3].map(() => ({ about: "mike", body: "november" })),
      { about: changed ? "mike" : "", body: "" },
      { about: "oscar", body: "papa" },
      { about: changed ? "" : "oscar", body: "papa" },
      ...filler(69),
    ];
    const r = handUpdate(files(false), files(true));
    expect(r.updated).toEqual(r.full);
    expect(entryOf(r.before, "lima")).toBeUndefined();
    expect(entryOf(r.full, "lima")).toEqual(["kilo"]);
    expect(entryOf(r.before, "november")).toEqual(["mike"]);
    expect(entryOf(r.full, "november")).toBeUndefined();
    expect(entryOf(r.before, "papa")).toEqual(["oscar"]);
    expect(entryOf(r.full, "papa")).toBeUndefined();
    // `lima` is in no changed file: found by the rule for a term that may enter.
    expect(r.rules.entering).toBeGreaterThan(0);
    expect(r.rules.entries).toBeGreaterThan(0);
  });

  it("relates again the words of a file whose names and descriptions changed, and drops the words gone", () => {
    // File 2's names change (`victor`, in its body, has no entry to check), and `yankee` leaves the
    // only two files that held it (its entry must go).
    const files = (changed: boolean) => [
      { about: "mike", body: "whiskey" },
      { about: "mike", body: changed ? "whiskey" : "whiskey yankee" },
      { about: changed ? "" : "mike", body: changed ? "whiskey victor" : "whiskey yankee victor" },
      { about: "", body: "victor" },
      ...filler(76),
    ];
    const r = handUpdate(files(false), files(true));
    expect(r.updated).toEqual(r.full);
    expect(r.rules.files).toBeGreaterThan(0);
    expect(entryOf(r.before, "yankee")).toBeDefined();
    expect(entryOf(r.full, "yankee")).toBeUndefined();
  });

  it("equals the whole model over a mix of grown and shrunk terms in the synthetic corpus, each rule used", () => {
    const after = edited((r, i) => {
      const other = records[(i * 7 + 2) % records.length]!.files[0]!;
      const words = r.files[0]!.description.split(" ");
      r.files[0]!.description =
        i % 2 === 0 ? words.slice(0, words.length >> 1).join(" ") : `${r.files[0]!.description} ${other.description}`;
    }, 23);
    const { full, updated, rules, affected, keys } = both(after);
    expect(updated).toEqual(full);
    expect(full).not.toEqual(baseModel);
    expect(rules.lists).toBeGreaterThan(0);
    expect(rules.files).toBeGreaterThan(0);
    expect(rules.entries).toBeGreaterThan(0);
    expect(rules.counted).toBeGreaterThan(0);
    expect(affected).toBeLessThan(keys);
  });

  it("writes only the related shards where an entry changed and keeps the others, the shards a whole pass writes", async () => {
    // A new word in the bodies of two files that name a target term: it gets an entry (one shard
    // changes), and nothing else moves.
    const docs = records.flatMap((r, ri) => [...r.files].sort((a, b) => (a.path < b.path ? -1 : 1)).map((f) => ({ ri, path: f.path })));
    const about = base.stored.fields[MEANING_ABOUT]!;
    const target = base.stored.keys.findIndex(
      (k, i) => /^[a-z]{5,}$/.test(k) && about.start[i + 1]! - about.start[i]! >= 2 && about.start[i + 1]! - about.start[i]! <= 4,
    );
    const pair = [about.ordinals[about.start[target]!]!, about.ordinals[about.start[target]! + 1]!].map((d) => docs[d]!);
    const after = records.map((r, ri) => {
      const at = pair.filter((d) => d.ri === ri);
      if (at.length === 0) return r;
      const c = structuredClone(r);
      for (const f of c.files) if (at.some((d) => d.path === f.path)) f.content = `${f.content}\n\nzzzqword`;
      return c;
    });
    const next = corpus(after);
    const memory = () => {
      const files = new Map<string, string>();
      const sink: OutputSink = { write: async (path, data) => void files.set(path, String(data)) };
      return { files, sink };
    };
    const previous = memory();
    const before = await writeMeaning({ files: indexOf(base.stored), documents: base.documents }, previous.sink, () => {});
    const whole = await writeMeaning({ files: indexOf(next.stored), documents: next.documents }, memory().sink, () => {});
    const updated = memory();
    const kept: string[] = [];
    const manifest = await writeUpdatedMeaning(
      { files: indexOf(next.stored), documents: next.documents },
      baseModel,
      affectedWords(base.stored, next.stored, next.documents, baseModel),
      updated.sink,
      () => {},
      {
        shards: before.shards,
        keep: async (file) => {
          kept.push(file);
          return previous.files.has(file);
        },
      },
    );
    expect(manifest).toEqual(whole);
    expect(whole.shards.length).toBeGreaterThan(2);
    // Some shards kept, some written, together the whole pass's; a kept one is the previous build's file.
    expect(relatedTerms(indexOf(next.stored), next.documents).entries.some((e) => e[0] === "zzzqword")).toBe(true);
    expect(kept.length).toBeGreaterThan(0);
    expect(updated.files.size).toBeGreaterThan(0);
    expect(kept.length + updated.files.size).toBe(whole.shards.length);
    for (const file of kept) expect(before.shards.map((s) => s.file)).toContain(file);
  });

  it("is refused when the files are not where they were", () => {
    expect(updatableReason(10, 11, new Int32Array(10))).toMatch(/number of SKILL.md files changed/);
    expect(updatableReason(3, 3, Int32Array.from([0, -1, 2]))).toBeUndefined();
    expect(updatableReason(3, 3, Int32Array.from([0, 2, -1]))).toMatch(/numbered anew/);
  });
});
