// Scoring the candidates: each one gets a single float64 sort key that packs, from the most
// significant part down, how many clauses it matched, its score in quarter points and its stars, so
// ranking is one numeric comparison (ties on the key fall to updatedAt, then ordinal: rank.ts pageOf).
// Only the tier of candidates that can hold the requested page is scored (matchedTier).
import { type Bitset, popcount } from "../contract/postings.js";
import { RANKED_COUNT } from "../schemas/fields.js";
import type { RankedClause } from "./nested.js";
import { clauseScore, relatedScore, SCORE_UNITS_PER_POINT } from "./rank.js";

/**
 * The key's stars part: stars up to 2^24 - 1 (16.7 million, far above any repository's) order
 * exactly; more count as that many.
 */
export const STARS_SPAN = 2 ** 24;
/**
 * The key's related part, in quarter points: what the query's related terms add (docs/SEARCH.md,
 * "Intent"), which orders skills of equal score. Capped below 256 (a clause adds at most
 * RELATED_MAX, 12 quarter points; 12 clauses 144).
 */
export const RELATED_SPAN = 256;
/**
 * The key's score part, in quarter points: a query has at most MAX_CLAUSES (12) clauses and a
 * clause scores under 64 quarter points, so a score is under 8192 (13 bits). The clauses-matched
 * count sits above it: 7 bits more, 52 in all, within a float64's exact integers.
 */
export const SCORE_SPAN = 8192;
/** What one unit of score adds to the key. */
export const SCORE_UNIT = RELATED_SPAN * STARS_SPAN;
/** What one matched clause adds to the key (the matched count's unit). */
export const MATCHED_UNIT = SCORE_SPAN * SCORE_UNIT;

/** A candidate's sort key from its clauses matched, score and related score in quarter points, and stars. */
export const sortKey = (matched: number, units: number, related: number, stars: number): number =>
  ((matched * SCORE_SPAN + units) * RELATED_SPAN + Math.min(related, RELATED_SPAN - 1)) * STARS_SPAN + Math.min(stars, STARS_SPAN - 1);
/** The clauses matched that a sort key holds. */
export const keyMatched = (key: number): number => Math.floor(key / MATCHED_UNIT);
/** The score (in points) that a sort key holds. */
export const keyScore = (key: number): number => (Math.floor(key / SCORE_UNIT) % SCORE_SPAN) / SCORE_UNITS_PER_POINT;
/** The related score (in points) that a sort key holds. */
export const keyRelated = (key: number): number => (Math.floor(key / STARS_SPAN) % RELATED_SPAN) / SCORE_UNITS_PER_POINT;

/**
 * clauseScore for each combination of (match, exact) bits over the ranked fields, in quarter points:
 * scoring a skill is then a few bit tests and a table lookup per clause.
 */
const SCORE_TABLE = Uint16Array.from({ length: 1 << (2 * RANKED_COUNT) }, (_, bits) => {
  const match = Array.from({ length: RANKED_COUNT }, (_, f) => (bits & (1 << f)) !== 0);
  const exact = Array.from({ length: RANKED_COUNT }, (_, f) => (bits & (1 << (RANKED_COUNT + f))) !== 0 && match[f]!);
  return Math.round(clauseScore(match, exact) * SCORE_UNITS_PER_POINT);
});

/**
 * Ranking sorts by clauses matched first, so a page is decided among the candidates matching the
 * most clauses: with several scoring clauses, count per candidate (bit-sliced, 32 at a time) how
 * many each matches in any ranked field, find the highest count t such that at least `needed`
 * candidates match t or more, and score only those (a query of 12 common words then scores the few
 * that match most of them, not their whole union). Undefined when every candidate is to be scored.
 */
export function matchedTier(scoring: readonly RankedClause[], candidates: Bitset, needed: number): { mask(w: number): number } | undefined {
  if (scoring.length < 2) return undefined;
  const words = candidates.words.length;
  const planeCount = 32 - Math.clz32(scoring.length);
  const planes = Array.from({ length: planeCount }, () => new Uint32Array(words));
  // Only the words' own matches count (related terms add to no clause's match, only to the related score).
  const anyOf = scoring.map((c) => c.ranked.match.filter((b): b is Bitset => b !== undefined).map((b) => b.words));
  for (let w = 0; w < words; w++) {
    if (candidates.words[w] === 0) continue;
    for (const sets of anyOf) {
      let carry = 0;
      for (const set of sets) carry |= set[w]!;
      carry &= candidates.words[w]!;
      for (let p = 0; p < planeCount && carry !== 0; p++) {
        const next = planes[p]![w]! & carry;
        planes[p]![w]! ^= carry;
        carry = next;
      }
    }
  }
  // Bits of word w whose count is t or more: a comparison of the bit planes from the highest down.
  const atLeast = (w: number, t: number) => {
    let greater = 0;
    let same = candidates.words[w]!;
    for (let p = planeCount - 1; p >= 0 && same !== 0; p--) {
      if ((t >>> p) & 1) same &= planes[p]![w]!;
      else {
        greater |= same & planes[p]![w]!;
        same &= ~planes[p]![w]!;
      }
    }
    return greater | same;
  };
  // The highest t with at least `needed` candidates matching t or more, tried from the top down: a
  // page that the best-matching few fill stops after a pass or two.
  for (let t = scoring.length; t > 1; t--) {
    let count = 0;
    for (let w = 0; w < words && count < needed; w++) if (candidates.words[w] !== 0) count += popcount(atLeast(w, t));
    if (count >= needed) return { mask: (w: number) => atLeast(w, t) };
  }
  return undefined;
}

/** relatedScore of each combination of ranked fields for a related term of `weight`, in quarter points. */
function relatedTable(weight: number): Uint16Array {
  return Uint16Array.from({ length: 1 << RANKED_COUNT }, (_, bits) =>
    Math.round(
      relatedScore(
        Array.from({ length: RANKED_COUNT }, (_, f) => (bits & (1 << f)) !== 0),
        weight,
      ) * SCORE_UNITS_PER_POINT,
    ),
  );
}

/** The scored candidates: ordinals[i] has sort key keys[i], for i < n. */
export interface Scored {
  ordinals: Uint32Array;
  keys: Float64Array;
  n: number;
}

/**
 * Scores the candidates of the tier that holds the page (the first `needed` in rank order) against
 * the required clauses as ranked.
 */
export function scoreCandidates(required: readonly RankedClause[], candidates: Bitset, stars: Uint32Array, needed: number): Scored {
  const total = candidates.count();
  const ordinals = new Uint32Array(total);
  const keys = new Float64Array(total);
  // A clause that matches no skill anywhere (a missing word without typo matches or related terms)
  // scores 0 for every candidate: it is left out of the loop, so a query of many unknown words costs
  // what its known ones do.
  const present = (b: Bitset | undefined) => b !== undefined && !b.isEmpty();
  const scoring = required.filter((c) => c.ranked.match.some(present) || c.related.some((t) => t.sets.some(present)));
  // Each scoring clause's present sets, flat: the word array and its bit in the score table's index
  // (match bits 0.., exact bits RANKED_COUNT..); an absent set is left out, as it would read as empty.
  const arrays: Uint32Array[] = [];
  const bitOf: number[] = [];
  const ends: number[] = [];
  /** Where each clause's match sets end in `arrays` (its exact sets follow them). */
  const matchEnds: number[] = [];
  // The related terms' sets, flat the same way: per term its field sets (bit = ranked field) and a
  // table of its score per field combination; per clause, where its terms end.
  const relArrays: Uint32Array[] = [];
  const relBit: number[] = [];
  const relEnds: number[] = [];
  const relTables: Uint16Array[] = [];
  const relTermEnds: number[] = [];
  for (const c of scoring) {
    for (const [base, list] of [
      [0, c.ranked.match],
      [RANKED_COUNT, c.ranked.exact],
    ] as const) {
      list.forEach((b, f) => {
        if (!b) return;
        arrays.push(b.words);
        bitOf.push(base + f);
      });
      if (base === 0) matchEnds.push(arrays.length);
    }
    ends.push(arrays.length);
    for (const t of c.related) {
      t.sets.forEach((b, f) => {
        if (!present(b)) return;
        relArrays.push(b!.words);
        relBit.push(f);
      });
      relEnds.push(relArrays.length);
      relTables.push(relatedTable(t.weight));
    }
    relTermEnds.push(relEnds.length);
  }
  /** Per clause, the candidates of the current word it matches in any field (an exact set is within its match set). */
  const inWord = new Int32Array(scoring.length);
  let n = 0;
  const cw = candidates.words;
  const tier = matchedTier(scoring, candidates, needed);
  for (let w = 0; w < cw.length; w++) {
    // Members of each 32-bit word, walked directly: this loop runs once per candidate, up to every
    // skill for a common word. Only candidates in the tier that holds the page are scored, and per
    // candidate only the clauses it matches.
    let rest = (tier ? cw[w]! & tier.mask(w) : cw[w]!) | 0;
    if (rest === 0) continue;
    for (let c = 0, start = 0, term = 0; c < scoring.length; start = ends[c++]!) {
      let any = 0;
      for (let a = start; a < matchEnds[c]!; a++) any |= arrays[a]![w]!;
      for (let a = term === 0 ? 0 : relEnds[term - 1]!; term < relTermEnds[c]!; a = relEnds[term++]!)
        for (let b = a; b < relEnds[term]!; b++) any |= relArrays[b]![w]!;
      inWord[c] = any & rest;
    }
    while (rest !== 0) {
      const low = 31 - Math.clz32(rest);
      rest ^= 1 << low;
      const o = (w << 5) + low;
      let units = 0;
      let related = 0;
      let matched = 0;
      for (let c = 0, start = 0, term = 0; c < scoring.length; start = ends[c++]!) {
        if (((inWord[c]! >>> low) & 1) === 0) {
          term = relTermEnds[c]!;
          continue;
        }
        let bits = 0;
        for (let a = start; a < ends[c]!; a++) bits |= ((arrays[a]![w]! >>> low) & 1) << bitOf[a]!;
        const s = SCORE_TABLE[bits]!;
        // The clause's related terms: their best one's score, kept apart (0 in keyword mode, or with none here).
        let r = 0;
        for (let a = term === 0 ? 0 : relEnds[term - 1]!; term < relTermEnds[c]!; a = relEnds[term++]!) {
          let fields = 0;
          for (let b = a; b < relEnds[term]!; b++) fields |= ((relArrays[b]![w]! >>> low) & 1) << relBit[b]!;
          if (fields !== 0) r = Math.max(r, relTables[term]![fields]!);
        }
        matched += (s + 32767) >>> 15; // 1 when s > 0
        units += s;
        related += r;
      }
      ordinals[n] = o;
      keys[n++] = sortKey(matched, units, related, stars[o]!);
    }
  }
  return { ordinals, keys, n };
}
