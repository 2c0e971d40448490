// Prefixes that answer: a prefix matching more indexed words than a query may expand (MAX_EXPANSIONS)
// gets its posting lists precomputed at build time, the union over all its words per field, stored
// under the prefix itself in shards of their own. Such a prefix then costs one key read at query
// time, and its answer is complete (no word is cut).
import { Bitset } from "../../contract/postings.js";
import { MIN_PREFIX } from "../../search/query.js";
import type { KeyLists } from "./search-shards.js";

/** A big prefix and its three unions. */
export type PrefixUnion = [prefix: string, lists: [Uint32Array, Uint32Array, Uint32Array]];

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * Every prefix (of at least MIN_PREFIX characters) that more than `threshold` of the sorted `terms`
 * start with, as [start, end) ranges into `terms`, grouped by prefix length.
 */
export function bigPrefixRanges(terms: readonly string[], threshold: number): Map<number, [string, number, number][]> {
  const out = new Map<number, [string, number, number][]>();
  for (let len = MIN_PREFIX; ; len++) {
    const ranges: [string, number, number][] = [];
    let i = 0;
    while (i < terms.length) {
      const t = terms[i]!;
      if (t.length < len || isHighSurrogate(t.charCodeAt(len - 1)) || [...t.slice(0, len)].length < MIN_PREFIX) {
        i++;
        continue;
      }
      const prefix = t.slice(0, len);
      let j = i + 1;
      while (j < terms.length && terms[j]!.startsWith(prefix)) j++;
      if (j - i > threshold) ranges.push([prefix, i, j]);
      i = j;
    }
    // Runs only shrink as the prefix grows: once none is big, no longer one is.
    if (ranges.length === 0) return out;
    out.set(len, ranges);
  }
}

/**
 * The unions of every big prefix of the sorted `terms`, sorted by prefix. Each term's lists are read
 * once and OR-ed into the open union of every length whose range holds it.
 */
export function prefixUnions(
  terms: readonly string[],
  listsAt: (i: number) => KeyLists,
  docCount: number,
  threshold: number,
): PrefixUnion[] {
  const levels = [...bigPrefixRanges(terms, threshold).values()];
  const next = levels.map(() => 0);
  const open: ([Bitset, Bitset, Bitset] | undefined)[] = levels.map(() => undefined);
  const out: PrefixUnion[] = [];
  for (let i = 0; i < terms.length; i++) {
    let lists: KeyLists | undefined;
    levels.forEach((ranges, l) => {
      const range = ranges[next[l]!];
      if (!range || i < range[1]) return;
      lists ??= listsAt(i);
      const sets = (open[l] ??= [new Bitset(docCount), new Bitset(docCount), new Bitset(docCount)]);
      sets.forEach((set, f) => {
        const list = lists![f];
        if (list) for (let k = 0; k < list.length; k++) set.add(list[k]!);
      });
      if (i + 1 === range[2]) {
        out.push([range[0], [toArray(sets[0]), toArray(sets[1]), toArray(sets[2])]]);
        open[l] = undefined;
        next[l]!++;
      }
    });
  }
  return out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** A set's members, ascending. */
export function toArray(set: Bitset): Uint32Array {
  const out = new Uint32Array(set.count());
  let n = 0;
  set.forEach((o) => {
    out[n++] = o;
  });
  return out;
}

/**
 * The union of one big prefix's range of terms ([prefix, start, end) from bigPrefixRanges), per
 * field: what prefixUnions gives that prefix, computed alone (a patched write needs only a few).
 */
export function unionOf(
  [, start, end]: readonly [string, number, number],
  listsAt: (i: number) => KeyLists,
  docCount: number,
): [Uint32Array, Uint32Array, Uint32Array] {
  const sets = [new Bitset(docCount), new Bitset(docCount), new Bitset(docCount)];
  for (let i = start; i < end; i++) {
    const lists = listsAt(i);
    sets.forEach((set, f) => {
      const list = lists[f];
      if (list) for (let k = 0; k < list.length; k++) set.add(list[k]!);
    });
  }
  return [toArray(sets[0]!), toArray(sets[1]!), toArray(sets[2]!)];
}
