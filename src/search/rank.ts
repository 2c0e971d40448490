// Relevance (docs/SEARCH.md "Ranking"): exact term match, then field weight, then stars,
// then recency. Shared by the indexed search and the brute-force reference so both rank alike.
//
//   score = sum over matching positive clauses of
//             max over the fields it matches of (EXACT if an exact match there, else 0) + WEIGHT[field]
//             + SPREAD for every further field it also matches
//   WEIGHT = name 3, skillName 2.5, description 2, skillDescription 1.5, content 1
//   EXACT = 4;  SPREAD = 0.25
//
// skillName and skillDescription are the names and descriptions of a collection's other skills. A
// match is exact unless it comes from a prefix (a longer word) or a typo (a word some edits away).
// EXACT exceeds any weight difference, so an exact match in content (5) outranks a prefix or typo
// match in the name (3); for equal matching a name (7) outranks a nested skill's name (6.5), a
// description (6), a nested skill's description (5.5) and content (5); SPREAD is below every gap
// between weights, so it only orders skills that tie on their best field. Results sort by: clauses
// matched (only differs in the any-term fallback), score, stars, updatedAt, then ordinal (owner/repo
// order), all descending except the ordinal.
import { fieldNumber, RANKED_COUNT } from "../schemas/fields.js";
import type { Clause } from "./query.js";

/** Per ranked field, in the order of RANKED_FIELDS (src/schemas/fields.ts). */
export const FIELD_WEIGHT = [3, 2, 1, 2.5, 1.5] as const;
export const EXACT_BONUS = 4;
export const SPREAD_BONUS = 0.25;
/** Scores are counted in quarter points where they are packed or tabled: every weight and bonus is a multiple of 0.25. */
export const SCORE_UNITS_PER_POINT = 4;
/**
 * A related term (docs/SEARCH.md, "Intent") matches only in names and descriptions. Its score is its
 * best field's exact score times the model's weight, capped at RELATED_MAX: below an exact match in any
 * field (5 and up) and at most a typo match in the name (3), so the words a query types always count
 * more than the words its meaning brings.
 */
export const RELATED_MAX = 3;
export function relatedScore(matches: readonly boolean[], weight: number): number {
  let best = 0;
  for (let f = 0; f < RANKED_COUNT; f++) if (matches[f]) best = Math.max(best, EXACT_BONUS + FIELD_WEIGHT[f]!);
  return Math.min(RELATED_MAX, (best * weight) / 100);
}

/** The ranked fields read from the skills' own term shards (their lists 0-2) and from the nested ones (lists 0-1). */
export const OWN_FIELDS: readonly number[] = [0, 1, 2];
export const NESTED_FIELDS: readonly number[] = [3, 4];
/** Ranked fields by weight, the order of `matches`. */
export const FIELD_ORDER: readonly number[] = [0, 3, 1, 4, 2];
const ALL_FIELDS: readonly number[] = [0, 1, 2, 3, 4];

/**
 * The ranked fields a clause may match in: `name:` is the skill's and its nested skills' names,
 * `description:` their descriptions, `content:` the primary SKILL.md's body.
 */
export function clauseFields(c: Clause): readonly number[] {
  if (!c.field) return ALL_FIELDS;
  const f = fieldNumber(c.field);
  return f < 2 ? [f, NESTED_FIELDS[f]!] : [f];
}

/** Score of one clause for one skill, from which ranked fields it matches and which of those exactly. */
export function clauseScore(matches: readonly boolean[], exact: readonly boolean[]): number {
  let best = 0;
  let fields = 0;
  for (let f = 0; f < RANKED_COUNT; f++) {
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
