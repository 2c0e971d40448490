// Typo tolerance, Meilisearch's defaults: a query word of 5 or more characters matches indexed words
// one edit away (insertion, deletion, substitution, or a swap of two neighbours), 9 or more
// characters two edits. The first letter must be right: the vocabulary is kept in buckets by first
// letter and length, so one word reads the few neighbouring buckets (one small file) and checks
// every word in them, whatever the size of the directory.
import { shardFor, type TypoEntry, type TypoManifest, TypoShard } from "../contract/search-manifest.js";
import type { IndexFiles } from "./families.js";

export const ONE_TYPO_LENGTH = 5;
export const TWO_TYPOS_LENGTH = 9;
/**
 * At most this many typo matches per query word, the closest and most frequent first: each one is
 * a posting list read, and a short word can be near many rare words (identifiers, misspellings).
 */
export const MAX_TYPO_MATCHES = 8;
/** Words shorter than this are never typo matches (a 5-character query word reaches 4-character words). */
export const MIN_VOCABULARY_LENGTH = ONE_TYPO_LENGTH - 1;

const chars = (s: string): string[] => [...s];

/** Words of letters and digits in scripts written with spaces; CJK pairs are never typo matches. */
const typoScript = (term: string) => /^[\p{L}\p{N}]+$/u.test(term) && !/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(term);

/** How many edits a query word (an index term) may be away from the words it matches. */
export function allowedTypos(term: string): 0 | 1 | 2 {
  if (!typoScript(term)) return 0;
  const n = chars(term).length;
  return n >= TWO_TYPOS_LENGTH ? 2 : n >= ONE_TYPO_LENGTH ? 1 : 0;
}

/** A "did you mean" correction also corrects words of 3 or 4 characters, by one edit. */
export function correctionTypos(term: string): number {
  const allowed = allowedTypos(term);
  return allowed > 0 ? allowed : typoScript(term) && chars(term).length >= 3 ? 1 : 0;
}

/**
 * The edit distance between `a` and `b` counting a swap of two neighbours as one edit (optimal string
 * alignment), or `max + 1` as soon as it must exceed `max`.
 */
export function editDistance(a: readonly string[], b: readonly string[], max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const width = b.length + 1;
  let prev2 = new Array<number>(width).fill(0);
  let prev = Array.from({ length: width }, (_, j) => j);
  let row = new Array<number>(width).fill(0);
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      row[j] = d;
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    [prev2, prev, row] = [prev, row, prev2];
  }
  return Math.min(prev[b.length]!, max + 1);
}

/** The number of typos between query word `term` and indexed `word`, or undefined when it is no typo match (or identical). */
export function typoDistance(term: string, word: string, max: number = allowedTypos(term)): 1 | 2 | undefined {
  if (max === 0 || term === word) return undefined;
  const a = chars(term);
  const b = chars(word);
  if (a[0] !== b[0]) return undefined;
  const d = editDistance(a, b, max);
  return d <= max && (d === 1 || d === 2) ? d : undefined;
}

/** Bucket of a word: its first letter and its length, so that a word's neighbours sit side by side. */
export function bucketKey(first: string, length: number): string {
  return `${first}\u0000${String(length).padStart(2, "0")}`;
}

export interface TypoMatch {
  word: string;
  distance: 1 | 2;
  weight: number;
}

/** Closest first, then the most indexed, then A to Z. */
export const byTypoRank = (a: TypoMatch, b: TypoMatch): number =>
  a.distance - b.distance || b.weight - a.weight || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0);

/** The typo matches of `term` among `candidates` (any words), best MAX_TYPO_MATCHES first. */
export function typoMatches(term: string, candidates: Iterable<TypoEntry>, max: number = allowedTypos(term)): TypoMatch[] {
  const out: TypoMatch[] = [];
  for (const [word, weight] of candidates) {
    const distance = typoDistance(term, word, max);
    if (distance !== undefined) out.push({ word, distance, weight });
  }
  return out.sort(byTypoRank).slice(0, MAX_TYPO_MATCHES);
}

/** The buckets that can hold typo matches of `term`: its first letter, lengths within its allowed typos. */
export function bucketsFor(term: string, max: number = allowedTypos(term)): string[] {
  if (max === 0) return [];
  const a = chars(term);
  const keys: string[] = [];
  for (let n = Math.max(MIN_VOCABULARY_LENGTH, a.length - max); n <= a.length + max; n++) keys.push(bucketKey(a[0]!, n));
  return keys;
}

/** Build side: the vocabulary's words grouped into buckets, sorted as the shards store them. */
export function typoBuckets(words: Iterable<TypoEntry>): [string, TypoEntry[]][] {
  const buckets = new Map<string, TypoEntry[]>();
  for (const entry of words) {
    const a = chars(entry[0]);
    if (a.length < MIN_VOCABULARY_LENGTH || entry[0].startsWith("\u0001")) continue;
    const key = bucketKey(a[0]!, a.length);
    let bucket = buckets.get(key);
    if (!bucket) buckets.set(key, (bucket = []));
    bucket.push(entry);
  }
  const byText = (x: [string, unknown], y: [string, unknown]) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0);
  return [...buckets].map(([k, list]): [string, TypoEntry[]] => [k, list.sort(byText)]).sort(byText);
}

/**
 * Query side: the typo matches of `term`, read from the one or two shards holding its buckets; `max`
 * overrides the typos its length allows (didYouMean also corrects shorter words by one).
 */
export async function findTypoMatches(
  store: Pick<IndexFiles, "json">,
  typo: TypoManifest,
  term: string,
  max: number = allowedTypos(term),
): Promise<TypoMatch[]> {
  const keys = bucketsFor(term, max);
  if (keys.length === 0 || typo.shards.length === 0) return [];
  const first = Math.max(0, shardFor(typo.shards, keys[0]!));
  const last = Math.max(0, shardFor(typo.shards, keys[keys.length - 1]!));
  const wanted = new Set(keys);
  const entries: TypoEntry[] = [];
  for (let n = first; n <= last; n++) {
    for (const [key, list] of await store.json(typo.shards[n]!.file, TypoShard)) if (wanted.has(key)) entries.push(...list);
  }
  return typoMatches(term, entries, max);
}
