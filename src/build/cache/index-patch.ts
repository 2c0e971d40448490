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
import type { CollectedPart } from "../search-index/collect-postings.js";
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
  return withFile(old, () => patchLists(old, patch, { keepPrevious, dry: false }) as PatchedIndex);
}

/**
 * The keys whose lists patchStoredFile would change, without making the new index: when there are
 * none, the index is the old one (the meaning model's input an hourly crawl leaves as it was, 1.6 GB
 * at 1M skills). As costly as the patch in time, not in memory.
 */
export function changedByPatch(old: StoredFile, patch: IndexPatch): string[] {
  return withFile(old, () => patchLists(old, patch, { keepPrevious: false, dry: true }).changed);
}

function withFile<T>(old: StoredFile, read: () => T): T {
  const close = old.open();
  try {
    return read();
  } finally {
    close();
  }
}

/**
 * What a patch changes of the old index: a key's lists are new when the key is, when a fresh row
 * holds it, or when one of its old rows is gone or moved; otherwise they are its old lists. Each
 * field's old lists are read once, in key order, through its window (no view is made per list);
 * the changed keys' old lists, when kept, in a second walk over those keys alone, also in order.
 */
function patchLists(
  old: Pick<StoredFile, "keys" | "fields">,
  { oldTo, fresh, freshTo }: IndexPatch,
  { keepPrevious, dry }: { keepPrevious: boolean; dry: boolean },
): Omit<PatchedIndex, "index"> & { index: StoredIndex | null } {
  const { merged, from, freshAt } = mergedKeys(old.keys, fresh?.keys ?? []);
  const total = merged.length;
  const used = new Uint8Array(total);
  // 1 where a key's lists differ from its old ones; every added key does.
  const differs = new Uint8Array(total);
  for (let m = 0; m < total; m++) if (from[m]! < 0) differs[m] = 1;
  const fields = old.fields.map(({ start: os, count, window }, f) => {
    const { start: fs, ordinals: fo } = freshLists(fresh, f, freshAt, freshTo, total);
    const start = new Uint32Array(dry ? 1 : total + 1);
    // A dry run writes each key's lists over the last one's, in a buffer as long as the longest.
    let target = new Uint32Array(dry ? 1024 : count + fo.length);
    let at = 0;
    for (let m = 0; m < total; m++) {
      const i = from[m]!;
      let p = 0;
      let pEnd = 0;
      if (i >= 0 && os[i + 1]! > os[i]!) {
        p = window.hold(os[i]!, os[i + 1]!);
        pEnd = p + os[i + 1]! - os[i]!;
      }
      const list = window.buffer;
      let q = fs[m]!;
      const qEnd = fs[m + 1]!;
      if (dry) {
        at = 0;
        if (target.length < pEnd - p + qEnd - q) target = new Uint32Array(2 * (pEnd - p + qEnd - q));
      }
      const begin = at;
      if (q === qEnd) {
        // Most keys no fresh row holds: the kept old ordinals, mapped; the same list when every one maps to itself.
        let moved = 0;
        for (; p < pEnd; p++) {
          const to = oldTo[list[p]!]!;
          if (to >= 0) target[at++] = to;
          moved |= to ^ list[p]!;
        }
        if (moved !== 0) differs[m] = 1;
      } else {
        // Two ascending runs merged: the kept old ordinals (mapped) and the fresh ones; then compared
        // with the old list (a skill written again with the same words gives it back).
        const length = pEnd - p;
        let next = -1;
        for (; p < pEnd; p++) if ((next = oldTo[list[p]!]!) >= 0) break;
        while (p < pEnd || q < qEnd) {
          if (p < pEnd && (q >= qEnd || next < fo[q]!)) {
            target[at++] = next;
            for (p++; p < pEnd; p++) if ((next = oldTo[list[p]!]!) >= 0) break;
          } else target[at++] = fo[q++]!;
        }
        if (!differs[m] && !sameAsOld(target, begin, at, old.fields[f]!, i, length)) differs[m] = 1;
      }
      if (dry) continue;
      start[m + 1] = at;
      if (at > begin) used[m] = 1;
    }
    return { start, ordinals: target.subarray(0, at) };
  });
  const changedAt: number[] = [];
  for (let m = 0; m < total; m++) if (differs[m]) changedAt.push(m);
  const previousChanged = keepPrevious
    ? oldListsOf(
        old,
        changedAt.flatMap((m) => (from[m]! >= 0 ? [from[m]!] : [])),
      )
    : null;
  return { index: dry ? null : withoutEmptyKeys(merged, used, fields), changed: changedAt.map((m) => merged[m]!), previousChanged };
}

/** Whether target[from, to) holds old key `i`'s list of `field` (`length` ordinals; the window still holds it). */
function sameAsOld(target: Uint32Array, from: number, to: number, field: StoredFile["fields"][number], i: number, length: number): boolean {
  if (to - from !== length) return false;
  if (length === 0) return true;
  const at = field.window.hold(field.start[i]!, field.start[i + 1]!);
  for (let k = 0; k < length; k++) if (target[from + k] !== field.window.buffer[at + k]) return false;
  return true;
}

/** The old lists of keys `at` (ascending positions in the old index), copied out of it. */
function oldListsOf(old: Pick<StoredFile, "keys" | "fields">, at: readonly number[]): StoredIndex {
  return {
    keys: at.map((i) => old.keys[i]!),
    fields: old.fields.map(({ start: os, window }) => {
      const start = new Uint32Array(at.length + 1);
      at.forEach((i, j) => (start[j + 1] = start[j]! + os[i + 1]! - os[i]!));
      const ordinals = new Uint32Array(start[at.length]!);
      at.forEach((i, j) => {
        if (os[i + 1]! === os[i]!) return;
        const from = window.hold(os[i]!, os[i + 1]!);
        ordinals.set(window.buffer.subarray(from, from + os[i + 1]! - os[i]!), start[j]!);
      });
      return { start, ordinals };
    }),
  };
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

/** The patched lists as an index, without the keys no list holds any more (only the start arrays change: their runs are empty). */
function withoutEmptyKeys(merged: string[], used: Uint8Array, fields: { start: Uint32Array; ordinals: Uint32Array }[]): StoredIndex {
  let kept = 0;
  for (let m = 0; m < merged.length; m++) kept += used[m]!;
  if (kept === merged.length) return { keys: merged, fields };
  const keys: string[] = new Array(kept);
  for (let m = 0, k = 0; m < merged.length; m++) if (used[m]) keys[k++] = merged[m]!;
  return {
    keys,
    fields: fields.map(({ start, ordinals }) => {
      const compact = new Uint32Array(kept + 1);
      for (let m = 0, k = 0; m < merged.length; m++) if (used[m]) compact[++k] = start[m + 1]!;
      return { start: compact, ordinals };
    }),
  };
}
