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
import type { PostingIndex } from "./collect-postings.js";
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
  const keys = files.keys;
  const maxDf = Math.max(MIN_SHARED_FILES, Math.floor(documents * MAX_TARGET_SHARE));
  const maxSourceDf = Math.max(MIN_SHARED_FILES, Math.floor(documents * MAX_SOURCE_SHARE));
  // Targets: terms of names and descriptions, numbered in key order.
  const targetOf = new Int32Array(keys.length).fill(-1);
  const targetKey: number[] = [];
  const aboutDf: number[] = [];
  const targetScript: number[] = [];
  for (let i = 0; i < keys.length; i++) {
    const n = files.list(i, MEANING_ABOUT).length;
    if (n < MIN_SHARED_FILES || n > maxDf || !isWord(keys[i]!)) continue;
    targetOf[i] = targetKey.length;
    targetKey.push(i);
    aboutDf.push(n);
    targetScript.push(scriptOf(keys[i]!));
  }
  // Files -> the targets their names and descriptions hold (compressed rows).
  const rowStart = new Uint32Array(documents + 1);
  for (const i of targetKey) for (const f of files.list(i, MEANING_ABOUT)) rowStart[f + 1]!++;
  for (let f = 0; f < documents; f++) rowStart[f + 1]! += rowStart[f]!;
  const rows = new Uint32Array(rowStart[documents]!);
  const fill = rowStart.slice(0, documents);
  targetKey.forEach((i, t) => {
    for (const f of files.list(i, MEANING_ABOUT)) rows[fill[f]!++] = t;
  });

  const shared = new Uint32Array(targetKey.length);
  const touched = new Uint32Array(targetKey.length);
  const entries: RelatedEntry[] = [];
  let sources = 0;
  let related = 0;
  const bestT = new Int32Array(RELATED_PER_WORD);
  const bestW = new Float64Array(RELATED_PER_WORD);
  for (let i = 0; i < keys.length; i++) {
    if (i % 20_000 === 0) progress(i, keys.length);
    if ((only && only[i] !== 1) || !isWord(keys[i]!)) continue;
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
    const script = scriptOf(keys[i]!);
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
    const list: [string, number][] = [];
    for (let k = 0; k < kept; k++) list.push([keys[targetKey[bestT[k]!]!]!, Math.min(100, Math.round(bestW[k]! * 100))]);
    // Equal hundredths after rounding: the term A to Z (what a reader sees and a test can check).
    list.sort((p, q) => q[1] - p[1] || (p[0] < q[0] ? -1 : p[0] > q[0] ? 1 : 0));
    entries.push([keys[i]!, list]);
    related += kept;
  }
  progress(keys.length, keys.length);
  return { entries, stats: { documents, sources, targets: targetKey.length, words: entries.length, related } };
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
