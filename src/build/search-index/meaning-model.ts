// The meaning model: what words mean in this directory, learned from its own SKILL.md files at build
// time, deterministically and offline. A word's related terms are the words that skills' names and
// descriptions use where the word appears: for a word w and a term t of some names or descriptions,
// their association is the Ochiai coefficient over documents,
//
//   assoc(w, t) = n(w, t) / sqrt(df(w) * about(t))
//
// where df(w) counts the SKILL.md files holding w anywhere (name, description, the start of the
// body), about(t) those whose name or description holds t, and n(w, t) the files with both. It is 1
// when the two always go together and falls with how common either is on its own, so a word that
// every description uses ("use", "skill") relates weakly to everything and the specific words of a
// job ("yara" for "trojan", "terraform" for "declaratively") rise. A file's body explains its job in
// many words, and its name and description name the job: the model links the first to the second.
// Text in one language co-occurs with text in that language, so Chinese words relate to Chinese
// terms, Russian to Russian: no language is mixed into another's neighbourhood.
//
// The input is the analysed corpus (per file, the distinct index terms of its name and description,
// and of its body: src/build/search-index/meaning-collect.ts), the output the related-terms entries
// the shards hold. It is one pass of its own, so an incremental build can run it on its own.
import type { RelatedEntry } from "../../contract/related-shard.js";
import { type Buffers, inBuffers, PostingIndex, plainBuffers, sharedBuffers } from "./collect-postings.js";
import { MEANING_ABOUT, MEANING_BODY } from "./meaning-collect.js";

/** Related terms kept per word (a query reads only a few of them: src/search/meaning.ts). */
export const RELATED_PER_WORD = 8;
/** A pair must share this many files: one shared file is chance as often as meaning. */
export const MIN_SHARED_FILES = 2;
/** Weakest association kept, in hundredths (assoc 0.08). */
export const MIN_WEIGHT = 8;
/**
 * A word in more than this share of the files has no related terms, and a term in more than this
 * share of names and descriptions is no one's related term: such words say little about a job,
 * and the work of relating a word grows with how many files hold it.
 */
export const MAX_TARGET_SHARE = 0.05;
export const MAX_SOURCE_SHARE = 0.2;
/** Added to both counts of the coefficient: a pair seen in 2 files of 2 is weaker evidence than 20 of 20. */
export const SMOOTHING = 3;
/** How many times more often than chance a pair must share files. */
export const MIN_LIFT = 4;

/**
 * The script a key is written in, roughly: CJK pairs, Cyrillic, Greek, Hangul, Arabic, other letters.
 * A word relates only to terms of its own script, so a Chinese file that quotes an English word does
 * not make that word's neighbours Chinese.
 */
export const scriptOf = (key: string): number => {
  const c = key.codePointAt(0)!;
  if ((c >= 0x3040 && c <= 0x30ff) || (c >= 0x3400 && c <= 0x9fff) || (c >= 0xf900 && c <= 0xfaff)) return 1;
  if (c >= 0x0400 && c <= 0x04ff) return 2;
  if (c >= 0x0370 && c <= 0x03ff) return 3;
  if (c >= 0xac00 && c <= 0xd7af) return 4;
  if (c >= 0x0600 && c <= 0x06ff) return 5;
  return 0;
};

/** A word worth relating: at least 2 characters and not only digits (versions, counts, years). */
export const isWord = (key: string): boolean => !key.startsWith("\u0001") && key.length >= 2 && !/^[\p{N}._-]+$/u.test(key);

export interface MeaningStats {
  documents: number;
  sources: number;
  targets: number;
  words: number;
  related: number;
}

/**
 * What relating words reads, as typed arrays only, so that a worker thread can share them
 * (sharedBuffers): the index's lists, each key's script, and the targets (the terms of names and
 * descriptions, numbered in key order) with, per file, the targets it holds.
 */
export interface RelateTables {
  keyOrder: Uint32Array;
  fields: readonly { start: Uint32Array; ordinals: Uint32Array }[];
  documents: number;
  /** Per sorted key: 0 when it is no word (isWord), else 1 + its script (scriptOf). */
  word: Uint8Array;
  /** Per sorted key: its target's number, or NO_TARGET. */
  targetOf: Uint32Array;
  /** Per target: its sorted key, how many names and descriptions hold it, its script. */
  targetKey: Uint32Array;
  aboutDf: Uint32Array;
  targetScript: Uint8Array;
  /** Per file, the targets its name and description hold (compressed rows). */
  rowStart: Uint32Array;
  rows: Uint32Array;
}

/** A range of words related: per word that has related terms, its key and its terms' keys and hundredths, strongest first. */
export interface RelatedRange {
  sources: number;
  words: Uint32Array;
  counts: Uint8Array;
  terms: Uint32Array;
  weights: Uint8Array;
}

const NO_TARGET = 0xffffffff;

/** The most files a word may be in and still be related (MAX_SOURCE_SHARE of them). */
const sourceDfBound = (documents: number): number => Math.max(MIN_SHARED_FILES, Math.floor(documents * MAX_SOURCE_SHARE));

/** The tables relateRange reads, for the index `files` over `documents` SKILL.md files. */
export function relateTables(files: PostingIndex, documents: number, buffers: Buffers = plainBuffers): RelateTables {
  const keys = files.keys;
  const maxDf = Math.max(MIN_SHARED_FILES, Math.floor(documents * MAX_TARGET_SHARE));
  const u32 = (length: number) => new Uint32Array(buffers(length * 4));
  const word = new Uint8Array(buffers(keys.length));
  const targetOf = u32(keys.length).fill(NO_TARGET);
  const targets: number[] = [];
  for (let i = 0; i < keys.length; i++) {
    if (!isWord(keys[i]!)) continue;
    word[i] = 1 + scriptOf(keys[i]!);
    const n = files.list(i, MEANING_ABOUT).length;
    if (n < MIN_SHARED_FILES || n > maxDf) continue;
    targetOf[i] = targets.length;
    targets.push(i);
  }
  const targetKey = u32(targets.length);
  targetKey.set(targets);
  const aboutDf = u32(targets.length);
  const targetScript = new Uint8Array(buffers(targets.length));
  const rowStart = u32(documents + 1);
  targets.forEach((i, t) => {
    const about = files.list(i, MEANING_ABOUT);
    aboutDf[t] = about.length;
    targetScript[t] = word[i]! - 1;
    for (const f of about) rowStart[f + 1]!++;
  });
  for (let f = 0; f < documents; f++) rowStart[f + 1]! += rowStart[f]!;
  const rows = u32(rowStart[documents]!);
  const fill = rowStart.slice(0, documents);
  targets.forEach((i, t) => {
    for (const f of files.list(i, MEANING_ABOUT)) rows[fill[f]!++] = t;
  });
  const { keyOrder, fields } = files.snapshot();
  return {
    keyOrder: inBuffers(keyOrder, buffers),
    fields: fields.map(({ start, ordinals }) => ({ start: inBuffers(start, buffers), ordinals: inBuffers(ordinals, buffers) })),
    documents,
    word,
    targetOf,
    targetKey,
    aboutDf,
    targetScript,
    rowStart,
    rows,
  };
}

/**
 * Relates the words `from` to `to` (sorted keys) of the tables' index. A word's related terms
 * depend on the tables alone, so ranges related apart (in threads of their own) give together what
 * one range over every word gives.
 */
export function relateRange(
  tables: RelateTables,
  from: number,
  to: number,
  progress: (done: number) => void = () => {},
  /** Relate only the words flagged here (by key index): an update of the previous model (meaning-update.ts). */
  only?: Uint8Array,
): RelatedRange {
  const { documents, word, targetOf, aboutDf, targetScript, rowStart, rows } = tables;
  // Only the index's lists are read here, never its keys.
  const files = new PostingIndex([], tables.keyOrder, tables.fields);
  const maxSourceDf = sourceDfBound(documents);
  const shared = new Uint32Array(tables.targetKey.length);
  const touched = new Uint32Array(tables.targetKey.length);
  const words: number[] = [];
  const counts: number[] = [];
  const terms: number[] = [];
  const weights: number[] = [];
  let sources = 0;
  const bestT = new Int32Array(RELATED_PER_WORD);
  const bestW = new Float64Array(RELATED_PER_WORD);
  for (let i = from; i < to; i++) {
    if (i % 20_000 === 0) progress(i);
    if ((only && only[i] !== 1) || word[i] === 0) continue;
    const about = files.list(i, MEANING_ABOUT);
    const body = files.list(i, MEANING_BODY);
    if (about.length + body.length < MIN_SHARED_FILES) continue;
    const df = files.unionCount(i);
    if (df < MIN_SHARED_FILES || df > maxSourceDf) continue;
    sources++;
    // Count, per target, the files of the word that hold it: a merge of the word's two sorted lists.
    let used = 0;
    const visit = (f: number) => {
      for (let r = rowStart[f]!; r < rowStart[f + 1]!; r++) {
        const t = rows[r]!;
        if (shared[t] === 0) touched[used++] = t;
        shared[t]!++;
      }
    };
    forEachOfUnion(about, body, visit);
    // The strongest RELATED_PER_WORD targets, ties to the target first in key order (insertion sort).
    let kept = 0;
    const self = targetOf[i]!;
    const script = word[i]! - 1;
    for (let u = 0; u < used; u++) {
      const t = touched[u]!;
      const n = shared[t]!;
      shared[t] = 0;
      if (n < MIN_SHARED_FILES || t === self || targetScript[t] !== script) continue;
      // Together at least MIN_LIFT times as often as chance, so common words pair only with what they mean.
      if (n * documents < MIN_LIFT * df * aboutDf[t]!) continue;
      const w = n / Math.sqrt((df + SMOOTHING) * (aboutDf[t]! + SMOOTHING));
      if (Math.round(w * 100) < MIN_WEIGHT) continue;
      if (kept === RELATED_PER_WORD && !(w > bestW[kept - 1]! || (w === bestW[kept - 1]! && t < bestT[kept - 1]!))) continue;
      let at = kept < RELATED_PER_WORD ? kept++ : kept - 1;
      while (at > 0 && (w > bestW[at - 1]! || (w === bestW[at - 1]! && t < bestT[at - 1]!))) {
        bestW[at] = bestW[at - 1]!;
        bestT[at] = bestT[at - 1]!;
        at--;
      }
      bestW[at] = w;
      bestT[at] = t;
    }
    if (kept === 0) continue;
    words.push(i);
    counts.push(kept);
    for (let k = 0; k < kept; k++) {
      terms.push(tables.targetKey[bestT[k]!]!);
      weights.push(Math.min(100, Math.round(bestW[k]! * 100)));
    }
  }
  return {
    sources,
    words: Uint32Array.from(words),
    counts: Uint8Array.from(counts),
    terms: Uint32Array.from(terms),
    weights: Uint8Array.from(weights),
  };
}

/** The entries of related ranges given in key order, and the model's figures. */
function relatedOf(
  keys: readonly string[],
  tables: RelateTables,
  ranges: readonly RelatedRange[],
): { entries: RelatedEntry[]; stats: MeaningStats } {
  const entries: RelatedEntry[] = [];
  let sources = 0;
  let related = 0;
  for (const range of ranges) {
    sources += range.sources;
    let at = 0;
    range.words.forEach((i, w) => {
      const list: [string, number][] = [];
      for (const end = at + range.counts[w]!; at < end; at++) list.push([keys[range.terms[at]!]!, range.weights[at]!]);
      // Equal hundredths after rounding: the term A to Z (what a reader sees and a test can check).
      list.sort((p, q) => q[1] - p[1] || (p[0] < q[0] ? -1 : p[0] > q[0] ? 1 : 0));
      entries.push([keys[i]!, list]);
      related += list.length;
    });
  }
  return { entries, stats: { documents: tables.documents, sources, targets: tables.targetKey.length, words: entries.length, related } };
}

/**
 * The related terms of every word of `files` (an index over SKILL.md files: list MEANING_ABOUT of
 * names and descriptions, list MEANING_BODY of bodies; `documents` files in all), sorted by word.
 */
export function relatedTerms(
  files: PostingIndex,
  documents: number,
  progress: (done: number, of: number) => void = () => {},
  /** Relate only the words flagged here (by key index): an update of the previous model (meaning-update.ts). */
  only?: Uint8Array,
): { entries: RelatedEntry[]; stats: MeaningStats } {
  const tables = relateTables(files, documents);
  const of = files.keys.length;
  const range = relateRange(tables, 0, of, (done) => progress(done, of), only);
  progress(of, of);
  return relatedOf(files.keys, tables, [range]);
}

/** Relates a range of words somewhere else: in a worker thread over the same shared tables (src/build/meaning-relate-worker.ts). */
export type RelateElsewhere = (tables: RelateTables, from: number, to: number) => Promise<RelatedRange>;

/** A worker's range of words to relate, the words `from` to `to` (sorted keys). */
export interface RelateJob {
  tables: RelateTables;
  from: number;
  to: number;
}

/**
 * relatedTerms with the words in two ranges of about equal work, the second related `elsewhere`
 * while this thread relates the first: the same entries in about half the time when a core is free.
 * `files`' lists are best in shared buffers already (passes.ts loadMeaning), or they are copied.
 */
export async function relatedTermsSplit(
  files: PostingIndex,
  documents: number,
  elsewhere: RelateElsewhere,
  progress: (done: number, of: number) => void = () => {},
): Promise<{ entries: RelatedEntry[]; stats: MeaningStats }> {
  const tables = relateTables(files, documents, sharedBuffers);
  const of = files.keys.length;
  // A related word's work is a pass over the targets of each of its files: the sum of its files'
  // rows. (Cut by the words' counts of postings alone, the 1M words' two ranges took 32 and 101 s;
  // by their rows, 76 and 63.) A word relateRange passes over (no word, in one file, in too many)
  // costs nothing. The cut leaves half of the work on each side.
  const maxSourceDf = sourceDfBound(documents);
  const { rowStart } = tables;
  const lists = [MEANING_ABOUT, MEANING_BODY];
  const work = (i: number): number => {
    const n = tables.word[i] === 0 ? 0 : files.postingCount(i);
    if (n < MIN_SHARED_FILES || (n > maxSourceDf && files.unionCount(i) > maxSourceDf)) return 0;
    let sum = 0;
    for (const field of lists) for (const f of files.list(i, field)) sum += rowStart[f + 1]! - rowStart[f]! + 1;
    return sum;
  };
  const works = new Float64Array(of);
  let total = 0;
  for (let i = 0; i < of; i++) total += works[i] = work(i);
  let cut = 0;
  for (let sum = 0; cut < of && sum * 2 < total; cut++) sum += works[cut]!;
  const theirs = elsewhere(tables, cut, of);
  // Settled below; until then its failure must not surface as an unhandled rejection.
  theirs.catch(() => {});
  const mine = relateRange(tables, 0, cut, (done) => progress(done, of));
  const ranges = [mine, await theirs];
  progress(of, of);
  return relatedOf(files.keys, tables, ranges);
}

/** Calls `fn` once for each number of the union of two ascending lists, in ascending order. */
export function forEachOfUnion(a: ArrayLike<number>, b: ArrayLike<number>, fn: (value: number) => void): void {
  let x = 0;
  let y = 0;
  while (x < a.length || y < b.length) {
    const p = x < a.length ? a[x]! : Number.MAX_SAFE_INTEGER;
    const q = y < b.length ? b[y]! : Number.MAX_SAFE_INTEGER;
    fn(Math.min(p, q));
    if (p <= q) x++;
    if (q <= p) y++;
  }
}
