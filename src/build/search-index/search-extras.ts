// The parts of the search index added on top of the term shards, built from what the term index
// build already holds: the nested-skill index (names and descriptions of a collection's other
// SKILL.md files, per nested id), the typo vocabulary (every indexed word under its typo keys),
// and the precomputed unions of prefixes too big to expand at query time.
import { toLittleEndian } from "../../contract/columns.js";
import { NESTED_INFO_PER_FILE, type NestedManifest, type RangeShard, type TypoManifest } from "../../contract/search-manifest.js";
import type { TypoEntry } from "../../contract/typo-shard.js";
import { stableStringify } from "../../dataset/json.js";
import { isTypoWord } from "../../search/typo.js";
import { lowerBound } from "../lower-bound.js";
import type { OutputSink } from "../output.js";
import { type ListLookup, PostingCollector, type PostingIndex } from "./collect-postings.js";
import { type PrefixPatch, patchPrefixUnions } from "./prefix-patch.js";
import { prefixUnions } from "./prefix-unions.js";
import type { NestedSkill } from "./search-document.js";
import { type SearchPatch, shardPatch } from "./search-patch.js";
import { hashName, type KeyLists, writeTermShards } from "./search-shards.js";
import { patchTypoShards } from "./typo-patch.js";
import { writeTypoShards } from "./typo-shards.js";

/** One index family as the build sees it: its sorted keys (words and pair keys) and the lists of key `i`. */
export interface BuiltFamily {
  /** The family's index (keys and lists by key). */
  index: PostingIndex;
  keys: readonly string[];
  listsAt: (i: number) => KeyLists;
  docCount: number;
  /** The summed lengths of key `i`'s lists (its weight in the typo vocabulary), without making them. */
  weightAt: (i: number) => number;
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
function nestedFamily(skills: readonly NestedSkill[], cached?: PostingIndex): BuiltFamily & { skills: readonly NestedSkill[] } {
  let index = cached;
  if (!index) {
    const collector = new PostingCollector(2);
    for (const s of skills) {
      collector.addPhraseText(0, s.name);
      collector.addPhraseText(1, s.description);
      collector.endSkill();
    }
    index = collector.finish();
  }
  const built = index;
  return {
    keys: built.keys,
    listsAt: (i) => [built.list(i, 0), built.list(i, 1)],
    weightAt: (i) => built.postingCount(i),
    docCount: skills.length,
    skills,
    index: built,
  };
}

/**
 * A family's prefix unions: patched from the previous build's where it can be (prefix-patch.ts),
 * kept whole when the family is the previous one (`same`), else written whole.
 */
async function writePrefixUnions(
  sink: OutputSink,
  family: BuiltFamily,
  threshold: number,
  log: (line: string) => void,
  patch?: Omit<PrefixPatch, "before"> & { before?: ListLookup; same: boolean },
): Promise<RangeShard[]> {
  if (
    patch?.same &&
    (await keepAll(
      patch.previous.map((s) => s.file),
      patch.keep,
    ))
  )
    return [...patch.previous];
  if (patch?.before) {
    const done = await patchPrefixUnions(sink, family.index, threshold, family.docCount, { ...patch, before: patch.before });
    if (typeof done !== "string") {
      log(`search: ${done.moved} prefix unions moved by ${patch.changed.length} changed words`);
      return done.shards;
    }
    log(`search: the prefix unions are written whole: ${done}`);
  }
  const at = family.keys.flatMap((k, i) => (isPair(k) ? [] : [i]));
  const terms = at.map((i) => family.keys[i]!);
  const unions = prefixUnions(terms, (j) => family.listsAt(at[j]!), family.docCount, threshold);
  const prefixes = unions.map(([p]) => p);
  return (await writeTermShards(sink, "prefixes", prefixes, (i) => unions[i]![1], family.docCount)).shards;
}

/** Keeps every one of the previous files (that did not change); false (having kept some) when one cannot be kept. */
async function keepAll(files: readonly string[], keep: (file: string) => Promise<boolean>): Promise<boolean> {
  for (const file of files) if (!(await keep(file))) return false;
  return true;
}

/** The nested skills' owners table (one u32 a nested skill) and info files ([name, path] each), written. */
async function writeNestedTables(sink: OutputSink, skills: readonly NestedSkill[]): Promise<{ owners: string; info: string[] }> {
  const owners = toLittleEndian(Uint32Array.from(skills, (s) => s.owner));
  const ownersFile = hashName("nested", owners, "bin");
  await sink.write(ownersFile, owners);
  const info: string[] = [];
  for (let from = 0; from < skills.length; from += NESTED_INFO_PER_FILE) {
    const text = stableStringify(skills.slice(from, from + NESTED_INFO_PER_FILE).map((s) => [s.name, s.path]));
    const file = hashName("skills", text, "json");
    await sink.write(file, text);
    info.push(file);
  }
  return { owners: ownersFile, info };
}

/**
 * What the typo vocabulary reads of one index family: its sorted keys and each one's weight. A
 * family built in another thread hands over only its typo words (isTypoWord), which give the same
 * vocabulary: the others are never taken.
 */
export interface TypoSource {
  keys: readonly string[];
  weightAt: (i: number) => number;
}

/**
 * The typo vocabulary: every word of the families that isTypoWord takes, sorted, with how often it
 * is indexed over every family and field (typo matches are ranked by it). The families' keys are sorted, so their words are merged in one pass,
 * with no table of every key (at 100k skills 1.6M keys, of which 338k are typo words).
 */
function vocabulary(families: readonly TypoSource[]): TypoEntry[] {
  const at = families.map(() => 0);
  const out: TypoEntry[] = [];
  for (;;) {
    let word: string | undefined;
    families.forEach((f, k) => {
      const key = f.keys[at[k]!];
      if (key !== undefined && (word === undefined || key < word)) word = key;
    });
    if (word === undefined) return out;
    const typo = isTypoWord(word);
    let n = 0;
    families.forEach((f, k) => {
      if (f.keys[at[k]!] !== word) return;
      if (typo) n += f.weightAt(at[k]!);
      at[k]!++;
    });
    if (typo) out.push([word, n]);
  }
}

/** A word's typo entry weight over the families now (undefined: no family holds it), for a patched typo index. */
function weightOf(families: readonly TypoSource[], word: string): number | undefined {
  let n: number | undefined;
  for (const f of families) {
    const i = lowerBound(f.keys, word);
    if (f.keys[i] === word) n = (n ?? 0) + f.weightAt(i);
  }
  return n;
}

/**
 * The typo index: patched when the nested skills are the previous ones (so only the main family's
 * changed keys can change a word's entry), else, or when the patch cannot be made, written whole.
 */
async function writeTypo(
  sink: OutputSink,
  families: readonly TypoSource[],
  patch: SearchPatch | undefined,
  log: (line: string) => void,
): Promise<TypoManifest> {
  if (patch?.nestedSame) {
    const changes = new Map<string, number | undefined>();
    for (const key of patch.changed) if (isTypoWord(key)) changes.set(key, weightOf(families, key));
    const done = await patchTypoShards(sink, { previous: patch.previous.typo, changes, read: patch.read, keep: patch.keep });
    if (typeof done !== "string") {
      log(`search: typo vocabulary patched for ${changes.size} words, ${done.kept} of ${done.typo.shards.length} shards kept`);
      return done.typo;
    }
    log(`search: the typo vocabulary is written whole: ${done}`);
  }
  return writeTypoShards(sink, vocabulary(families));
}

/** Parts of the index a full build writes in other threads (src/build/search-job.ts). */
export interface Offload {
  /** The nested skills' index, being written. */
  nested: Promise<WrittenNested>;
  /** Writes the typo shards of the vocabulary (sorted words with their weights); absent, they are written in this thread. */
  typo?: (vocabulary: readonly TypoEntry[]) => Promise<TypoManifest>;
}

/** The nested skills' part of the index as written: its manifest part, and its family's typo words with their weights, sorted. */
export interface WrittenNested {
  manifest: NestedManifest;
  typo: { words: string[]; weights: Uint32Array };
}

/**
 * The nested skills' index: their term shards, owners table, info files and prefix unions; with a
 * patch whose nested skills are the previous ones, the previous files kept and the cached index read back.
 */
async function writeNested(
  nestedSkills: readonly NestedSkill[],
  sink: OutputSink,
  maxExpansions: number,
  log: (line: string) => void,
  patch: SearchPatch | undefined,
  onNested: ((index: PostingIndex, cached: boolean) => Promise<void>) | undefined,
): Promise<{ manifest: NestedManifest; family: BuiltFamily }> {
  // The same nested skills as the cached index's: read back, not collected again.
  const cached = patch?.nestedSame ? patch.nested : undefined;
  const nested = nestedFamily(nestedSkills, cached);
  await onNested?.(nested.index, cached !== undefined);
  // The same nested skills give the same nested index: every previous shard is kept.
  const nestedPatch = patch?.nestedSame ? shardPatch(patch.previous.nested.terms, [], patch.keep) : undefined;
  const nestedTerms = await writeTermShards(sink, "nested", nested.keys, nested.listsAt, nested.docCount, undefined, nestedPatch);
  // The same nested skills (owners, names, paths): the previous owners table and info files are these.
  const previousNested = patch?.previous.nested;
  const same = patch?.nestedSame && previousNested && (await keepAll([previousNested.owners, ...previousNested.info], patch.keep));
  const { owners, info } = same ? previousNested : await writeNestedTables(sink, nested.skills);
  log(`search: ${nested.skills.length} nested skills, ${nested.keys.length} keys in ${nestedTerms.shards.length} shards`);
  // The same nested skills: the same nested prefixes.
  const prefixes = await writePrefixUnions(
    sink,
    nested,
    maxExpansions,
    log,
    patch?.nestedSame
      ? { previous: patch.previous.nested.prefixes, changed: [], same: true, read: patch.read, keep: patch.keep }
      : undefined,
  );
  return {
    manifest: { docCount: nested.docCount, terms: nestedTerms.shards, prefixes, owners, info: [...info] },
    family: nested,
  };
}

/**
 * The nested skills' index of a full build (no previous index), written whole: what the build runs
 * in a worker thread (src/build/search-job.ts) beside the term index. Its typo words go back with it.
 */
export async function writeNestedIndex(
  nestedSkills: readonly NestedSkill[],
  sink: OutputSink,
  maxExpansions: number,
  log: (line: string) => void,
  onNested?: (index: PostingIndex) => Promise<void>,
): Promise<WrittenNested> {
  const { manifest, family } = await writeNested(nestedSkills, sink, maxExpansions, log, undefined, onNested);
  const at = family.keys.flatMap((k, i) => (isTypoWord(k) ? [i] : []));
  return { manifest, typo: { words: at.map((i) => family.keys[i]!), weights: Uint32Array.from(at, (i) => family.weightAt(i)) } };
}

export async function writeSearchExtras(
  nestedSkills: readonly NestedSkill[],
  main: BuiltFamily,
  sink: OutputSink,
  maxExpansions: number,
  log: (line: string) => void,
  /** An incremental build's view of the previous index (search-patch.ts); the main family's skill count is checked by the caller. */
  patch?: SearchPatch,
  /** Hears of the nested skills' index once built (the build cache keeps it) and whether it is the cached one. */
  onNested?: (index: PostingIndex, cached: boolean) => Promise<void>,
  /** Parts written in other threads: only in a build with no patch. */
  offload?: Offload,
): Promise<Omit<SearchExtras, "typo"> & { typo: Promise<TypoManifest> }> {
  if (offload && patch) throw new Error("parts of the index written elsewhere are for a build with no patch");
  const writtenNested = offload?.nested;
  // Written here (before the main family's prefixes, as the worker's runs beside them), or awaited.
  const nested = writtenNested ? undefined : await writeNested(nestedSkills, sink, maxExpansions, log, patch, onNested);
  const changedTerms = patch ? patch.changed.filter((k) => !isPair(k)) : [];
  const prefixes = await writePrefixUnions(
    sink,
    main,
    maxExpansions,
    log,
    patch && {
      previous: patch.previous.prefixes,
      changed: changedTerms,
      same: changedTerms.length === 0,
      ...(patch.before ? { before: patch.before } : {}),
      read: patch.read,
      keep: patch.keep,
    },
  );
  let manifest: NestedManifest;
  let nestedTypo: TypoSource;
  if (nested) ({ manifest, family: nestedTypo } = nested);
  else {
    const done = await writtenNested!;
    manifest = done.manifest;
    nestedTypo = { keys: done.typo.words, weightAt: (i) => done.typo.weights[i]! };
  }
  log(`search: ${prefixes.length + manifest.prefixes.length} shards of precomputed prefixes`);

  // Written elsewhere, the typo shards are awaited once the caller has written the suggestions.
  const typo = (offload?.typo ? offload.typo(vocabulary([main, nestedTypo])) : writeTypo(sink, [main, nestedTypo], patch, log)).then(
    (t) => {
      log(`search: typo vocabulary of ${t.words} words, ${t.keys} typo keys in ${t.shards.length} shards`);
      return t;
    },
  );
  typo.catch(() => {});
  return { prefixes, nested: manifest, typo };
}
