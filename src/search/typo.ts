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

/** Code points of the two words being compared, and three DP rows: allocated once, words are at most 40 characters. */
const CAP = 64;
const codesA = new Int32Array(CAP);
const codesB = new Int32Array(CAP);
const rows = [new Int32Array(CAP + 1), new Int32Array(CAP + 1), new Int32Array(CAP + 1)] as const;

/** Writes the code points of `s` into `out`; returns their count (or CAP + 1 when there are more). */
function codePoints(s: string, out: Int32Array): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    if (n === CAP) return CAP + 1;
    const c = s.codePointAt(i)!;
    out[n++] = c;
    if (c > 0xffff) i++;
  }
  return n;
}

/** Optimal-string-alignment distance over the first `la`/`lb` codes of codesA/codesB, or max + 1 once it must exceed max. */
function distanceOfCodes(la: number, lb: number, max: number): number {
  if (Math.abs(la - lb) > max) return max + 1;
  let prev2 = rows[0];
  let prev = rows[1];
  let row = rows[2];
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    row[0] = i;
    let best = i;
    const ai = codesA[i - 1]!;
    for (let j = 1; j <= lb; j++) {
      const bj = codesB[j - 1]!;
      let d = prev[j - 1]! + (ai === bj ? 0 : 1);
      if (prev[j]! + 1 < d) d = prev[j]! + 1;
      if (row[j - 1]! + 1 < d) d = row[j - 1]! + 1;
      if (i > 1 && j > 1 && ai === codesB[j - 2] && codesA[i - 2] === bj && prev2[j - 2]! + 1 < d) d = prev2[j - 2]! + 1;
      row[j] = d;
      if (d < best) best = d;
    }
    // Every later cell is at least the best of this row (or of the one before, plus one): stop early.
    if (best > max) return max + 1;
    const t = prev2;
    prev2 = prev;
    prev = row;
    row = t;
  }
  return Math.min(prev[lb]!, max + 1);
}

/**
 * The edit distance between words `a` and `b` counting a swap of two neighbours as one edit (optimal
 * string alignment), or `max + 1` as soon as it must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  const la = codePoints(a, codesA);
  const lb = codePoints(b, codesB);
  if (la > CAP || lb > CAP) return max + 1;
  return distanceOfCodes(la, lb, max);
}

/** The number of typos between query word `term` and indexed `word`, or undefined when it is no typo match (or identical). */
export function typoDistance(term: string, word: string, max: number = allowedTypos(term)): 1 | 2 | undefined {
  if (max === 0 || term === word || term.codePointAt(0) !== word.codePointAt(0)) return undefined;
  const d = editDistance(term, word, max);
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

/**
 * Whether two code sequences can be one edit apart: everything but at most two neighbouring positions
 * must agree from the front or from the back (a cheap test before the full distance).
 */
function withinOneEdit(la: number, lb: number): boolean {
  const n = Math.min(la, lb);
  let p = 0;
  while (p < n && codesA[p] === codesB[p]) p++;
  let s = 0;
  while (s < n - p && codesA[la - 1 - s] === codesB[lb - 1 - s]) s++;
  return p + s >= Math.max(la, lb) - 2;
}

/** The typo matches of `term` among `candidates` (lists of any words), best MAX_TYPO_MATCHES first. */
export function typoMatches(term: string, candidates: Iterable<Iterable<TypoEntry>>, max: number = allowedTypos(term)): TypoMatch[] {
  const out: TypoMatch[] = [];
  if (max === 0) return out;
  const la = codePoints(term, codesA);
  if (la > CAP) return out;
  const first = codesA[0];
  for (const list of candidates) {
    for (const [word, weight] of list) {
      if (word.codePointAt(0) !== first || word === term) continue;
      const lb = codePoints(word, codesB);
      if (lb > CAP || Math.abs(la - lb) > max || (max === 1 && !withinOneEdit(la, lb))) continue;
      const distance = distanceOfCodes(la, lb, max);
      if (distance <= max && (distance === 1 || distance === 2)) out.push({ word, distance, weight });
    }
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
  /** Told how many vocabulary words the search compared (a query's work budget charges for them). */
  charge: (scanned: number) => void = () => {},
): Promise<TypoMatch[]> {
  const keys = bucketsFor(term, max);
  if (keys.length === 0 || typo.shards.length === 0) return [];
  const first = Math.max(0, shardFor(typo.shards, keys[0]!));
  const last = Math.max(0, shardFor(typo.shards, keys[keys.length - 1]!));
  const wanted = new Set(keys);
  const lists: TypoEntry[][] = [];
  for (let n = first; n <= last; n++) {
    for (const [key, list] of await store.json(typo.shards[n]!.file, TypoShard)) if (wanted.has(key)) lists.push(list);
  }
  charge(lists.reduce((sum, l) => sum + l.length, 0));
  return typoMatches(term, lists, max);
}
