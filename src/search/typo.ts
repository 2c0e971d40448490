// Typo tolerance, Meilisearch's defaults: a query word of 5 or more characters matches indexed words
// one edit away (insertion, deletion, substitution, or a swap of two neighbours), 9 or more
// characters two edits. The first letter must be right. Candidates come from a deletion
// neighbourhood (SymSpell's idea, on a prefix): every vocabulary word is filed under its first
// TYPO_KEY_PREFIX letters and under each of those with one letter (never the first) removed; a query
// word reads only its own few keys, so its cost does not grow with the vocabulary.
import { shardFor, type TypoManifest } from "../contract/search-manifest.js";
import { type TypoEntry, TypoShardReader } from "../contract/typo-shard.js";
import type { IndexFiles } from "./families.js";

export const ONE_TYPO_LENGTH = 5;
export const TWO_TYPOS_LENGTH = 9;
/**
 * At most this many typo matches per query word, the closest and most frequent first: each one is
 * a posting list read, and a short word can be near many rare words (identifiers, misspellings).
 * It is also the search's budget for a whole query: the words that get typo matches share it
 * (typoMatchesPerWord), so two misspelled words read as many lists as one.
 */
export const MAX_TYPO_MATCHES = 8;

/** Typo matches each word gets when `words` words of one search get them (8 for one, 4 each for two). */
export const typoMatchesPerWord = (words: number): number => Math.floor(MAX_TYPO_MATCHES / Math.max(1, words));
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

/** The typo matches of `term` among `candidates` (lists of any words), best `limit` first. */
export function typoMatches(
  term: string,
  candidates: Iterable<Iterable<TypoEntry>>,
  max: number = allowedTypos(term),
  limit: number = MAX_TYPO_MATCHES,
): TypoMatch[] {
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
  return out.sort(byTypoRank).slice(0, limit);
}

/**
 * Letters of a word that its typo keys look at. Any two words one edit apart share a key whatever
 * this is; for two edits it is the rule that at most one of them falls among these first letters
 * (see typoKeysMeet). Measured on 10,000 realistic skills (70,044 typo words): 5 files a word under
 * at most 5 keys and a key lists 2.7 words on average (29 at the 99th percentile); 7 would make the
 * index 1.7 times bigger for shorter lists.
 */
export const TYPO_KEY_PREFIX = 5;

/**
 * Calls `fn` with each typo key of a word: its first `prefix` code points, and each of those with one
 * letter removed (never the first, which a typo never changes), each distinct key once.
 */
function eachTypoKey(word: string, prefix: number, fn: (key: string) => void): void {
  if (/[\uD800-\uDFFF]/.test(word)) {
    const head = chars(word).slice(0, prefix);
    fn(head.join(""));
    for (let i = 1; i < head.length; i++)
      if (i === 1 || head[i] !== head[i - 1]) fn(head.slice(0, i).join("") + head.slice(i + 1).join(""));
    return;
  }
  // The build calls this for every vocabulary word: a word without surrogate pairs is cut as a string.
  const head = word.length > prefix ? word.slice(0, prefix) : word;
  fn(head);
  for (let i = 1; i < head.length; i++) {
    // Removing either of two equal neighbours gives the same key.
    if (i > 1 && head.charCodeAt(i) === head.charCodeAt(i - 1)) continue;
    fn(head.slice(0, i) + head.slice(i + 1));
  }
}

/** The typo keys of a word, sorted. */
export function typoKeys(word: string, prefix: number = TYPO_KEY_PREFIX): string[] {
  const keys: string[] = [];
  eachTypoKey(word, prefix, (k) => keys.push(k));
  return keys.sort();
}

/**
 * Whether two words share a typo key: true for any two words one edit apart (so a one-typo lookup
 * misses nothing), and for two edits apart when their first `prefix` letters become equal after
 * removing at most one letter from each (at most one of the two edits among those letters).
 */
export function typoKeysMeet(a: string, b: string, prefix: number = TYPO_KEY_PREFIX): boolean {
  const keys = new Set(typoKeys(a, prefix));
  return typoKeys(b, prefix).some((k) => keys.has(k));
}

/** How the asset store reads a typo shard (one function, so the store keeps what it decoded). */
const readTypoShard = (bytes: Uint8Array) => new TypoShardReader(bytes);

/**
 * Query side: the typo matches of `term`, from the shards holding its typo keys (usually one or two
 * files); `max` overrides the typos its length allows (didYouMean also corrects shorter words by one).
 */
export async function findTypoMatches(
  store: Pick<IndexFiles, "decoded">,
  typo: TypoManifest,
  term: string,
  max: number = allowedTypos(term),
  /** Told how many vocabulary words the search compared (a query's work budget charges for them). */
  charge: (compared: number) => void = () => {},
  limit: number = MAX_TYPO_MATCHES,
): Promise<TypoMatch[]> {
  if (max === 0 || typo.shards.length === 0) return [];
  const byShard = new Map<number, string[]>();
  for (const key of typoKeys(term, typo.keyPrefix)) {
    const n = shardFor(typo.shards, key);
    if (n < 0) continue;
    let keys = byShard.get(n);
    if (!keys) byShard.set(n, (keys = []));
    keys.push(key);
  }
  const shards = await Promise.all([...byShard.keys()].map((n) => store.decoded(typo.shards[n]!.file, readTypoShard)));
  const candidates = new Map<string, TypoEntry>();
  [...byShard.values()].forEach((keys, s) => {
    for (const key of keys) for (const entry of shards[s]!.lookup(key)) candidates.set(entry[0], entry);
  });
  charge(candidates.size);
  return typoMatches(term, [candidates.values()], max, limit);
}

/** Build side: whether an index key belongs in the typo vocabulary (a word of 4+ characters, not a phrase pair key). */
export const isTypoWord = (key: string): boolean => !key.startsWith("\u0001") && chars(key).length >= MIN_VOCABULARY_LENGTH;

/** Build side: the words of the typo vocabulary (isTypoWord), sorted by text. */
export function typoVocabulary(words: Iterable<TypoEntry>): TypoEntry[] {
  const out: TypoEntry[] = [];
  for (const entry of words) if (isTypoWord(entry[0])) out.push(entry);
  return out.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
}

/** Build side: every typo key of the vocabulary, sorted, with the positions (in `words`) of the words filed under it. */
export function typoKeyLists(words: readonly TypoEntry[], prefix: number = TYPO_KEY_PREFIX): [string, number[]][] {
  const lists = new Map<string, number[]>();
  words.forEach(([word], i) =>
    eachTypoKey(word, prefix, (key) => {
      const list = lists.get(key);
      if (list) list.push(i);
      else lists.set(key, [i]);
    }),
  );
  // The default sort orders strings by UTF-16 code units, as `<` does, and is faster than a comparator.
  return [...lists.keys()].sort().map((key) => [key, lists.get(key)!]);
}
