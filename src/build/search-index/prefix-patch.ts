// The precomputed prefix unions' patch mode (an incremental build). A big prefix's union is every
// skill holding any word under it, so a common prefix's union rarely moves when a few words' lists
// do: the skill that dropped a word usually holds another word under the same prefix. For each
// prefix of a changed word, the union is the previous one (read back from its shard) moved by the
// changed words' list differences alone: an ordinal the changed words now list joins it; one they
// listed before and list no more leaves it unless an unchanged word under the prefix lists it (one
// binary search a word, stopping at the first that does). Only prefixes whose union really moved,
// or that became big or stopped being big, make their shards be written again; the others' unions
// are decoded from the previous shards where a shard must be cut again. The bytes are a whole write's.
import { Bitset } from "../../contract/postings.js";
import type { RangeShard } from "../../contract/search-manifest.js";
import { ShardReader } from "../../contract/term-shard.js";
import { MIN_PREFIX } from "../../search/query.js";
import { lowerBound } from "../lower-bound.js";
import type { OutputSink } from "../output.js";
import type { ListLookup, PostingIndex } from "./collect-postings.js";
import { toArray, unionOf } from "./prefix-unions.js";
import { holdsIn } from "./search-patch.js";
import { type KeyLists, writeTermShards } from "./search-shards.js";

export interface PrefixPatch {
  /** The previous build's prefix shards of this family. */
  previous: readonly RangeShard[];
  /** The family's words whose lists changed (added, removed, other ordinals), sorted. */
  changed: readonly string[];
  /** The family's index before (the changed words' previous lists). */
  before: ListLookup;
  read(file: string): Promise<Uint8Array | undefined>;
  keep(file: string): Promise<boolean>;
}

type Lists = [Uint32Array, Uint32Array, Uint32Array];

/** The index after `from` of the first of sorted `keys` not starting with `prefix` (those that do are one run). */
function runEnd(keys: readonly string[], prefix: string, from: number): number {
  let lo = from;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]!.startsWith(prefix)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const holdsOrdinal = (list: ArrayLike<number>, o: number) => {
  const at = lowerBound(list as ArrayLike<number> as Uint32Array, o);
  return at < list.length && list[at] === o;
};

/** What a changed word's list in one field gained and lost: two sorted merges' differences. */
function listDiff(before: ArrayLike<number>, now: ArrayLike<number>): { added: number[]; removed: number[] } {
  const added: number[] = [];
  const removed: number[] = [];
  let i = 0;
  let j = 0;
  while (i < before.length || j < now.length) {
    if (j >= now.length || (i < before.length && before[i]! < now[j]!)) removed.push(before[i++]!);
    else if (i >= before.length || now[j]! < before[i]!) added.push(now[j++]!);
    else {
      i++;
      j++;
    }
  }
  return { added, removed };
}

/**
 * Writes a family's prefix unions patched; returns the shards, or why it cannot (the caller then
 * writes them whole). `keys` are the family's sorted keys (phrase pair keys, which sort first, are
 * never under a prefix).
 */
export async function patchPrefixUnions(
  sink: OutputSink,
  index: PostingIndex,
  threshold: number,
  docCount: number,
  patch: PrefixPatch,
): Promise<{ shards: RangeShard[]; moved: number } | string> {
  const keys = index.keys;
  const { changed, before } = patch;
  // Outside the BMP a prefix length is not its code point count: whole (bigPrefixRanges knows surrogates).
  if (changed.some((t) => /[\uD800-\uDFFF]/.test(t))) return "a changed word holds a character outside the BMP";
  // The previous prefixes, read back from their shards.
  const readers: ShardReader[] = [];
  for (const shard of patch.previous) {
    const bytes = await patch.read(shard.file);
    if (!bytes) return `${shard.file} is not the previous build's`;
    const reader = new ShardReader(bytes);
    if (reader.docCount !== docCount) return "the previous prefix shards are over another skill count";
    readers.push(reader);
  }
  const previousKeys: string[] = [];
  const where: [number, number][] = [];
  readers.forEach((r, j) => {
    for (let i = 0; i < r.size; i++) {
      previousKeys.push(r.term(i));
      where.push([j, i]);
    }
  });
  const previousLists = (at: number): Lists => {
    const [j, i] = where[at]!;
    return [0, 1, 2].map((f) => {
      const set = new Bitset(docCount);
      readers[j]!.postingsInto(i, f, set);
      return toArray(set);
    }) as Lists;
  };

  // Every prefix of a changed word that is big now or was before (a prefix that is neither has no longer one that is).
  const candidates = new Set<string>();
  for (const t of changed)
    for (let len = MIN_PREFIX; len <= t.length; len++) {
      const p = t.slice(0, len);
      const from = lowerBound(keys, p);
      const big = runEnd(keys, p, from) - from > threshold;
      if (!big && !holdsIn(previousKeys, p, p)) break;
      candidates.add(p);
    }

  const changedSet = new Set(changed);
  // Each changed word's differences per field, once (a word is under several candidate prefixes).
  const empty = new Uint32Array(0);
  const diffs = changed.map((t) => [0, 1, 2].map((f) => listDiff(before.listOf(t, f) ?? empty, index.listOf(t, f) ?? empty)));
  const patched = new Map<string, Lists | null>();
  for (const p of [...candidates].sort()) {
    const from = lowerBound(keys, p);
    const end = runEnd(keys, p, from);
    const was = lowerBound(previousKeys, p);
    const wasBig = previousKeys[was] === p;
    if (end - from <= threshold) {
      if (wasBig) patched.set(p, null);
      continue;
    }
    if (!wasBig) {
      patched.set(
        p,
        unionOf([p, from, end], (i) => [0, 1, 2].map((f) => index.list(i, f)), docCount),
      );
      continue;
    }
    // Moved by the changed words under p: what they list now joins, what they listed alone leaves.
    const c0 = lowerBound(changed, p);
    const c1 = runEnd(changed, p, c0);
    const old = previousLists(was);
    let moved = false;
    const lists = old.map((union, f) => {
      // Joins: what a changed word lists now and the union lacks. Leaves: what a changed word no
      // longer lists, unless a changed word lists it now or an unchanged word under p does.
      const joined = new Set<number>();
      const gone = new Set<number>();
      for (let c = c0; c < c1; c++) for (const o of diffs[c]![f]!.added) if (!holdsOrdinal(union, o)) joined.add(o);
      for (let c = c0; c < c1; c++)
        for (const o of diffs[c]![f]!.removed) {
          if (gone.has(o) || joined.has(o)) continue;
          let held = false;
          for (let k = c0; k < c1 && !held; k++) held = holdsOrdinal(index.listOf(changed[k]!, f) ?? empty, o);
          for (let i = from; i < end && !held; i++) if (!changedSet.has(keys[i]!)) held = holdsOrdinal(index.list(i, f), o);
          if (!held) gone.add(o);
        }
      if (gone.size === 0 && joined.size === 0) return union;
      moved = true;
      const out = Uint32Array.from([...union.filter((o) => !gone.has(o)), ...joined]);
      return out.sort();
    }) as Lists;
    if (moved) patched.set(p, lists);
  }

  // This build's prefixes: the previous ones, less those no longer big, with the newly big ones.
  const dirty = [...patched.keys()].sort();
  const prefixes = [...previousKeys.filter((p) => patched.get(p) !== null), ...dirty.filter((p) => !holdsIn(previousKeys, p, p))].sort();
  const listsAt = (i: number): KeyLists => {
    const p = prefixes[i]!;
    const lists = patched.get(p);
    return lists ?? previousLists(lowerBound(previousKeys, p));
  };
  const written = await writeTermShards(sink, "prefixes", prefixes, listsAt, docCount, undefined, {
    previous: patch.previous,
    dirty: (from, to) => holdsIn(dirty, from, to),
    keep: patch.keep,
  });
  return { shards: written.shards, moved: dirty.length };
}
