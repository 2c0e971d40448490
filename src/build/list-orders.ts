// Both list orders of one sort key, as src/contract/list-order.ts listOrder defines them, for the
// cost of one sort: the sort values are made once per record (a name lower-cased once, not twice per
// comparison), the ascending order is sorted, and the descending one is read off it (its runs of
// equal values in reverse, each run kept in key order: ties go by key in both directions).
// At 100k skills the six sorts of listOrder, with names lower-cased in each comparison, were most
// of the list index's time in an incremental build. An incremental build goes further: the skills
// it took from the cache keep their values and their relative order, so the previous build's
// ascending order, renumbered, is merged with the few skills rendered afresh (patchedListOrders).
import type { SortKey, SortOrder } from "../schemas/params.js";

/** The fields the orders read. */
export type OrderedRecord = { name: string; stars: number; updatedAt: string };

/** The ascending comparison of two ordinals by `sort` (ties by ordinal, which is key order), and whether their values are equal. */
function comparisonOf(records: readonly OrderedRecord[], sort: SortKey) {
  if (sort === "name") {
    const names = records.map((r) => r.name);
    const lower = names.map((name) => name.toLowerCase());
    const compare = (i: number, j: number) => {
      const a = lower[i]!;
      const b = lower[j]!;
      if (a !== b) return a < b ? -1 : 1;
      const x = names[i]!;
      const y = names[j]!;
      return x < y ? -1 : x > y ? 1 : i - j;
    };
    return { compare, same: (i: number, j: number) => names[i] === names[j] };
  }
  const values = Float64Array.from(records, (r) => (sort === "stars" ? r.stars : Date.parse(r.updatedAt)));
  return { compare: (i: number, j: number) => values[i]! - values[j]! || i - j, same: (i: number, j: number) => values[i] === values[j] };
}

/** Both orders from the ascending one: the descending order is its runs of equal values in reverse, each run kept in key order. */
function withDescending(asc: Uint32Array, same: (i: number, j: number) => boolean): Record<SortOrder, Uint32Array> {
  const n = asc.length;
  const desc = new Uint32Array(n);
  let at = 0;
  for (let end = n; end > 0; ) {
    let begin = end - 1;
    while (begin > 0 && same(asc[begin - 1]!, asc[end - 1]!)) begin--;
    desc.set(asc.subarray(begin, end), at);
    at += end - begin;
    end = begin;
  }
  return { asc, desc };
}

/** The ascending and descending orders of `records` (in key order) by `sort`: the ordinals in list order. */
export function listOrders(records: readonly OrderedRecord[], sort: SortKey): Record<SortOrder, Uint32Array> {
  const asc = new Uint32Array(records.length);
  for (let i = 0; i < asc.length; i++) asc[i] = i;
  const { compare, same } = comparisonOf(records, sort);
  asc.sort(compare);
  return withDescending(asc, same);
}

/** How this build's skills relate to the previous build's: where each previous ordinal went (-1: gone or rendered afresh), and the fresh ordinals. */
export interface OrdinalMap {
  oldTo: Int32Array;
  fresh: readonly number[];
}

/**
 * listOrders from the previous build's ascending order by `sort` (of its ordinals): the skills
 * kept in it renumbered, merged with the fresh ones sorted. Undefined when `previous` cannot be that
 * order over the mapped skills (not every previous ordinal once, or not ascending once renumbered):
 * the caller sorts afresh.
 */
export function patchedListOrders(
  records: readonly OrderedRecord[],
  sort: SortKey,
  previous: Uint32Array,
  map: OrdinalMap,
): Record<SortOrder, Uint32Array> | undefined {
  const { oldTo, fresh } = map;
  if (previous.length !== oldTo.length) return undefined;
  const { compare, same } = comparisonOf(records, sort);
  const seen = new Uint8Array(oldTo.length);
  const kept: number[] = [];
  for (const o of previous) {
    if (o >= seen.length || seen[o] === 1) return undefined;
    seen[o] = 1;
    const to = oldTo[o]!;
    if (to < 0) continue;
    if (kept.length > 0 && compare(kept[kept.length - 1]!, to) >= 0) return undefined;
    kept.push(to);
  }
  if (kept.length + fresh.length !== records.length) return undefined;
  const added = [...fresh].sort(compare);
  const asc = new Uint32Array(records.length);
  let i = 0;
  let j = 0;
  for (let at = 0; at < asc.length; at++)
    asc[at] = j >= added.length || (i < kept.length && compare(kept[i]!, added[j]!) < 0) ? kept[i++]! : added[j++]!;
  return withDescending(asc, same);
}
