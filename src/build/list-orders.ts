// Both list orders of one sort key, as src/contract/list-order.ts listOrder defines them, for the
// cost of one sort: the sort values are made once per record (a name lower-cased once, not twice per
// comparison), the ascending order is sorted, and the descending one is read off it (its runs of
// equal values in reverse, each run kept in key order: ties go by key in both directions).
// At 100k skills the six sorts of listOrder, with names lower-cased in each comparison, were most
// of the list index's time in an incremental build.
import type { SortKey, SortOrder } from "../schemas/params.js";

/** The fields the orders read. */
export type OrderedRecord = { name: string; stars: number; updatedAt: string };

/** The ascending and descending orders of `records` (in key order) by `sort`: the ordinals in list order. */
export function listOrders(records: readonly OrderedRecord[], sort: SortKey): Record<SortOrder, Uint32Array> {
  const n = records.length;
  const asc = new Uint32Array(n);
  for (let i = 0; i < n; i++) asc[i] = i;
  let same: (i: number, j: number) => boolean;
  if (sort === "name") {
    const names = records.map((r) => r.name);
    const lower = names.map((name) => name.toLowerCase());
    asc.sort((i, j) => {
      const a = lower[i]!;
      const b = lower[j]!;
      if (a !== b) return a < b ? -1 : 1;
      const x = names[i]!;
      const y = names[j]!;
      return x < y ? -1 : x > y ? 1 : i - j;
    });
    same = (i, j) => names[i] === names[j];
  } else {
    const values = Float64Array.from(records, (r) => (sort === "stars" ? r.stars : Date.parse(r.updatedAt)));
    asc.sort((i, j) => values[i]! - values[j]! || i - j);
    same = (i, j) => values[i] === values[j];
  }
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
