// An incremental build's patch of a stored index (index-store.ts): the lists are copied with each
// kept skill's old ordinal mapped to its new one (the mapping keeps their order: both orders are by
// key), the changed and deleted skills' ordinals left out and the freshly analysed skills' merged in.
// Keys no list holds any more are dropped, as a full build never has them, so the patched index is
// the one a full build collects. The old lists are read once, in key order, from the file
// (StoredFile): at 1M skills the term index is 2.5 GB, and holding it whole beside its patched
// copy was most of the incremental build's peak. The patch also says which keys' lists changed, and
// can keep their old lists, which is all the search patch needs of the old index.
import { concatU32 } from "../concat-u32.js";
import { indexOfSorted } from "../lower-bound.js";
import { type CollectedPart, U32Log } from "../search-index/collect-postings.js";
import type { StoredFile, StoredIndex } from "./index-store.js";

/** How an index becomes the next one: where each old row went, the fresh rows' part and where each went (patchStoredFile). */
export interface IndexPatch {
  oldTo: Int32Array;
  fresh: CollectedPart | null;
  freshTo: Uint32Array;
}

/** A patch's result: the new index and the keys whose lists changed. */
export interface PatchedIndex {
  index: StoredIndex;
  /** The keys whose lists differ from the old index's (added, dropped, other ordinals), sorted. */
  changed: string[];
  /** With `keepPrevious`: the old index's lists of those keys (the keys it had), copied out of it. */
  previousChanged: StoredIndex | null;
}

/**
 * The index of the new sequence, read from the old one's file as it goes (index-store.ts openStored):
 * `oldTo[r]` is the new ordinal of old row r (-1: changed or gone), `freshTo[j]` the new ordinal of the
 * fresh part's row j (ascending); both mappings keep order. With the changed keys and, with
 * `keepPrevious`, their old lists. Reads synchronously.
 */
export function patchStoredFile(old: StoredFile, patch: IndexPatch, keepPrevious: boolean): PatchedIndex {
  const close = old.open();
  try {
    return patchLists(old, patch, keepPrevious);
  } finally {
    close();
  }
}

/**
 * What a patch changes of the old index: a key's lists are new when the key is, when a fresh row
 * holds it, or when one of its old rows is gone or moved; otherwise they are its old lists. Walks
 * the merged keys in order, each field's old lists read once and in order.
 */
function patchLists(old: Pick<StoredFile, "keys" | "fields">, { oldTo, fresh, freshTo }: IndexPatch, keepPrevious: boolean): PatchedIndex {
  const { merged, from, freshAt } = mergedKeys(old.keys, fresh?.keys ?? []);
  const total = merged.length;
  const inverted = old.fields.map((_, f) => freshLists(fresh, f, freshAt, freshTo, total));
  const out = old.fields.map(({ count }, f) => ({
    start: new Uint32Array(total + 1),
    ordinals: new Uint32Array(count + inverted[f]!.ordinals.length),
  }));
  const used = new Uint8Array(total);
  const changedAt: number[] = [];
  const previous = keepPrevious ? old.fields.map(() => ({ start: new U32Log(), ordinals: new U32Log() })) : null;
  previous?.forEach((p) => p.start.push(0));
  const lists: Uint32Array[] = new Array(old.fields.length);
  const none = new Uint32Array(0);
  for (let m = 0; m < total; m++) {
    const i = from[m]!;
    let differs = i < 0;
    for (let f = 0; f < old.fields.length; f++) {
      const { start: os, ordinals } = old.fields[f]!;
      const list = i >= 0 ? ordinals(os[i]!, os[i + 1]!) : none;
      lists[f] = list;
      const { start, ordinals: target } = out[f]!;
      const { start: fs, ordinals: fo } = inverted[f]!;
      const begin = start[m]!;
      let at = begin;
      let q = fs[m]!;
      const qEnd = fs[m + 1]!;
      if (q === qEnd) {
        // Most keys no fresh row holds: the kept old ordinals, mapped; the same list when every one maps to itself.
        for (let p = 0; p < list.length; p++) {
          const to = oldTo[list[p]!]!;
          if (to >= 0) target[at++] = to;
          if (to !== list[p]) differs = true;
        }
      } else {
        // Two ascending runs merged: the kept old ordinals (mapped) and the fresh ones.
        let p = 0;
        let next = -1;
        for (; p < list.length; p++) if ((next = oldTo[list[p]!]!) >= 0) break;
        while (p < list.length || q < qEnd) {
          if (p < list.length && (q >= qEnd || next < fo[q]!)) {
            target[at++] = next;
            for (p++; p < list.length; p++) if ((next = oldTo[list[p]!]!) >= 0) break;
          } else target[at++] = fo[q++]!;
        }
        if (!differs) differs = !sameRun(target, begin, at, list);
      }
      start[m + 1] = at;
      if (at > begin) used[m] = 1;
    }
    if (!differs) continue;
    changedAt.push(m);
    if (previous && i >= 0)
      previous.forEach((p, f) => {
        const list = lists[f]!;
        for (let k = 0; k < list.length; k++) p.ordinals.push(list[k]!);
        p.start.push(p.ordinals.length);
      });
  }
  const changed = changedAt.map((m) => merged[m]!);
  const previousChanged = previous && {
    keys: changedAt.flatMap((m) => (from[m]! >= 0 ? [merged[m]!] : [])),
    fields: previous.map((p) => ({ start: p.start.flat(), ordinals: concatU32(p.ordinals.take()) })),
  };
  return { index: withoutEmptyKeys(merged, used, out), changed, previousChanged };
}

/**
 * The old keys and the fresh keys the old ones lack, merged into one sorted table: for each merged
 * position the old key it is (>= 0) or -1, and each fresh key's merged position.
 */
function mergedKeys(
  oldKeys: readonly string[],
  freshKeys: readonly string[],
): { merged: string[]; from: Int32Array; freshAt: Uint32Array } {
  const inOld = new Int32Array(freshKeys.length);
  const added: number[] = [];
  freshKeys.forEach((key, j) => {
    inOld[j] = indexOfSorted(oldKeys, key);
    if (inOld[j] === -1) added.push(j);
  });
  added.sort((a, b) => (freshKeys[a]! < freshKeys[b]! ? -1 : 1));
  const total = oldKeys.length + added.length;
  const from = new Int32Array(total);
  const merged: string[] = new Array(total);
  const freshAt = new Uint32Array(freshKeys.length);
  const oldPos = new Uint32Array(oldKeys.length);
  for (let i = 0, a = 0, out = 0; out < total; out++) {
    if (a < added.length && (i >= oldKeys.length || freshKeys[added[a]!]! < oldKeys[i]!)) {
      merged[out] = freshKeys[added[a]!]!;
      freshAt[added[a]!] = out;
      from[out] = -1;
      a++;
    } else {
      merged[out] = oldKeys[i]!;
      oldPos[i] = out;
      from[out] = i++;
    }
  }
  freshKeys.forEach((_, j) => {
    if (inOld[j]! >= 0) freshAt[j] = oldPos[inOld[j]!]!;
  });
  return { merged, from, freshAt };
}

/** The fresh rows of field `f` inverted: per merged key, the new ordinals of the fresh rows that hold it (ascending). */
function freshLists(
  fresh: CollectedPart | null,
  f: number,
  freshAt: Uint32Array,
  freshTo: Uint32Array,
  total: number,
): { start: Uint32Array; ordinals: Uint32Array } {
  const start = new Uint32Array(total + 1);
  const part = fresh?.fields[f];
  const log = part ? concatU32(part.log) : new Uint32Array(0);
  for (let p = 0; p < log.length; p++) start[freshAt[log[p]!]! + 1]!++;
  for (let m = 0; m < total; m++) start[m + 1]! += start[m]!;
  const ordinals = new Uint32Array(log.length);
  if (part) {
    const fill = start.slice(0, total);
    for (let j = 0, p = 0; j < part.ends.length; j++) for (; p < part.ends[j]!; p++) ordinals[fill[freshAt[log[p]!]!]!++] = freshTo[j]!;
  }
  return { start, ordinals };
}

/** Whether target[from, to) holds `list`. */
function sameRun(target: Uint32Array, from: number, to: number, list: Uint32Array): boolean {
  if (to - from !== list.length) return false;
  for (let k = 0; k < list.length; k++) if (target[from + k] !== list[k]) return false;
  return true;
}

/** The patched lists as an index, without the keys no list holds any more (only the start arrays change: their runs are empty). */
function withoutEmptyKeys(merged: string[], used: Uint8Array, fields: { start: Uint32Array; ordinals: Uint32Array }[]): StoredIndex {
  const lists = fields.map(({ start, ordinals }) => ({ start, ordinals: ordinals.subarray(0, start[merged.length]!) }));
  let kept = 0;
  for (let m = 0; m < merged.length; m++) kept += used[m]!;
  if (kept === merged.length) return { keys: merged, fields: lists };
  const keys: string[] = [];
  const compact = lists.map(() => new Uint32Array(kept + 1));
  for (let m = 0; m < merged.length; m++) {
    if (!used[m]) continue;
    keys.push(merged[m]!);
    lists.forEach((field, f) => {
      compact[f]![keys.length] = field.start[m + 1]!;
    });
  }
  return { keys, fields: lists.map((field, f) => ({ start: compact[f]!, ordinals: field.ordinals })) };
}
