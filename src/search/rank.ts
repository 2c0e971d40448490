// Relevance (docs/SEARCH.md "Ranking"): exact term match, then field weight, then stars,
// then recency. Shared by the indexed search and the brute-force reference so both rank alike.
//
//   score = sum over matching positive clauses of
//             max over the fields it matches of (EXACT if an exact match there, else 0) + WEIGHT[field]
//             + SPREAD for every further field it also matches
//   WEIGHT = name 3, description 2, content 1;  EXACT = 4;  SPREAD = 0.25
//
// EXACT exceeds any weight difference, so an exact match in content (5) outranks a prefix-only match in
// the name (3); for equal matching a name (7) outranks a description (6), which outranks content (5);
// SPREAD is below every gap between weights, so it only orders skills that tie on their best field.
// Results sort by: clauses matched (only differs in the any-term fallback), score, stars, updatedAt,
// then ordinal (owner/repo order), all descending except the ordinal.
import { FIELD_COUNT, FIELD_NUMBERS, fieldNumber } from "../contract/fields.js";
import type { Clause } from "./query.js";

/** Per field, in the order of src/contract/fields.ts. */
export const FIELD_WEIGHT = [3, 2, 1] as const;
export const EXACT_BONUS = 4;
export const SPREAD_BONUS = 0.25;

/** The fields (0 name, 1 description, 2 content) a clause may match in. */
export const clauseFields = (c: Clause): readonly number[] => (c.field ? [fieldNumber(c.field)] : FIELD_NUMBERS);

/** Score of one clause for one skill, from which fields it matches and which of those exactly. */
export function clauseScore(matches: readonly boolean[], exact: readonly boolean[]): number {
  let best = 0;
  let fields = 0;
  for (let f = 0; f < FIELD_COUNT; f++) {
    if (!matches[f]) continue;
    fields++;
    best = Math.max(best, (exact[f] ? EXACT_BONUS : 0) + FIELD_WEIGHT[f]!);
  }
  return fields === 0 ? 0 : best + SPREAD_BONUS * (fields - 1);
}

export interface Ranked {
  ordinal: number;
  matched: number;
  score: number;
  stars: number;
  updated: number;
}

export function compareRanked(a: Ranked, b: Ranked): number {
  return b.matched - a.matched || b.score - a.score || b.stars - a.stars || b.updated - a.updated || a.ordinal - b.ordinal;
}

/**
 * Indices (into `keys`/`ordinals`) of page `page` (1-based, `limit` each) in rank order: `keys`
 * descending, then `updated[ordinal]` descending, then ordinal ascending. A bounded heap keeps the
 * best page*limit without sorting every candidate.
 */
export function pageOf(keys: Float64Array, ordinals: Uint32Array, updated: Uint32Array, page: number, limit: number): number[] {
  const n = keys.length;
  const offset = (page - 1) * limit;
  if (offset >= n) return [];
  const k = Math.min(n, offset + limit);
  // > 0 when candidate a ranks after candidate b.
  const after = (a: number, b: number) =>
    keys[b]! - keys[a]! || updated[ordinals[b]!]! - updated[ordinals[a]!]! || ordinals[a]! - ordinals[b]!;
  if (k * 4 >= n)
    return Array.from({ length: n }, (_, i) => i)
      .sort(after)
      .slice(offset, k);
  const heap: number[] = []; // worst of the best k on top
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && after(heap[l]!, heap[m]!) > 0) m = l;
      if (r < heap.length && after(heap[r]!, heap[m]!) > 0) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m]!, heap[i]!];
      i = m;
    }
  };
  for (let i = 0; i < n; i++) {
    if (heap.length < k) {
      heap.push(i);
      for (let j = heap.length - 1; j > 0 && after(heap[j]!, heap[(j - 1) >> 1]!) > 0; j = (j - 1) >> 1) {
        [heap[j], heap[(j - 1) >> 1]] = [heap[(j - 1) >> 1]!, heap[j]!];
      }
    } else if (keys[i]! >= keys[heap[0]!]! && after(i, heap[0]!) < 0) {
      heap[0] = i;
      down(0);
    }
  }
  return heap.sort(after).slice(offset, k);
}
