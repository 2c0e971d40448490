// The meaning model updated for what changed, instead of learned again from the whole corpus. A
// word's entry (meaning-model.ts) is the strongest RELATED_PER_WORD of its candidates: the target
// terms t it shares MIN_SHARED_FILES files with, weighed by n(w, t), df(w), about(t) and the number
// of files D. When D is the same and the unchanged files keep their numbers (a changed SKILL.md
// re-read in place: a queued re-index), the words whose entries can differ from the previous
// model's are found by four rules, each exact:
//   A. a word whose lists changed (it is in a changed file, before or after): related again;
//   B. a word in a file whose names-and-descriptions changed (the files F where some term's list of
//      names and descriptions gained or lost a file): its n(w, t) moves for the terms that changed
//      there, so it is related again;
//   C. a word whose previous entry holds a term whose names-and-descriptions list changed: that
//      term's weight (or whether it is a target at all) moved, so it is related again;
//   D. any other word keeps df(w) and every n(w, t) (none of its files is in F), and only about(t)
//      moves, for the changed terms, none of them in its entry. Its entry changes only if one of
//      them now qualifies (a target, MIN_SHARED_FILES, MIN_LIFT, MIN_WEIGHT) and, when the entry is
//      full, beats its weakest term (exact weights, ties to the key first in order, as the model
//      ranks). A term whose list grew, or kept its length, cannot: its weight did not rise and its
//      lift did not either, and it did not qualify before. So only the terms whose lists shrank are
//      counted, over every word's files, and the few words they may enter are related again.
// Those words are related again by the model's own code; every other word keeps the previous
// model's entry, read back from the previous site's shards (checked against their content-hash
// names). The entries, and so the shards written from them, are the ones a full run gives
// (test/build/meaning-update.test.ts compares them over change mixes that hit each rule).
import type { RelatedEntry } from "../../contract/related-shard.js";
import type { StoredIndex } from "../cache/index-store.js";
import { indexOfSorted } from "../lower-bound.js";
import { MEANING_ABOUT, MEANING_BODY } from "./meaning-collect.js";
import {
  isWord,
  MAX_SOURCE_SHARE,
  MAX_TARGET_SHARE,
  MIN_LIFT,
  MIN_SHARED_FILES,
  MIN_WEIGHT,
  RELATED_PER_WORD,
  SMOOTHING,
  scriptOf,
} from "./meaning-model.js";

/** A key's list of one field. */
const listOf = (index: StoredIndex, i: number, field: number) =>
  index.fields[field]!.ordinals.subarray(index.fields[field]!.start[i]!, index.fields[field]!.start[i + 1]!);

const EMPTY = new Uint32Array(0);

/** Whether ascending `list` holds `value` (binary search). */
const holds = (list: Uint32Array, value: number): boolean => holdsWithin(list, 0, list.length, value);

/** Whether the ascending run list[from .. to) holds `value` (binary search). */
function holdsWithin(list: Uint32Array, from: number, to: number, value: number): boolean {
  if (from === to || value < list[from]! || value > list[to - 1]!) return false;
  let lo = from;
  let hi = to - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = list[mid]!;
    if (v === value) return true;
    if (v < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/**
 * Whether the previous model can be updated to `next`'s: the same number of files, and every file
 * kept at its number (`oldDocTo[r]` is r, or -1 for a file re-read or gone). Otherwise the reason.
 */
export function updatableReason(previousDocuments: number, documents: number, oldDocTo: Int32Array): string | undefined {
  if (previousDocuments !== documents) return `the number of SKILL.md files changed (${previousDocuments} to ${documents})`;
  for (let r = 0; r < oldDocTo.length; r++)
    if (oldDocTo[r] !== r && oldDocTo[r] !== -1) return "the SKILL.md files were numbered anew (skills added or removed)";
  return undefined;
}

/** The words to relate again, and how many each rule found (for the build's log). */
export interface AffectedWords {
  /** 1 for the words of `next` (by key index) whose entries may differ from the previous model's. */
  affected: Uint8Array;
  /** Words of the previous corpus that `next` no longer has: their previous entries are dropped. */
  gone: string[];
  /** Words found by each rule (A lists, B files, C entries, D entering), and the words rule D counted. */
  rules: { lists: number; files: number; entries: number; entering: number; counted: number };
}

/**
 * The words of `next` (by key index) whose related terms may differ from those the previous model
 * (`entries`, sorted by word) gave over `previous`, both over `documents` files numbered alike
 * (updatableReason).
 */
export function affectedWords(
  previous: StoredIndex,
  next: StoredIndex,
  documents: number,
  entries: readonly RelatedEntry[],
): AffectedWords {
  const affected = new Uint8Array(next.keys.length);
  const rules = { lists: 0, files: 0, entries: 0, entering: 0, counted: 0 };
  const gone: string[] = [];
  const maxDf = Math.max(MIN_SHARED_FILES, Math.floor(documents * MAX_TARGET_SHARE));
  const maxSourceDf = Math.max(MIN_SHARED_FILES, Math.floor(documents * MAX_SOURCE_SHARE));
  const isTarget = (key: string, about: number) => about >= MIN_SHARED_FILES && about <= maxDf && isWord(key);
  // F: the files where some key's names-and-descriptions list gained or lost the file.
  const inF = new Uint8Array(documents);
  const markDifference = (a: Uint32Array, b: Uint32Array) => {
    let x = 0;
    let y = 0;
    while (x < a.length || y < b.length) {
      const p = x < a.length ? a[x]! : Number.MAX_SAFE_INTEGER;
      const q = y < b.length ? b[y]! : Number.MAX_SAFE_INTEGER;
      if (p !== q) inF[Math.min(p, q)] = 1;
      if (p <= q) x++;
      if (q <= p) y++;
    }
  };
  // Keys whose names-and-descriptions list changed (rule C), and the targets among them whose list shrank (rule D).
  const changedAbout = new Set<string>();
  const shrunk: number[] = [];
  // One walk over both sorted key tables, comparing lists in place (no list is copied or sliced).
  const before = previous.fields;
  const after = next.fields;
  const sameAt = (field: number, j: number, i: number) => {
    const b = before[field]!;
    const a = after[field]!;
    const from = b.start[j]!;
    const length = b.start[j + 1]! - from;
    const at = a.start[i]!;
    if (a.start[i + 1]! - at !== length) return false;
    for (let k = 0; k < length; k++) if (b.ordinals[from + k] !== a.ordinals[at + k]) return false;
    return true;
  };
  const goneKey = (j: number) => {
    gone.push(previous.keys[j]!);
    changedAbout.add(previous.keys[j]!);
    markDifference(listOf(previous, j, MEANING_ABOUT), EMPTY);
  };
  let j = 0;
  for (let i = 0; i < next.keys.length; i++) {
    const key = next.keys[i]!;
    while (j < previous.keys.length && previous.keys[j]! < key) goneKey(j++);
    const had = j < previous.keys.length && previous.keys[j] === key;
    const aboutSame = had && sameAt(MEANING_ABOUT, j, i);
    if (!aboutSame) {
      const aboutBefore = had ? listOf(previous, j, MEANING_ABOUT) : EMPTY;
      const aboutAfter = listOf(next, i, MEANING_ABOUT);
      changedAbout.add(key);
      markDifference(aboutBefore, aboutAfter);
      if (aboutAfter.length < aboutBefore.length && isTarget(key, aboutAfter.length)) shrunk.push(i);
    }
    if (!aboutSame || !sameAt(MEANING_BODY, j, i)) {
      affected[i] = 1;
      rules.lists++;
    }
    if (had) j++;
  }
  while (j < previous.keys.length) goneKey(j++);
  if (changedAbout.size === 0) return { affected, gone, rules };

  // Rule C: entries holding a changed term (the previous entries are the only words with entries),
  // found by one walk of the entries beside the keys (both in word order).
  const entryOf = new Int32Array(next.keys.length).fill(-1);
  for (let e = 0, i = 0; e < entries.length; e++) {
    const [word, list] = entries[e]!;
    while (i < next.keys.length && next.keys[i]! < word) i++;
    if (i === next.keys.length || next.keys[i] !== word) continue;
    entryOf[i] = e;
    if (affected[i] === 1) continue;
    for (const [term] of list)
      if (changedAbout.has(term)) {
        affected[i] = 1;
        rules.entries++;
        break;
      }
  }

  // Rules B and D in one walk over every other word's files: a file of F marks the word (B); the
  // shrunk targets' files count n(w, t) for them (D). Files -> the shrunk targets holding them.
  const fileStart = new Uint32Array(documents + 1);
  for (const t of shrunk) for (const f of listOf(next, t, MEANING_ABOUT)) fileStart[f + 1]!++;
  for (let f = 0; f < documents; f++) fileStart[f + 1]! += fileStart[f]!;
  const fileTargets = new Uint32Array(fileStart[documents]!);
  const fill = fileStart.slice(0, documents);
  shrunk.forEach((t, s) => {
    for (const f of listOf(next, t, MEANING_ABOUT)) fileTargets[fill[f]!++] = s;
  });
  const shrunkScript = shrunk.map((t) => scriptOf(next.keys[t]!));
  const shared = new Uint32Array(shrunk.length);
  const touched = new Uint32Array(shrunk.length);
  const aboutStart = next.fields[MEANING_ABOUT]!.start;
  const aboutOrdinals = next.fields[MEANING_ABOUT]!.ordinals;
  const bodyStart = next.fields[MEANING_BODY]!.start;
  const bodyOrdinals = next.fields[MEANING_BODY]!.ordinals;
  const changedFiles: number[] = [];
  inF.forEach((flag, f) => {
    if (flag === 1) changedFiles.push(f);
  });
  // Up to this many files of F, binary searches in a word's lists cost less than walking them.
  const fewChanged = changedFiles.length <= 16;
  for (let i = 0; i < next.keys.length; i++) {
    if (affected[i] === 1) continue;
    let a = aboutStart[i]!;
    const aEnd = aboutStart[i + 1]!;
    let b = bodyStart[i]!;
    const bEnd = bodyStart[i + 1]!;
    // Not a source (too rare, too common by one list alone, not a word): no entry before or after, df unchanged.
    if (aEnd - a + bEnd - b < MIN_SHARED_FILES || aEnd - a > maxSourceDf || bEnd - b > maxSourceDf) continue;
    const key = next.keys[i]!;
    if (!isWord(key)) continue;
    // No shrunk target: only rule B can apply, and a few files of F are looked up in the word's lists.
    if (shrunk.length === 0 && fewChanged) {
      if (changedFiles.some((f) => holdsWithin(aboutOrdinals, a, aEnd, f) || holdsWithin(bodyOrdinals, b, bEnd, f))) {
        affected[i] = 1;
        rules.files++;
      }
      continue;
    }
    // The union of the two lists, in order: df(w), a file of F, the shrunk targets' counts.
    let df = 0;
    let used = 0;
    let inChanged = false;
    while (a < aEnd || b < bEnd) {
      const p = a < aEnd ? aboutOrdinals[a]! : 0xffffffff;
      const q = b < bEnd ? bodyOrdinals[b]! : 0xffffffff;
      const f = p < q ? p : q;
      if (p <= q) a++;
      if (q <= p) b++;
      df++;
      if (inF[f] === 1) {
        inChanged = true;
        break;
      }
      for (let r = fileStart[f]!; r < fileStart[f + 1]!; r++) {
        const s = fileTargets[r]!;
        if (shared[s] === 0) touched[used++] = s;
        shared[s]!++;
      }
    }
    if (inChanged) {
      for (let u = 0; u < used; u++) shared[touched[u]!] = 0;
      affected[i] = 1;
      rules.files++;
      continue;
    }
    if (used > 0) rules.counted++;
    let enters = false;
    if (df >= MIN_SHARED_FILES && df <= maxSourceDf) {
      const script = scriptOf(key);
      const entry = entryOf[i]! >= 0 ? entries[entryOf[i]!]![1] : undefined;
      let weakest: { weight: number; key: number } | undefined;
      for (let u = 0; u < used && !enters; u++) {
        const s = touched[u]!;
        const n = shared[s]!;
        const t = shrunk[s]!;
        const about = aboutStart[t + 1]! - aboutStart[t]!;
        // The model's own tests, in its own arithmetic (meaning-model.ts relatedTerms).
        if (n < MIN_SHARED_FILES || t === i || shrunkScript[s] !== script) continue;
        if (n * documents < MIN_LIFT * df * about) continue;
        const w = n / Math.sqrt((df + SMOOTHING) * (about + SMOOTHING));
        if (Math.round(w * 100) < MIN_WEIGHT) continue;
        if (!entry || entry.length < RELATED_PER_WORD) {
          enters = true;
          continue;
        }
        weakest ??= weakestOf(next, i, df, entry);
        if (!weakest || w > weakest.weight || (w === weakest.weight && t < weakest.key)) enters = true;
      }
    }
    for (let u = 0; u < used; u++) shared[touched[u]!] = 0;
    if (enters) {
      affected[i] = 1;
      rules.entering++;
    }
  }
  return { affected, gone, rules };
}

/**
 * The weakest term of word `i`'s entry as the model ranked it: the least exact weight, ties to the
 * key last in order. Each term's n(w, t) is counted again over the word's files (the entry keeps
 * weights in hundredths only). Undefined (relate the word again) if a term is not a key of `next`.
 */
function weakestOf(next: StoredIndex, i: number, df: number, entry: RelatedEntry[1]): { weight: number; key: number } | undefined {
  const about = listOf(next, i, MEANING_ABOUT);
  const body = listOf(next, i, MEANING_BODY);
  let weakest: { weight: number; key: number } | undefined;
  for (const [term] of entry) {
    const t = indexOfSorted(next.keys, term);
    if (t === -1) return undefined;
    const files = listOf(next, t, MEANING_ABOUT);
    let n = 0;
    for (const f of files) if (holds(about, f) || holds(body, f)) n++;
    const weight = n / Math.sqrt((df + SMOOTHING) * (files.length + SMOOTHING));
    if (!weakest || weight < weakest.weight || (weight === weakest.weight && t > weakest.key)) weakest = { weight, key: t };
  }
  return weakest;
}

/**
 * The model's entries: the previous ones for the words not in `dropped` (the affected words and the
 * words gone), `fresh` (the affected words' entries, as relatedTerms gives them) for the others;
 * sorted by word as relatedTerms sorts them.
 */
export function mergeEntries(
  previous: readonly RelatedEntry[],
  fresh: readonly RelatedEntry[],
  dropped: ReadonlySet<string>,
): RelatedEntry[] {
  const kept = previous.filter((e) => !dropped.has(e[0]));
  const out: RelatedEntry[] = [];
  let a = 0;
  let b = 0;
  while (a < kept.length || b < fresh.length) {
    if (b >= fresh.length || (a < kept.length && kept[a]![0] < fresh[b]![0])) out.push(kept[a++]!);
    else out.push(fresh[b++]!);
  }
  return out;
}
