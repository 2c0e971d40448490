// The list filters of a search (category, platform, minStars, hasIndex, and the trust filter's sets
// of left-out ordinals): bit masks and thresholds over the list columns, applied to the candidate set
// after the clauses and exclusions.
import { type ColumnName, type ColumnSet, FLAG_HAS_INDEX } from "../contract/columns.js";
import type { Bitset } from "../contract/postings.js";

export interface Filters {
  /** Bit masks over the manifest vocabularies; 0 means no filter. */
  categoryMask: number;
  platformMask: number;
  minStars: number;
  hasIndex?: boolean;
  /** Ordinals left out whatever matched (the `trust` filter: malicious, and for `clean` suspicious, skills). */
  excluded?: readonly Uint32Array[];
}

export const NO_FILTERS: Filters = { categoryMask: 0, platformMask: 0, minStars: 0 };

/** The list columns a search reads: stars and updated rank it (the key, then its ties); a filter adds its own. */
export type SearchColumns = ColumnSet<"stars" | "updated"> & Partial<ColumnSet<ColumnName>>;
export const searchColumns = (filters: Filters): ColumnName[] => [
  "stars",
  "updated",
  ...(filters.categoryMask ? (["categories"] as const) : []),
  ...(filters.platformMask ? (["platforms"] as const) : []),
  ...(filters.hasIndex !== undefined ? (["flags"] as const) : []),
];

/** A filter's column, which the caller loaded by searchColumns. */
function column(columns: Partial<ColumnSet<ColumnName>>, name: ColumnName): Uint32Array {
  const c = columns[name];
  if (!c) throw new Error(`column ${name} was not loaded for this search's filters`);
  return c;
}

/** Clears, in `set`, every skill the filters reject (a column check per member). */
export function applyFilters(set: Bitset, columns: ColumnSet & Partial<ColumnSet<ColumnName>>, filters: Filters): Bitset {
  for (const ordinals of filters.excluded ?? [])
    for (const o of ordinals) if (o >>> 5 < set.words.length) set.words[o >>> 5]! &= ~(1 << (o & 31));
  if (!filters.categoryMask && !filters.platformMask && !filters.minStars && filters.hasIndex === undefined) return set;
  const categories = filters.categoryMask ? column(columns, "categories") : undefined;
  const platforms = filters.platformMask ? column(columns, "platforms") : undefined;
  const stars = filters.minStars ? column(columns, "stars") : undefined;
  const flags = filters.hasIndex !== undefined ? column(columns, "flags") : undefined;
  set.forEach((o) => {
    const ok =
      (!categories || (categories[o]! & filters.categoryMask) !== 0) &&
      (!platforms || (platforms[o]! & filters.platformMask) !== 0) &&
      (!stars || stars[o]! >= filters.minStars) &&
      (!flags || ((flags[o]! & FLAG_HAS_INDEX) !== 0) === filters.hasIndex);
    if (!ok) set.words[o >>> 5]! &= ~(1 << (o & 31));
  });
  return set;
}
