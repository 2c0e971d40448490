// Query execution against the sharded index: each clause becomes one set of skills per field, read
// from the posting lists (phrases intersect their terms and adjacent-pair keys, prefixes unite their
// expansions); then AND of the required clauses (or, when nothing has them all, any of them), minus
// the exclusions, then the filters from the list columns, then ranking and the requested page.
import { type Columns, FLAG_HAS_INDEX } from "../contract/columns.js";
import { FIELD_NUMBERS, PHRASE_FIELDS } from "../contract/fields.js";
import { Bitset } from "../contract/postings.js";
import { IndexReader, type KeyRef } from "./index-reader.js";
import { type Clause, clauseKey, type ParsedQuery } from "./query.js";
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
    // In a field with pair keys, a phrase's pairs imply its words: the words' (longer) lists are skipped.
    const needed = PHRASE_FIELDS[f] && pairRefs.length > 0 ? pairRefs : refs;
    let set: Bitset | undefined;
    if (needed.some((ref) => ref === undefined)) set = new Bitset(size);
    else {
      for (const ref of needed) {
        const one = IndexReader.postings(ref, f, new Bitset(size));
        set = set ? set.and(one) : one;
      }
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

/** Clears, in `set`, every skill the filters reject (a column check per member). */
function applyFilters(set: Bitset, columns: Columns, filters: Filters): Bitset {
  if (!filters.categoryMask && !filters.platformMask && !filters.minStars && filters.hasIndex === undefined) return set;
  set.forEach((o) => {
    const ok =
      (!filters.categoryMask || (columns.categories[o]! & filters.categoryMask) !== 0) &&
      (!filters.platformMask || (columns.platforms[o]! & filters.platformMask) !== 0) &&
      columns.stars[o]! >= filters.minStars &&
      (filters.hasIndex === undefined || ((columns.flags[o]! & FLAG_HAS_INDEX) !== 0) === filters.hasIndex);
    if (!ok) set.words[o >>> 5]! &= ~(1 << (o & 31));
  });
  return set;
}

/**
 * clauseScore for each of the 64 combinations of (match, exact) bits over the three fields, in
 * quarter points: scoring a skill is then six bit tests and a table lookup per clause.
 */
const SCORE_TABLE = Uint16Array.from({ length: 64 }, (_, bits) => {
  const match = FIELD_NUMBERS.map((f) => (bits & (1 << f)) !== 0);
  const exact = FIELD_NUMBERS.map((f) => (bits & (8 << f)) !== 0 && match[f]!);
  return Math.round(clauseScore(match, exact) * 4);
});

export interface RunOptions {
  /**
   * When no skill has every required clause, take the skills with any of them, ranked by how many
   * they have (search does this; counting does not). Default true.
   */
  fallback?: boolean;
  /** Clause sets already resolved in this request, by clauseKey: a clause shared by several queries is read once. */
  resolved?: Map<string, Promise<ClauseSets>>;
}

function resolveOnce(reader: IndexReader, c: Clause, resolved: Map<string, Promise<ClauseSets>> | undefined): Promise<ClauseSets> {
  if (!resolved) return resolveClause(reader, c);
  const key = clauseKey(c);
  let hit = resolved.get(key);
  if (!hit) resolved.set(key, (hit = resolveClause(reader, c)));
  return hit;
}

/** The required clauses' sets and the skills that qualify: AND of the clauses (or the fallback), minus exclusions, filtered. */
async function select(reader: IndexReader, columns: Columns, query: ParsedQuery, filters: Filters, options: RunOptions) {
  const size = reader.docCount;
  if (columns.count !== size) throw new RangeError(`index has ${size} skills, columns ${columns.count}`);
  const [required, excluded] = await Promise.all([
    Promise.all(query.required.map((c) => resolveOnce(reader, c, options.resolved))),
    Promise.all(query.excluded.map((c) => resolveOnce(reader, c, options.resolved))),
  ]);
  const any = required.map((sets) => anyField(sets, size));
  const excludedAny = new Bitset(size);
  for (const sets of excluded) excludedAny.or(anyField(sets, size));
  let candidates = any[0]!.clone();
  for (const a of any.slice(1)) candidates.and(a);
  applyFilters(candidates.andNot(excludedAny), columns, filters);
  if ((options.fallback ?? true) && candidates.count() === 0 && required.length > 1) {
    // Nothing has every term: fall back to skills with any of them, ranked by how many they have.
    candidates = new Bitset(size);
    for (const a of any) candidates.or(a);
    applyFilters(candidates.andNot(excludedAny), columns, filters);
  }
  return { required, candidates };
}

/** How many skills match every required clause of `query` and no exclusion (never the any-term fallback). */
export async function countAllTerms(
  reader: IndexReader,
  columns: Columns,
  query: ParsedQuery,
  options: Pick<RunOptions, "resolved"> = {},
): Promise<number> {
  return (await select(reader, columns, query, NO_FILTERS, { ...options, fallback: false })).candidates.count();
}

/** Runs a parsed query; `page` is 1-based. */
export async function executeQuery(
  reader: IndexReader,
  columns: Columns,
  query: ParsedQuery,
  filters: Filters,
  page: number,
  limit: number,
  options: RunOptions = {},
): Promise<SearchOutcome> {
  const { required, candidates } = await select(reader, columns, query, filters, options);
  const total = candidates.count();
  // One exact float64 key per candidate: clauses matched (7 bits), score in quarter points (13 bits),
  // stars (32 bits); ties on it fall to updatedAt, then ordinal.
  const ordinals = new Uint32Array(total);
  const keys = new Float64Array(total);
  // Six word arrays per clause (match then exact, per field); an absent set reads as empty.
  const none = new Uint32Array(candidates.words.length);
  const sets = required.flatMap((c) => [...c.match, ...c.exact].map((b) => b?.words ?? none));
  let n = 0;
  const cw = candidates.words;
  for (let w = 0; w < cw.length; w++) {
    // Members of each 32-bit word, walked directly and scored without branches: this loop runs once
    // per candidate, up to every skill for a common word.
    for (let rest = cw[w]! | 0; rest !== 0; ) {
      const low = 31 - Math.clz32(rest);
      rest ^= 1 << low;
      const o = (w << 5) + low;
      let units = 0;
      let matched = 0;
      for (let b = 0; b < sets.length; b += 6) {
        const bits =
          ((sets[b]![w]! >>> low) & 1) |
          (((sets[b + 1]![w]! >>> low) & 1) << 1) |
          (((sets[b + 2]![w]! >>> low) & 1) << 2) |
          (((sets[b + 3]![w]! >>> low) & 1) << 3) |
          (((sets[b + 4]![w]! >>> low) & 1) << 4) |
          (((sets[b + 5]![w]! >>> low) & 1) << 5);
        const s = SCORE_TABLE[bits]!;
        matched += (s + 32767) >>> 15; // 1 when s > 0
        units += s;
      }
      ordinals[n] = o;
      // A query of at most 200 characters has at most 100 clauses: matched < 128, units < 8192.
      keys[n++] = (matched * 8192 + units) * 4294967296 + columns.stars[o]!;
    }
  }
  const page0 = pageOf(keys, ordinals, columns.updated, page, limit);
  return {
    total,
    items: page0.map((i) => ({
      ordinal: ordinals[i]!,
      matched: Math.floor(keys[i]! / 2 ** 45),
      score: (Math.floor(keys[i]! / 2 ** 32) % 8192) / 4,
      stars: columns.stars[ordinals[i]!]!,
      updated: columns.updated[ordinals[i]!]!,
    })),
  };
}
