// Build step 3: the autocomplete index. Suggestions are index terms (found in at least two skills,
// or in a skill's name) and whole multi-word skill names, each with the number of skills the
// suggestion finds as a query. For short prefixes the best suggestions are precomputed, so a
// keystroke reads one small file whatever the size of the directory. A term is offered as skills
// write it (its most common surface form: `kubernetes`, not the index's stem `kubernete`), and the
// counts leave out the skills that search leaves out by default (malicious ones).
import { Bitset, popcount } from "../../contract/postings.js";
import { bySuggestionRank, type SuggestionPair } from "../../contract/search-manifest.js";
import type { SlimRecord } from "../../dataset/stream.js";
import { terms as analyse, MAX_TERM_LENGTH, STOP_WORDS, stem } from "../../search/text.js";
import { lowerBound } from "../lower-bound.js";
import type { ListLookup, PostingIndex } from "./collect-postings.js";
import { mergeUnion } from "./sorted-union.js";
import { scanRuns } from "./term-scan.js";

export const TOP_PREFIX_LENGTH = 3;
export const TOP_PER_PREFIX = 20;
/** Names of more words than this are not offered whole. */
const MAX_NAME_WORDS = 6;

/** Code points in `text`, counted without making an array. */
function codePoints(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // A low surrogate right after a high one is the second half of one code point.
    const low = c >= 0xdc00 && c <= 0xdfff;
    const prev = i > 0 ? text.charCodeAt(i - 1) : 0;
    if (!(low && prev >= 0xd800 && prev <= 0xdbff)) n++;
  }
  return n;
}

/** The sorted union of sorted lists: merged two at a time, each merge one walk (no sort). */
function union(lists: readonly Uint32Array[]): Uint32Array {
  const present = lists.filter((l) => l.length > 0);
  let merged = present[0] ?? new Uint32Array(0);
  for (let k = 1; k < present.length; k++) {
    const a = merged;
    const b = present[k]!;
    const out = new Uint32Array(a.length + b.length);
    merged = out.subarray(0, mergeUnion(a, b, out));
  }
  return merged;
}

/**
 * A word's skills: a rare word's as the sorted list; a common word's (in more than one skill in 32) as
 * a bitset only, with the span of 32-skill words its list covers. A common word's list is longer than
 * its bitset (4 bytes a skill against 1 bit of the directory's), and every name word's is kept for
 * the whole suggestion pass.
 */
type Docs = { size: number; list: Uint32Array; bits?: undefined } | { size: number; bits: Bitset; from: number; to: number };

/**
 * How many skills hold every word. Walks the shortest list and tests the others: a common word by
 * its bitset, a rare one by binary search forward from a cursor; all-common words are AND-ed whole.
 */
function intersectCount(lists: readonly Docs[], hidden: Bitset | undefined): number {
  const [first, ...rest] = [...lists].sort((a, b) => a.size - b.size);
  if (!first || first.size === 0) return 0;
  // The shortest is common: so are the others.
  if (first.bits) return commonCount(first, rest, hidden);
  let n = 0;
  const cursors = rest.map(() => 0);
  outer: for (const v of first.list) {
    if (hidden?.has(v)) continue;
    for (let k = 0; k < rest.length; k++) {
      const docs = rest[k]!;
      if (docs.bits) {
        if (!docs.bits.has(v)) continue outer;
        continue;
      }
      const { list } = docs;
      let lo = cursors[k]!;
      let hi = list.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (list[mid]! < v) lo = mid + 1;
        else hi = mid;
      }
      cursors[k] = lo;
      if (lo >= list.length) break outer;
      if (list[lo] !== v) continue outer;
    }
    n++;
  }
  return n;
}

/**
 * intersectCount when every word is common: the words' bitsets AND-ed word by word and counted as
 * they go, with nothing allocated, over the 32-skill words the shortest word's skills span only. A
 * copy of the first bitset per name (the way before) cost a bitset of the whole directory per
 * suggestion: at 1M skills, 125 KB allocated and filled for each of hundreds of thousands of names.
 */
function commonCount(first: Docs & { bits: Bitset }, rest: readonly Docs[], hidden: Bitset | undefined): number {
  const sets = [first, ...rest].map((d) => d.bits!.words);
  const off = hidden?.words;
  let n = 0;
  for (let w = first.from; w <= first.to; w++) {
    let v = sets[0]![w]!;
    for (let k = 1; k < sets.length && v !== 0; k++) v &= sets[k]![w]!;
    if (off && v !== 0) v &= ~off[w]!;
    if (v !== 0) n += popcount(v);
  }
  return n;
}

/**
 * The surface form skills write each stemmed term in, where it is not the stem itself: the form
 * most often seen in names and descriptions (the skills' own and their collections' skills'), ties
 * to the stem, then A to Z. Only plain ASCII words are stemmed (src/search/text.ts), so only they
 * can differ: `kubernete` -> `kubernetes`, while `policy` stays unless skills write `policies` more often.
 */
/** A term-of-word function ("" when the word is not a plain word or is a stop word), each word stemmed once: words repeat. */
function surfaceTermOf(): (lower: string) => string {
  const terms = new Map<string, string>();
  return (lower) => {
    let term = terms.get(lower);
    if (term === undefined) {
      term = /^[a-z]+$/.test(lower) ? stem(lower).slice(0, MAX_TERM_LENGTH) : "";
      if (STOP_WORDS.has(term)) term = "";
      terms.set(lower, term);
    }
    return term;
  };
}

/** The texts whose words make the surface forms: names and descriptions, the skill's own and its collection's skills'. */
function* surfaceTexts(r: SlimRecord): Generator<string> {
  yield r.name;
  yield r.description;
  for (const f of r.files) {
    yield f.name;
    yield f.description;
  }
}

/**
 * The terms whose suggestion `records` can change other than by their lists: every term whose
 * surface form they count (countSurfaceWords) and every term of their names (a name's terms are offered
 * even when one skill holds them). A patched suggestion build computes these afresh.
 */
export function suggestionTermsOf(records: readonly SlimRecord[]): Set<string> {
  const out = new Set<string>();
  const termOf = surfaceTermOf();
  const add = (word: string) => {
    const term = termOf(word.toLowerCase());
    if (term !== "") out.add(term);
  };
  for (const r of records) {
    for (const text of surfaceTexts(r)) scanRuns(text, add, () => {});
    for (const term of analyse(r.name)) out.add(term);
  }
  return out;
}

/** The texts of a skill surfaceTexts names, as far as the surface forms read them. */
export type SurfaceRecord = Pick<SlimRecord, "name" | "description"> & { files: readonly { name: string; description: string }[] };

/**
 * How often each word is written (as written, before lower-casing) in the names and descriptions
 * of `records` (surfaceTexts), added `sign` times into `into`. The surface forms are a function of
 * these counts alone, so an incremental build patches the previous build's counts with the skills
 * it renders afresh and those gone (cache/surface-reuse.ts) instead of scanning every skill again.
 */
export function countSurfaceWords(
  records: Iterable<SurfaceRecord>,
  into: Map<string, number> = new Map(),
  sign: 1 | -1 = 1,
): Map<string, number> {
  const count = (word: string) => into.set(word, (into.get(word) ?? 0) + sign);
  const skip = () => {};
  for (const r of records) {
    scanRuns(r.name, count, skip);
    scanRuns(r.description, count, skip);
    for (const f of r.files) {
      scanRuns(f.name, count, skip);
      scanRuns(f.description, count, skip);
    }
  }
  return into;
}

/** The surface forms (stem -> the form to offer) of the words `written` counts (countSurfaceWords). */
export function surfaceFormsOf(written: ReadonlyMap<string, number>): Map<string, string> {
  // Each word as written is lower-cased, stemmed and filed under its term once: words repeat across
  // names and descriptions, and a form's count is the sum of its spellings'.
  const seen = new Map<string, Map<string, number>>();
  const termOf = surfaceTermOf();
  for (const [word, n] of written) {
    const lower = word.toLowerCase();
    const term = termOf(lower);
    if (term === "") continue;
    let forms = seen.get(term);
    if (!forms) seen.set(term, (forms = new Map()));
    forms.set(lower, (forms.get(lower) ?? 0) + n);
  }
  const out = new Map<string, string>();
  // The winner does not depend on the order forms were met in: the most seen, ties to the stem, then A to Z.
  for (const [term, forms] of seen) {
    let best = term;
    let most = forms.get(term) ?? 0;
    for (const [form, n] of forms) if (n > most || (n === most && best !== term && form < best)) [best, most] = [form, n];
    if (best !== term) out.set(term, best);
  }
  return out;
}

/** What the suggestions are made from besides the postings. */
export interface SuggestionSources {
  /** Each skill's name, by ordinal. */
  names: readonly string[];
  /** Stem -> the form to offer (surfaceFormsOf); a term not in it is offered as indexed. */
  surface?: ReadonlyMap<string, string>;
  /** Ordinals whose skills no count includes (malicious ones, which search leaves out by default). */
  hidden?: readonly number[];
}

/**
 * What a patched suggestion build (an incremental build) knows of the previous one: its entries by
 * text, the keys whose lists changed, and the terms the changed skills' names and descriptions hold
 * (suggestionTermsOf, old and new). Any other key's entry is the previous one, whose text is the same
 * (its surface form counted the same words); so is a name's when none of its words changed. It
 * holds only when the hidden skills are the previous ones (the caller checks).
 */
export interface SuggestPatch {
  previous: ReadonlyMap<string, number>;
  changed: ReadonlySet<string>;
  touched: ReadonlySet<string>;
  /**
   * When every other skill kept its ordinal: the changed skills' ordinals and the previous index. A
   * count is then the previous one moved by those skills alone (a skill holds a name's words now and
   * not before, or the other way), not counted again over every skill.
   */
  moved?: { ordinals: readonly number[]; before: ListLookup };
}

/**
 * How the changed skills move the count of skills holding every one of a suggestion's words
 * (SuggestPatch.moved): the number holding them now less the number holding them before. Each word's
 * holders among the changed skills are found once, as a bitset over them (now and before), so a
 * suggestion costs a few word-wide ANDs. Asked skill by skill and word by word, a 1% rebuild at 100k
 * skills (1,000 changed, every name holding a changed word asked) spent about 100 s here.
 */
function movedCounter(moved: NonNullable<SuggestPatch["moved"]>, now: PostingIndex): (words: readonly string[]) => number {
  const ordinals = Int32Array.from(moved.ordinals).sort();
  const width = Math.ceil(ordinals.length / 32);
  const memo = new Map<string, [Uint32Array, Uint32Array]>();
  /** Which changed skills hold `key` in any field of `index`, as bits over `ordinals`. */
  const holders = (index: ListLookup, key: string): Uint32Array => {
    const bits = new Bitset(ordinals.length);
    for (let f = 0; f < index.fieldCount; f++) {
      const list = index.listOf(key, f);
      if (!list) break;
      // The shorter list walked, each of its values searched for in the other from where the last one was.
      if (list.length <= ordinals.length) {
        let j = 0;
        for (const o of list) {
          j = lowerBound(ordinals, o, j);
          if (j === ordinals.length) break;
          if (ordinals[j] === o) bits.add(j);
        }
      } else {
        let at = 0;
        for (let j = 0; j < ordinals.length; j++) {
          at = lowerBound(list, ordinals[j]!, at);
          if (at === list.length) break;
          if (list[at] === ordinals[j]) bits.add(j);
        }
      }
    }
    return bits.words;
  };
  const bitsOf = (word: string): [Uint32Array, Uint32Array] => {
    let hit = memo.get(word);
    if (!hit) memo.set(word, (hit = [holders(now, word), holders(moved.before, word)]));
    return hit;
  };
  const countAll = (words: readonly string[], side: 0 | 1): number => {
    let n = 0;
    for (let w = 0; w < width; w++) {
      let v = 0xffffffff;
      for (const word of words) v &= bitsOf(word)[side][w]!;
      n += popcount(v);
    }
    return n;
  };
  return (words) => countAll(words, 0) - countAll(words, 1);
}

/** Every suggestion with its count, sorted by text; a suggestion that only hidden skills hold is left out. */
export function suggestionEntries(index: PostingIndex, sources: SuggestionSources, patch?: SuggestPatch): SuggestionPair[] {
  const { names, surface = new Map<string, string>() } = sources;
  // Each name analysed once: its terms mark the name words, then make its phrase.
  const analysed = names.map((n) => analyse(n));
  const nameTerms = new Set(analysed.flat());
  // Name words repeat across names: each word's skills are gathered once (Docs: a common word's as a bitset).
  const docCount = names.length;
  const docs = new Map<string, Docs>();
  const docsOf = (term: string): Docs => {
    let hit = docs.get(term);
    if (!hit) {
      const list = union(Array.from({ length: index.fieldCount }, (_, f) => index.listOf(term, f) ?? new Uint32Array(0)));
      if (list.length * 32 > docCount) {
        const bits = new Bitset(docCount);
        for (const v of list) bits.add(v);
        hit = { size: list.length, bits, from: list[0]! >>> 5, to: list[list.length - 1]! >>> 5 };
      } else hit = { size: list.length, list };
      docs.set(term, hit);
    }
    return hit;
  };
  // Single words come in key order (sorted already); names, which hold a space no word holds, are
  // sorted apart and merged in, so the whole list is never sorted again.
  const hidden = hiddenSet(sources.hidden ?? [], docCount);
  const hiddenIn = hidden ? hiddenCounter(index, hidden, docCount) : () => 0;
  const movedBy = patch?.moved ? movedCounter(patch.moved, index) : undefined;
  // Words offered as indexed come in key order, so in text order; those offered in a surface form
  // (a few thousand) are sorted apart and merged in, ties in key order as one stable sort would leave them.
  const words: SuggestionPair[] = [];
  const formed: [pair: SuggestionPair, at: number][] = [];
  index.keys.forEach((key, i) => {
    if (key.startsWith("\u0001") || codePoints(key) < 2) return;
    // The summed list lengths bound the count from above: a key in one skill is skipped unread.
    if (index.postingCount(i) < 2 && !nameTerms.has(key)) return;
    const text = surface.get(key) ?? key;
    // Unchanged: the previous count, or none when the previous build left it out (it found no skill).
    // Unchanged: the previous count, or none when the previous build left it out (it found no skill).
    let count: number;
    if (!patch || patch.touched.has(key)) count = index.unionCount(i) - hiddenIn(i);
    else if (!patch.changed.has(key)) count = patch.previous.get(text) ?? 0;
    else {
      const previous = patch.previous.get(text);
      count = previous !== undefined && movedBy ? previous + movedBy([key]) : index.unionCount(i) - hiddenIn(i);
    }
    if (count === 0) return;
    if (text === key) words.push([text, count]);
    else formed.push([[text, count], words.length]);
  });
  const byText = (a: SuggestionPair, b: SuggestionPair) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  // Surface forms sort apart from their stems (`policies` after `policyholder`).
  formed.sort(([a, i], [b, j]) => byText(a, b) || i - j);
  const sortedWords = mergeByText(words, formed);
  const phrases = new Map<string, number>();
  for (const terms of analysed) {
    const nameWords = [...new Set(terms)];
    if (nameWords.length < 2 || nameWords.length > MAX_NAME_WORDS) continue;
    const text = nameWords.join(" ");
    if (phrases.has(text)) continue;
    let previous = patch?.previous.get(text);
    if (previous !== undefined && nameWords.some((w) => patch!.changed.has(w)))
      previous = movedBy ? previous + movedBy(nameWords) : undefined;
    phrases.set(text, previous ?? intersectCount(nameWords.map(docsOf), hidden));
  }
  const named = [...phrases].filter(([, n]) => n > 0).sort(byText);
  const out: SuggestionPair[] = [];
  let w = 0;
  let p = 0;
  while (w < sortedWords.length || p < named.length) {
    if (p === named.length || (w < sortedWords.length && sortedWords[w]![0] < named[p]![0])) out.push(sortedWords[w++]!);
    else out.push(named[p++]!);
  }
  return out;
}

/**
 * `plain` (in text order) with `formed` merged in, each sorted by text and then by where it stood
 * among the plain ones (`at`: the plain pairs before it): the order one stable sort of all the pairs
 * in key order gives.
 */
function mergeByText(plain: readonly SuggestionPair[], formed: readonly [SuggestionPair, number][]): SuggestionPair[] {
  if (formed.length === 0) return plain as SuggestionPair[];
  const out: SuggestionPair[] = [];
  let i = 0;
  for (const [pair, at] of formed) {
    // A plain pair goes first if its text is smaller, or equal and it stood before this one.
    while (i < plain.length && (plain[i]![0] < pair[0] || (plain[i]![0] === pair[0] && i < at))) out.push(plain[i++]!);
    out.push(pair);
  }
  while (i < plain.length) out.push(plain[i++]!);
  return out;
}

/** The hidden ordinals as a set, or undefined when there are none (the usual case: no work at all). */
function hiddenSet(ordinals: readonly number[], docCount: number): Bitset | undefined {
  if (ordinals.length === 0) return undefined;
  const set = new Bitset(docCount);
  for (const o of ordinals) set.add(o);
  return set;
}

/** How many hidden skills hold sorted key `i` in any field: a walk of its lists, each skill counted once. */
function hiddenCounter(index: PostingIndex, hidden: Bitset, docCount: number): (i: number) => number {
  const stamp = new Uint32Array(docCount);
  return (i) => {
    let n = 0;
    for (let f = 0; f < index.fieldCount; f++)
      for (const o of index.list(i, f))
        if (hidden.has(o) && stamp[o] !== i + 1) {
          stamp[o] = i + 1;
          n++;
        }
    return n;
  };
}

/** The best TOP_PER_PREFIX suggestions for every prefix of 1..TOP_PREFIX_LENGTH characters. */
export function topByPrefix(entries: readonly SuggestionPair[]): [string, SuggestionPair[]][] {
  const buckets = new Map<string, SuggestionPair[]>();
  for (const entry of entries) {
    const text = entry[0];
    // The prefixes of 1..TOP_PREFIX_LENGTH code points, cut where each code point ends.
    let end = 0;
    for (let len = 1; len <= TOP_PREFIX_LENGTH && end < text.length; len++) {
      end += (text.codePointAt(end) ?? 0) > 0xffff ? 2 : 1;
      const prefix = text.slice(0, end);
      let bucket = buckets.get(prefix);
      if (!bucket) buckets.set(prefix, (bucket = []));
      bucket.push(entry);
      // Keep buckets small while building: trim to the best once they double.
      if (bucket.length >= TOP_PER_PREFIX * 4) bucket.splice(0, bucket.length, ...bucket.sort(bySuggestionRank).slice(0, TOP_PER_PREFIX));
    }
  }
  return [...buckets]
    .map(([p, list]): [string, SuggestionPair[]] => [p, list.sort(bySuggestionRank).slice(0, TOP_PER_PREFIX)])
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** The TOP_PREFIX_LENGTH prefixes of `text` (1..3 code points, cut where each code point ends), as topByPrefix buckets it. */
export function topPrefixes(text: string): string[] {
  const out: string[] = [];
  let end = 0;
  for (let len = 1; len <= TOP_PREFIX_LENGTH && end < text.length; len++) {
    end += (text.codePointAt(end) ?? 0) > 0xffff ? 2 : 1;
    out.push(text.slice(0, end));
  }
  return out;
}

/**
 * Every prefix topByPrefix gives `entries` (strictly ascending by text), sorted: the keys of the top
 * shards. In one pass, with no set and no sort: a text's prefixes not shared with the text before it
 * are new and come after every prefix met so far (an earlier text's prefix that is not one of this
 * text's is smaller where they first differ), in order of length.
 */
export function topKeys(entries: readonly SuggestionPair[]): string[] {
  const keys: string[] = [];
  let previous = "";
  for (const [text] of entries) {
    for (const p of topPrefixes(text)) if (!previous.startsWith(p)) keys.push(p);
    previous = text;
  }
  return keys;
}

/**
 * One prefix's bucket as topByPrefix gives it, from `entries` sorted by text (those starting with
 * `prefix` are one run of them): the best TOP_PER_PREFIX by bySuggestionRank.
 */
export function topOf(entries: readonly SuggestionPair[], prefix: string): SuggestionPair[] {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (entries[mid]![0] < prefix) lo = mid + 1;
    else hi = mid;
  }
  const best: SuggestionPair[] = [];
  for (let i = lo; i < entries.length && entries[i]![0].startsWith(prefix); i++) {
    const e = entries[i]!;
    if (best.length === TOP_PER_PREFIX && bySuggestionRank(e, best[TOP_PER_PREFIX - 1]!) >= 0) continue;
    // Inserted in rank order, the last one dropped once the bucket is full.
    let at = best.length;
    while (at > 0 && bySuggestionRank(e, best[at - 1]!) < 0) at--;
    best.splice(at, 0, e);
    if (best.length > TOP_PER_PREFIX) best.pop();
  }
  return best;
}
