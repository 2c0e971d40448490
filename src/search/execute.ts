// Query execution against the sharded index: each clause becomes one set of skills per field, read
// from the posting lists (phrases intersect their terms and adjacent-pair keys, prefixes unite their
// expansions); then AND of the required clauses (or, when nothing has them all, any of them), minus
// the exclusions, then the filters from the list columns, then ranking and the requested page.
import type { Columns } from "../render/columns.js";
import { FLAG_HAS_INDEX } from "../render/columns.js";
import { PHRASE_FIELDS } from "./document-text.js";
import { IndexReader, type KeyRef } from "./index-reader.js";
import { Bitset } from "./postings.js";
import type { Clause, ParsedQuery } from "./query.js";
import { clauseFields, clauseScore, pageOf, type Ranked } from "./rank.js";
import { pairsOf } from "./text.js";

export interface Filters {
  /** Bit masks over the manifest vocabularies; 0 means no filter. */
  categoryMask: number;
  platformMask: number;
  minStars: number;
  hasIndex?: boolean;
}

export const NO_FILTERS: Filters = { categoryMask: 0, platformMask: 0, minStars: 0 };

/** One clause resolved to skill sets: where it matches, and where that match is exact, per field. */
export interface ClauseSets {
  match: (Bitset | undefined)[];
  exact: (Bitset | undefined)[];
}

async function resolveClause(reader: IndexReader, c: Clause): Promise<ClauseSets> {
  const size = reader.docCount;
  const fields = clauseFields(c);
  const match: (Bitset | undefined)[] = [undefined, undefined, undefined];
  const exact: (Bitset | undefined)[] = [undefined, undefined, undefined];
  if (c.kind === "prefix") {
    const prefix = c.terms[0]!;
    const refs = await reader.expand(prefix);
    const whole: KeyRef | undefined = refs.find((r) => r.shard.term(r.index) === prefix);
    for (const f of fields) {
      const set = new Bitset(size);
      for (const ref of refs) IndexReader.postings(ref, f, set);
      match[f] = set;
      exact[f] = IndexReader.postings(whole, f, new Bitset(size));
    }
    return { match, exact };
  }
  const pairs = c.kind === "phrase" ? pairsOf(c.terms).filter((p) => !c.terms.includes(p)) : [];
  const [refs, pairRefs] = await Promise.all([
    Promise.all(c.terms.map((k) => reader.find(k))),
    Promise.all(fields.some((f) => PHRASE_FIELDS[f]) ? pairs.map((k) => reader.find(k)) : []),
  ]);
  for (const f of fields) {
    let set: Bitset | undefined;
    for (const ref of PHRASE_FIELDS[f] ? [...refs, ...pairRefs] : refs) {
      const one = IndexReader.postings(ref, f, new Bitset(size));
      set = set ? set.and(one) : one;
    }
    match[f] = set;
    exact[f] = set;
  }
  return { match, exact };
}

const anyField = (sets: ClauseSets, size: number): Bitset => {
  const out = new Bitset(size);
  for (const s of sets.match) if (s) out.or(s);
  return out;
};

export interface SearchOutcome {
  total: number;
  items: Ranked[];
}

/** Runs a parsed query; `page` is 1-based. */
export async function executeQuery(
  reader: IndexReader,
  columns: Columns,
  query: ParsedQuery,
  filters: Filters,
  page: number,
  limit: number,
): Promise<SearchOutcome> {
  const size = reader.docCount;
  if (columns.count !== size) throw new RangeError(`index has ${size} skills, columns ${columns.count}`);
  const [required, excluded] = await Promise.all([
    Promise.all(query.required.map((c) => resolveClause(reader, c))),
    Promise.all(query.excluded.map((c) => resolveClause(reader, c))),
  ]);
  const allowed = Bitset.full(size);
  for (const sets of excluded) allowed.andNot(anyField(sets, size));
  // Filters are per-skill column checks; fold them into `allowed` once.
  if (filters.categoryMask || filters.platformMask || filters.minStars || filters.hasIndex !== undefined) {
    allowed.forEach((o) => {
      const ok =
        (!filters.categoryMask || (columns.categories[o]! & filters.categoryMask) !== 0) &&
        (!filters.platformMask || (columns.platforms[o]! & filters.platformMask) !== 0) &&
        columns.stars[o]! >= filters.minStars &&
        (filters.hasIndex === undefined || ((columns.flags[o]! & FLAG_HAS_INDEX) !== 0) === filters.hasIndex);
      if (!ok) allowed.words[o >>> 5]! &= ~(1 << (o & 31));
    });
  }
  const any = required.map((sets) => anyField(sets, size));
  let candidates = allowed.clone();
  for (const a of any) candidates.and(a);
  if (candidates.count() === 0 && required.length > 1) {
    // Nothing has every term: fall back to skills with any of them, ranked by how many they have.
    const union = new Bitset(size);
    for (const a of any) union.or(a);
    candidates = union.and(allowed);
  }
  const items: Ranked[] = [];
  const matches = [false, false, false];
  const exacts = [false, false, false];
  candidates.forEach((o) => {
    let score = 0;
    let matched = 0;
    for (const sets of required) {
      for (let f = 0; f < 3; f++) {
        matches[f] = sets.match[f]?.has(o) ?? false;
        exacts[f] = sets.exact[f]?.has(o) ?? false;
      }
      const s = clauseScore(matches, exacts);
      if (s > 0) matched++;
      score += s;
    }
    items.push({ ordinal: o, matched, score, stars: columns.stars[o]!, updated: columns.updated[o]! });
  });
  return { total: items.length, items: pageOf(items, page, limit) };
}
