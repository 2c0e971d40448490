// The meaning model updated for what changed, instead of learned again from the whole corpus. A
// word's related terms (meaning-model.ts) depend on its own lists (which files hold it), on the
// number of files, and, for each target term it shares files with, on that term's names-and-
// descriptions list. So when the number of files is the same and the unchanged files keep their
// numbers (a changed SKILL.md re-read in place: a queued re-index), the words whose related terms
// can differ from the previous model's are:
//   - the words whose lists changed (they are in a changed file, before or after the change);
//   - for each target term whose names-and-descriptions list changed (a target before or after),
//     the words that share at least MIN_SHARED_FILES files with it, before or after: a pair that
//     shares fewer is never kept, so no other word's entry can change.
// Those words are related again by the model's own code; every other word keeps the previous
// model's entry, read back from the previous site's shards (checked against their content-hash
// names). The entries, and so the shards written from them, are the ones a full run gives
// (test/build/meaning-update.test.ts compares them over several change mixes).
import type { RelatedEntry } from "../../contract/related-shard.js";
import type { StoredIndex } from "../cache/index-store.js";
import { MEANING_ABOUT, MEANING_BODY } from "./meaning-collect.js";
import { forEachOfUnion, isWord, MAX_TARGET_SHARE, MIN_SHARED_FILES } from "./meaning-model.js";

/** A key's list of one field. */
const listOf = (index: StoredIndex, i: number, field: number) =>
  index.fields[field]!.ordinals.subarray(index.fields[field]!.start[i]!, index.fields[field]!.start[i + 1]!);

const sameList = (a: Uint32Array, b: Uint32Array) => {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
};

const EMPTY = new Uint32Array(0);

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

/**
 * The words of `next` (by key index) whose related terms may differ from those the previous model
 * gave over `previous`, both over `documents` files numbered alike (updatableReason).
 */
export function affectedWords(previous: StoredIndex, next: StoredIndex, documents: number): Uint8Array {
  const affected = new Uint8Array(next.keys.length);
  const maxDf = Math.max(MIN_SHARED_FILES, Math.floor(documents * MAX_TARGET_SHARE));
  const isTarget = (key: string, about: number) => about >= MIN_SHARED_FILES && about <= maxDf && isWord(key);
  // Target terms whose names-and-descriptions list changed: their files before and after, together.
  const targets: Uint32Array[] = [];
  const inTargets = new Uint8Array(documents);
  const changedTarget = (key: string, before: Uint32Array, after: Uint32Array) => {
    if (!isTarget(key, before.length) && !isTarget(key, after.length)) return;
    const files = union(before, after);
    targets.push(files);
    for (const f of files) inTargets[f] = 1;
  };
  // One walk over both sorted key tables.
  let j = 0;
  for (let i = 0; i < next.keys.length; i++) {
    const key = next.keys[i]!;
    while (j < previous.keys.length && previous.keys[j]! < key) {
      changedTarget(previous.keys[j]!, listOf(previous, j, MEANING_ABOUT), EMPTY);
      j++;
    }
    const had = j < previous.keys.length && previous.keys[j] === key;
    const aboutBefore = had ? listOf(previous, j, MEANING_ABOUT) : EMPTY;
    const aboutAfter = listOf(next, i, MEANING_ABOUT);
    const aboutSame = sameList(aboutBefore, aboutAfter);
    if (!aboutSame) changedTarget(key, aboutBefore, aboutAfter);
    if (!had || !aboutSame || !sameList(listOf(previous, j, MEANING_BODY), listOf(next, i, MEANING_BODY))) affected[i] = 1;
    if (had) j++;
  }
  for (; j < previous.keys.length; j++) changedTarget(previous.keys[j]!, listOf(previous, j, MEANING_ABOUT), EMPTY);
  if (targets.length === 0) return affected;

  // The words of the files those targets are in (each file's words once), then, per target, the
  // words that share MIN_SHARED_FILES of its files. A word only in a file's previous text changed
  // lists, so it is affected already; the files' words now are enough.
  const count = new Uint32Array(documents + 1);
  const forEachFile = (i: number, fn: (f: number) => void) =>
    forEachOfUnion(listOf(next, i, MEANING_ABOUT), listOf(next, i, MEANING_BODY), fn);
  for (let i = 0; i < next.keys.length; i++)
    forEachFile(i, (f) => {
      if (inTargets[f]) count[f + 1]!++;
    });
  for (let f = 0; f < documents; f++) count[f + 1]! += count[f]!;
  const words = new Uint32Array(count[documents]!);
  const fill = count.slice(0, documents);
  for (let i = 0; i < next.keys.length; i++)
    forEachFile(i, (f) => {
      if (inTargets[f]) words[fill[f]!++] = i;
    });
  const shared = new Uint32Array(next.keys.length);
  const touched: number[] = [];
  for (const files of targets) {
    for (const f of files)
      for (let r = count[f]!; r < count[f + 1]!; r++) {
        const w = words[r]!;
        if (shared[w] === 0) touched.push(w);
        if (++shared[w]! === MIN_SHARED_FILES) affected[w] = 1;
      }
    for (const w of touched) shared[w] = 0;
    touched.length = 0;
  }
  return affected;
}

/** The sorted union of two sorted lists. */
function union(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out: number[] = [];
  let x = 0;
  let y = 0;
  while (x < a.length || y < b.length) {
    const p = x < a.length ? a[x]! : Number.MAX_SAFE_INTEGER;
    const q = y < b.length ? b[y]! : Number.MAX_SAFE_INTEGER;
    out.push(Math.min(p, q));
    if (p <= q) x++;
    if (q <= p) y++;
  }
  return Uint32Array.from(out);
}

/**
 * The model's entries: the previous ones for the words not affected, `fresh` (the affected words'
 * entries, as relatedTerms gives them) for the others; sorted by word as relatedTerms sorts them.
 */
export function mergeEntries(
  previous: readonly RelatedEntry[],
  fresh: readonly RelatedEntry[],
  affected: ReadonlySet<string>,
): RelatedEntry[] {
  const kept = previous.filter((e) => !affected.has(e[0]));
  const out: RelatedEntry[] = [];
  let a = 0;
  let b = 0;
  while (a < kept.length || b < fresh.length) {
    if (b >= fresh.length || (a < kept.length && kept[a]![0] < fresh[b]![0])) out.push(kept[a++]!);
    else out.push(fresh[b++]!);
  }
  return out;
}
