// Why a result matched: for each ranked field, the query's words found there (a typo match names the
// indexed word it matched, a related term the query word it came from), and which skill of a
// collection matched best. Computed for the requested
// page only, from the sets the query already resolved and ranked.
import { RANKED_FIELDS, type RankedField } from "../schemas/fields.js";
import type { NestedBest, RankedClause } from "./nested.js";
import type { Clause } from "./query.js";
import { clauseScore, FIELD_ORDER, NESTED_FIELDS } from "./rank.js";

export interface Match {
  field: RankedField;
  terms: string[];
  typo?: true;
  /** The terms were reached through meaning: related terms of the query word `queryWord`. */
  related?: true;
  queryWord?: string;
}

/** How a clause names itself in `matches`: a word, a phrase's words, or a prefix with its "*". */
const shown = (c: Clause): string => (c.kind === "prefix" ? `${c.terms[0]}*` : c.terms.join(" "));

/** The matches of the skill at `ordinal`, fields in rank order, exact words before typo words. */
export function matchesOf(
  ordinal: number,
  clauses: readonly Clause[],
  sets: readonly RankedClause[],
  best: NestedBest | undefined,
): Match[] {
  const out: Match[] = [];
  for (const f of FIELD_ORDER) {
    const exact: string[] = [];
    const typo: string[] = [];
    const nested = NESTED_FIELDS.indexOf(f);
    clauses.forEach((c, k) => {
      const s = sets[k]!;
      if (!s.ranked.match[f]?.has(ordinal)) return;
      if (s.ranked.exact[f]?.has(ordinal) || c.kind === "prefix") exact.push(shown(c));
      for (const t of s.typos) {
        const has = nested < 0 ? t.match[f]?.has(ordinal) : best !== undefined && t.nested[nested]?.has(best.id);
        if (has && !typo.includes(t.word)) typo.push(t.word);
      }
    });
    if (exact.length > 0) out.push({ field: RANKED_FIELDS[f]!, terms: [...new Set(exact)] });
    if (typo.length > 0) out.push({ field: RANKED_FIELDS[f]!, terms: typo, typo: true });
    // Related terms, per query word they came from, in query order and the model's order.
    for (const s of sets) {
      const found = s.related.filter((t) => t.sets[f]?.has(ordinal)).map((t) => t.term);
      if (found.length > 0) out.push({ field: RANKED_FIELDS[f]!, terms: found, related: true, queryWord: s.related[0]!.from });
    }
  }
  return out;
}

const NAME = 0;
const DESCRIPTION = 1;

/**
 * The nested skill to name in `matchedSkill`: the collection's best-matching skill, when it matches
 * better than the repository's own name and description (more clauses, else a higher score).
 */
export function matchedSkillOf(ordinal: number, sets: readonly RankedClause[], best: NestedBest | undefined): number | undefined {
  if (!best) return undefined;
  let matched = 0;
  let score = 0;
  for (const s of sets) {
    const match = [NAME, DESCRIPTION].map((f) => s.ranked.match[f]?.has(ordinal) ?? false);
    const exact = [NAME, DESCRIPTION].map((f) => s.ranked.exact[f]?.has(ordinal) ?? false);
    const one = clauseScore(match, exact);
    if (one > 0) matched++;
    score += one;
  }
  return best.matched > matched || (best.matched === matched && best.score > score) ? best.id : undefined;
}
