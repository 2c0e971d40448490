// Query execution against the sharded index: resolve each clause to its sets (resolve.ts), AND of
// the required clauses (or, when nothing has them all, any of them), minus exclusions, the list
// filters (filter.ts), each collection's best skill (nested.ts), scoring (score.ts) and the
// requested page (rank.ts).
import type { ColumnName, ColumnSet } from "../contract/columns.js";
import { Bitset } from "../contract/postings.js";
import { applyFilters, type Filters, NO_FILTERS, type SearchColumns } from "./filter.js";
import { relatedEligible, relatedOf, relatedPerWord, type SearchMode } from "./meaning.js";
import { bestNested, type NestedBest, type RankedClause, rankNested } from "./nested.js";
import { type Clause, clauseKey, type ParsedQuery } from "./query.js";
import { pageOf, type Ranked } from "./rank.js";
import {
  anyField,
  type ClauseSets,
  DEFAULT_TYPO_MODE,
  type RelatedTerm,
  resolveClause,
  resolveRelated,
  type SearchIndex,
  type TypoMode,
  typoClauses,
} from "./resolve.js";
import { keyMatched, keyScore, scoreCandidates } from "./score.js";

export interface SearchOutcome {
  total: number;
  items: Ranked[];
  /** The required clauses' sets as ranked, in query order (for explaining the page). */
  required: RankedClause[];
  /** Each collection's best-matching nested skill. */
  best: Map<number, NestedBest>;
  /** Words that could have had typo matches but did not: the query's typo budget was spent. */
  typoSkipped: string[];
  /** "related" when no skill matched any word of the query itself and the results come from meaning alone. */
  fallback?: "related";
}

export interface RunOptions {
  /**
   * When no skill has every required clause, take the skills with any of them, ranked by how many
   * they have (search does this; counting does not). Default true.
   */
  fallback?: boolean;
  typos?: TypoMode;
  /** "default" expands plain words by their related terms (the endpoint's default); "keyword", the default here, does not. */
  mode?: SearchMode;
  /** Clause sets already resolved in this request, by clauseKey: a clause shared by several queries is read once. */
  resolved?: Map<string, Promise<ClauseSets>>;
}

function resolveOnce(index: SearchIndex, c: Clause, typos: number, options: RunOptions): Promise<ClauseSets> {
  if (!options.resolved) return resolveClause(index, c, typos);
  const key = `${clauseKey(c)}${typos > 0 ? `~${typos}` : ""}`;
  let hit = options.resolved.get(key);
  if (!hit) options.resolved.set(key, (hit = resolveClause(index, c, typos)));
  return hit;
}

/** The required clauses' sets and the skills that qualify: AND of the clauses (or the fallback), minus exclusions, filtered. */
async function select(
  index: SearchIndex,
  columns: ColumnSet & Partial<ColumnSet<ColumnName>>,
  query: ParsedQuery,
  filters: Filters,
  options: RunOptions,
) {
  const size = index.docCount;
  if (columns.count !== size) throw new RangeError(`index has ${size} skills, columns ${columns.count}`);
  // Every prefix is expanded (and charged) before any list is decoded, so a query over its work
  // budget is refused at the cost of reading keys only.
  await Promise.all(
    query.clauses.filter((c) => c.kind === "prefix").flatMap((c) => [index.main.prefix(c.terms[0]!), index.nested.prefix(c.terms[0]!)]),
  );
  const typos = await typoClauses(index, query, options.typos ?? DEFAULT_TYPO_MODE);
  const [required, excluded] = await Promise.all([
    Promise.all(query.required.map((c) => resolveOnce(index, c, typos.chosen.get(c) ?? 0, options))),
    Promise.all(query.excluded.map((c) => resolveOnce(index, c, 0, options))),
  ]);
  const related = options.mode === "default" ? await expandRelated(index, query) : query.required.map((): RelatedTerm[] => []);
  const any = required.map((sets) => anyField(sets, size));
  const excludedAny = new Bitset(size);
  for (const sets of excluded) excludedAny.or(anyField(sets, size));
  let candidates = any[0]!.clone();
  // Once the intersection is empty no further clause can refill it.
  for (let i = 1; i < any.length && !candidates.isEmpty(); i++) candidates.and(any[i]!);
  applyFilters(candidates.andNot(excludedAny), columns, filters);
  if ((options.fallback ?? true) && candidates.count() === 0 && required.length > 1) {
    // Nothing has every term: fall back to skills with any of them, ranked by how many they have.
    candidates = new Bitset(size);
    for (const a of any) candidates.or(a);
    applyFilters(candidates.andNot(excludedAny), columns, filters);
  }
  // Related terms rank the skills the words found (they add to a clause's score, not to what it
  // matches); when the words found nothing at all, the skills their related terms name are the answer.
  let fallback: "related" | undefined;
  if ((options.fallback ?? true) && candidates.isEmpty() && related.some((r) => r.length > 0)) {
    for (const terms of related) for (const t of terms) for (const s of t.sets) if (s) candidates.or(s);
    applyFilters(candidates.andNot(excludedAny), columns, filters);
    if (!candidates.isEmpty()) fallback = "related";
  }
  return { required, related, candidates, typoSkipped: typos.skipped, fallback };
}

/**
 * The related terms of each required clause (none for a clause that is not a plain word), within the
 * query's budget; a related term that is a word of the query, or in no name or description, is dropped.
 */
async function expandRelated(index: SearchIndex, query: ParsedQuery): Promise<RelatedTerm[][]> {
  const words = new Set(query.clauses.flatMap((c) => c.terms));
  const per = relatedPerWord(query.required.filter(relatedEligible).length);
  return Promise.all(
    query.required.map(async (c) => {
      if (!relatedEligible(c) || per === 0 || index.manifest.meaning.shards.length === 0) return [];
      const word = c.terms[0]!;
      const list = (await relatedOf(index.store, index.manifest.meaning, word, index.budget)).filter(([t]) => !words.has(t)).slice(0, per);
      const found = await Promise.all(list.map(([t, w]) => resolveRelated(index, t, word, w)));
      return found.filter((t) => t.sets.some((s) => s !== undefined && !s.isEmpty()));
    }),
  );
}

/** How many skills match every required clause of `query` and no exclusion (never the any-term fallback). */
export async function countAllTerms(
  index: SearchIndex,
  columns: ColumnSet,
  query: ParsedQuery,
  options: Pick<RunOptions, "resolved" | "typos"> & { excluded?: readonly Uint32Array[] } = {},
): Promise<number> {
  const { excluded, ...run } = options;
  const filters = excluded && excluded.length > 0 ? { ...NO_FILTERS, excluded } : NO_FILTERS;
  return (await select(index, columns, query, filters, { ...run, fallback: false })).candidates.count();
}

/** Runs a parsed query; `page` is 1-based. */
export async function executeQuery(
  index: SearchIndex,
  columns: SearchColumns,
  query: ParsedQuery,
  filters: Filters,
  page: number,
  limit: number,
  options: RunOptions = {},
): Promise<SearchOutcome> {
  const selected = await select(index, columns, query, filters, options);
  const { candidates } = selected;
  // The owners table is read only when a nested list matched.
  const nested = selected.required.some((c) => c.nestedMatch.some((s) => s !== undefined));
  const best = nested ? bestNested(selected.required, await index.owners(), candidates) : new Map<number, NestedBest>();
  const required = rankNested(selected.required, best, index.docCount);
  required.forEach((c, i) => {
    c.related = selected.related[i]!;
  });
  const total = candidates.count();
  const { ordinals, keys, n } = scoreCandidates(required, candidates, columns.stars, page * limit);
  const page0 = pageOf(keys.subarray(0, n), ordinals.subarray(0, n), columns.updated, page, limit);
  return {
    total,
    required,
    best,
    typoSkipped: selected.typoSkipped,
    ...(selected.fallback ? { fallback: selected.fallback } : {}),
    items: page0.map((i) => ({
      ordinal: ordinals[i]!,
      matched: keyMatched(keys[i]!),
      score: keyScore(keys[i]!),
      stars: columns.stars[ordinals[i]!]!,
      updated: columns.updated[ordinals[i]!]!,
    })),
  };
}
