// Collections ranked as their best skill: for each candidate collection, the nested skill (another
// SKILL.md of the repository) that matches the required clauses best, whose name and description then
// count as the skillName and skillDescription fields of the collection.
import { Bitset } from "../contract/postings.js";
import { RANKED_COUNT } from "../schemas/fields.js";
import { clauseScore, NESTED_FIELDS, SCORE_UNITS_PER_POINT } from "./rank.js";
import type { ClauseSets, RelatedTerm, Sets } from "./resolve.js";

/** A collection's best-matching nested skill: [clauses matched, score] over its name and description. */
export interface NestedBest {
  id: number;
  matched: number;
  score: number;
}

/**
 * The nested skill of each collection that matches the required clauses best (more clauses, then a
 * higher score over its own name and description, then the first by path): a collection ranks as its
 * best skill, whose name and description count as skillName and skillDescription. Its other skills'
 * names and descriptions count as content (they are part of the content field), as they did before.
 */
export function bestNested(required: readonly ClauseSets[], owners: Uint32Array, candidates?: Bitset): Map<number, NestedBest> {
  // The union of the clauses' nested ids, walked in ascending order; only the collections that are
  // candidates are ranked, so a query of many common words does not score every nested skill.
  const ids = new Bitset(owners.length);
  for (const c of required) for (const s of c.nestedMatch) if (s) ids.or(s);
  const best = new Map<number, NestedBest>();
  ids.forEach((id) => {
    if (candidates && !candidates.has(owners[id]!)) return;
    let matched = 0;
    let score = 0;
    for (const c of required) {
      const one = NESTED_SCORE[nestedBits(c, id)]! / SCORE_UNITS_PER_POINT;
      if (one > 0) matched++;
      score += one;
    }
    const o = owners[id]!;
    const held = best.get(o);
    if (!held || matched > held.matched || (matched === held.matched && score > held.score)) best.set(o, { id, matched, score });
  });
  return best;
}

/** (match, exact) bits of a nested id for a clause: bit 0 name match, 1 description match, 2 name exact, 3 description exact. */
const nestedBits = (c: ClauseSets, id: number): number =>
  (c.nestedMatch[0]?.has(id) ? 1 : 0) |
  (c.nestedMatch[1]?.has(id) ? 2 : 0) |
  (c.nestedExact[0]?.has(id) ? 4 : 0) |
  (c.nestedExact[1]?.has(id) ? 8 : 0);

/** clauseScore of the 16 nested bit combinations, in quarter points. */
const NESTED_SCORE = Uint16Array.from({ length: 16 }, (_, bits) => {
  const match = new Array<boolean>(RANKED_COUNT).fill(false);
  const exact = new Array<boolean>(RANKED_COUNT).fill(false);
  NESTED_FIELDS.forEach((f, l) => {
    match[f] = (bits & (1 << l)) !== 0;
    exact[f] = (bits & (4 << l)) !== 0 && match[f];
  });
  return Math.round(clauseScore(match, exact) * SCORE_UNITS_PER_POINT);
});

/**
 * A required clause as ranked: its own fields as resolved, its nested fields from each collection's
 * best skill, and the related terms its word brought (none in keyword mode).
 */
export interface RankedClause extends ClauseSets {
  ranked: { match: Sets; exact: Sets };
  related: RelatedTerm[];
}

export function rankNested(required: readonly ClauseSets[], best: ReadonlyMap<number, NestedBest>, docCount: number): RankedClause[] {
  return required.map((c) => {
    const match = c.match.slice();
    const exact = c.exact.slice();
    NESTED_FIELDS.forEach((f, l) => {
      if (!c.nestedMatch[l]) return;
      // A set stays absent (read as empty) until a collection's best nested skill matches.
      let m: Bitset | undefined;
      let e: Bitset | undefined;
      for (const [o, b] of best) {
        if (c.nestedMatch[l]!.has(b.id)) (m ??= new Bitset(docCount)).add(o);
        if (c.nestedExact[l]?.has(b.id)) (e ??= new Bitset(docCount)).add(o);
      }
      match[f] = m;
      exact[f] = e;
    });
    return { ...c, ranked: { match, exact }, related: [] };
  });
}
