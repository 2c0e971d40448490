// The parts of the search index added on top of the term shards, built from what the term index
// build already holds: the nested-skill index (names and descriptions of a collection's other
// SKILL.md files, per nested id), the typo vocabulary (every indexed word under its typo keys),
// and the precomputed unions of prefixes too big to expand at query time.
import { toLittleEndian } from "../../contract/columns.js";
import { NESTED_INFO_PER_FILE, type NestedManifest, type RangeShard, type TypoManifest } from "../../contract/search-manifest.js";
import type { TypoEntry } from "../../contract/typo-shard.js";
import { stableStringify } from "../../dataset/json.js";
import { isTypoWord } from "../../search/typo.js";
import type { OutputSink } from "../output.js";
import { PostingCollector } from "./collect-postings.js";
import { prefixUnions } from "./prefix-unions.js";
import type { NestedSkill } from "./search-document.js";
import { hashName, type KeyLists, writeTermShards } from "./search-shards.js";
import { writeTypoShards } from "./typo-shards.js";

/** One index family as the build sees it: its sorted keys (words and pair keys) and the lists of key `i`. */
export interface BuiltFamily {
  keys: readonly string[];
  listsAt: (i: number) => KeyLists;
  docCount: number;
}

export interface SearchExtras {
  prefixes: RangeShard[];
  nested: NestedManifest;
  typo: TypoManifest;
}

const isPair = (key: string) => key.startsWith("\u0001");

/**
 * The nested skills' keys and lists (name, description) per nested id, through the term index's
 * collector: each spelling is analysed once (term-scan.ts), not every sight of it, and the keys come
 * out sorted, with no table of every key (at 100k skills 40,000 nested skills hold 656,000 keys).
 */
function nestedFamily(skills: readonly NestedSkill[]): BuiltFamily & { skills: readonly NestedSkill[] } {
  const collector = new PostingCollector(2);
  for (const s of skills) {
    collector.addPhraseText(0, s.name);
    collector.addPhraseText(1, s.description);
    collector.endSkill();
  }
  const index = collector.finish();
  return { keys: index.keys, listsAt: (i) => [index.list(i, 0), index.list(i, 1)], docCount: skills.length, skills };
}

async function writePrefixUnions(sink: OutputSink, dir: "prefixes", family: BuiltFamily, threshold: number): Promise<RangeShard[]> {
  const at = family.keys.flatMap((k, i) => (isPair(k) ? [] : [i]));
  const unions = prefixUnions(
    at.map((i) => family.keys[i]!),
    (j) => family.listsAt(at[j]!),
    family.docCount,
    threshold,
  );
  const prefixes = unions.map(([p]) => p);
  return (await writeTermShards(sink, dir, prefixes, (i) => unions[i]![1], family.docCount)).shards;
}

/**
 * The typo vocabulary: every word of the families that isTypoWord takes, sorted, with how often it
 * is indexed over every family and field (typo matches are ranked by it). The families' keys are sorted, so their words are merged in one pass,
 * with no table of every key (at 100k skills 1.6M keys, of which 338k are typo words).
 */
function vocabulary(families: readonly BuiltFamily[]): TypoEntry[] {
  const weight = (family: BuiltFamily, i: number) => family.listsAt(i).reduce((s, l) => s + (l?.length ?? 0), 0);
  const at = families.map(() => 0);
  const out: TypoEntry[] = [];
  for (;;) {
    let word: string | undefined;
    families.forEach((f, k) => {
      const key = f.keys[at[k]!];
      if (key !== undefined && (word === undefined || key < word)) word = key;
    });
    if (word === undefined) return out;
    let n = 0;
    families.forEach((f, k) => {
      if (f.keys[at[k]!] === word) n += weight(f, at[k]!++);
    });
    if (isTypoWord(word)) out.push([word, n]);
  }
}

export async function writeSearchExtras(
  nestedSkills: readonly NestedSkill[],
  main: BuiltFamily,
  sink: OutputSink,
  maxExpansions: number,
  log: (line: string) => void,
): Promise<SearchExtras> {
  const nested = nestedFamily(nestedSkills);
  const nestedTerms = await writeTermShards(sink, "nested", nested.keys, nested.listsAt, nested.docCount);
  const owners = toLittleEndian(Uint32Array.from(nested.skills, (s) => s.owner));
  const ownersFile = hashName("nested", owners, "bin");
  await sink.write(ownersFile, owners);
  const info: string[] = [];
  for (let from = 0; from < nested.skills.length; from += NESTED_INFO_PER_FILE) {
    const text = stableStringify(nested.skills.slice(from, from + NESTED_INFO_PER_FILE).map((s) => [s.name, s.path]));
    const file = hashName("skills", text, "json");
    await sink.write(file, text);
    info.push(file);
  }
  log(`search: ${nested.skills.length} nested skills, ${nested.keys.length} keys in ${nestedTerms.shards.length} shards`);

  const prefixes = await writePrefixUnions(sink, "prefixes", main, maxExpansions);
  const nestedPrefixes = await writePrefixUnions(sink, "prefixes", nested, maxExpansions);
  log(`search: ${prefixes.length + nestedPrefixes.length} shards of precomputed prefixes`);

  const typo = await writeTypoShards(sink, vocabulary([main, nested]));
  log(`search: typo vocabulary of ${typo.words} words, ${typo.keys} typo keys in ${typo.shards.length} shards`);
  return {
    prefixes,
    nested: { docCount: nested.docCount, terms: nestedTerms.shards, prefixes: nestedPrefixes, owners: ownersFile, info },
    typo,
  };
}
