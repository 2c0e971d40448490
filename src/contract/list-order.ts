// The orders of skill lists, computed at build time: for each sort key and direction, the skill
// ordinals in list order. Ties are always broken by owner/repo ascending, in both directions.

import type { SkillRecord } from "../schemas/dataset.js";
import type { SortKey, SortOrder } from "../schemas/params.js";

export const SORTS: readonly SortKey[] = ["stars", "updated", "name"];
export const ORDERS: readonly SortOrder[] = ["asc", "desc"];

/** Compares two names case-insensitively by code unit, then exactly, so the order is locale-free. */
export const compareNames = (a: string, b: string): number => {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
};

/**
 * Ordinals (indexes into `records`, which are in key order) in list order. Because records are
 * already in key order, comparing ordinals breaks ties by owner/repo.
 */
export function listOrder(records: readonly SkillRecord[], sort: SortKey, order: SortOrder): Uint32Array {
  const ordinals = Array.from(records.keys());
  const dir = order === "asc" ? 1 : -1;
  if (sort === "name") {
    ordinals.sort((i, j) => compareNames(records[i]!.name, records[j]!.name) * dir || i - j);
  } else {
    // The sort values once per record, not twice per comparison.
    const values = Float64Array.from(records, (r) => (sort === "stars" ? r.stars : Date.parse(r.updatedAt)));
    ordinals.sort((i, j) => (values[i]! - values[j]!) * dir || i - j);
  }
  return Uint32Array.from(ordinals);
}
