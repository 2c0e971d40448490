// The two search endpoints (docs/SEARCH.md): read and check the parameters, run the query
// against the sharded index, and shape the answer. The router adds requestId, headers and caching.

import { bitmask } from "../contract/columns.js";
import { ApiError } from "../contract/errors.js";
import { NESTED_INFO_PER_FILE, NestedInfoFile, type SearchManifest } from "../contract/search-manifest.js";
import type { Pagination } from "../schemas/envelope.js";
import { searchQuery, suggestQuery } from "../schemas/params.js";
import type { SearchResult, Suggestion } from "../schemas/resources.js";
import { didYouMean } from "../search/did-you-mean.js";
import { executeQuery } from "../search/engine.js";
import { matchedSkillOf, matchesOf } from "../search/explain.js";
import { type Filters, type SearchColumns, searchColumns } from "../search/filter.js";
import { highlight } from "../search/highlight.js";
import { parseQuery } from "../search/query.js";
import { DEFAULT_TYPO_MODE, SearchIndex } from "../search/resolve.js";
import { suggest } from "../search/suggest.js";
import { parseQuery as parseParams } from "./query.js";
import type { HandlerResult, RequestScope } from "./scope.js";
import { pagination } from "./skill-lists.js";
import { excludedVerdicts, ordinalSet } from "./trust-filter.js";

/** The parameter schema depends on the deployment's vocabularies; it is built once per isolate. */
const searchSchema = (scope: RequestScope) => scope.memo("search-params", () => searchQuery(scope.manifest.vocabulary));

const SEARCH_PARAMS = ["q", "page", "limit", "category", "platform", "minStars", "hasIndex", "mode", "trust"] as const;
const SUGGEST_PARAMS = ["q", "limit"] as const;

/** The search index's layout (a file of its own, read by search requests only and kept like any other). */
async function searchManifest(scope: RequestScope): Promise<SearchManifest> {
  const layout = await scope.store.searchManifest();
  if (!layout) throw new ApiError("SERVER_ERROR", "this deployment was built without a search index");
  return layout;
}

/** The mask of one optional vocabulary value (the schema has already checked it is in the vocabulary). */
const maskOf = (value: string | undefined, vocabulary: readonly string[]) => bitmask(value === undefined ? [] : [value], vocabulary);

export async function searchEndpoint(scope: RequestScope): Promise<{
  data: SearchResult[];
  pagination: Pagination;
  meta: { query: string; took: number; didYouMean?: string; typoSkipped?: string[]; fallback?: "related" };
}> {
  const started = scope.now();
  const vocab = scope.manifest.vocabulary;
  const params = parseParams(scope.url, searchSchema(scope), SEARCH_PARAMS);
  const query = parseQuery(params.q);
  // The layout is read beside the filter's inputs: the trust filter's sets (a few KB, only when the
  // deployment has such skills), then the columns.
  const [manifest, { filters, columns }] = await Promise.all([
    searchManifest(scope),
    (async () => {
      const excluded = await Promise.all(excludedVerdicts(params.trust, scope.manifest).map((v) => ordinalSet(scope.store, v)));
      const filters: Filters = {
        categoryMask: maskOf(params.category, vocab.categories),
        platformMask: maskOf(params.platform, vocab.platforms),
        minStars: params.minStars,
        hasIndex: params.hasIndex,
        ...(excluded.length > 0 ? { excluded: excluded.map((set) => set.ordinals) } : {}),
      };
      const columns: SearchColumns = await scope.store.columns(searchColumns(filters));
      return { filters, columns };
    })(),
  ]);
  const index = new SearchIndex(scope.store, manifest);
  const outcome = await executeQuery(index, columns, query, filters, params.page, params.limit, {
    typos: DEFAULT_TYPO_MODE,
    mode: params.mode,
  });
  const ordinals = outcome.items.map((i) => i.ordinal);
  const summaries = await scope.store.summaries(ordinals);
  // Which skill of each collection on the page matched, read from the nested skills' small info files.
  const nestedIds = ordinals.map((o) => matchedSkillOf(o, outcome.required, outcome.best.get(o)));
  const infoFiles = [...new Set(nestedIds.flatMap((id) => (id === undefined ? [] : [Math.floor(id / NESTED_INFO_PER_FILE)])))];
  const info = new Map(
    await Promise.all(infoFiles.map(async (n) => [n, await scope.store.json(manifest.nested.info[n]!, NestedInfoFile)] as const)),
  );
  // Typo matches and related terms are marked in highlights like the words typed.
  const typoWords = outcome.required.flatMap((sets) => [...sets.typos.map((t) => t.word), ...sets.related.map((t) => t.term)]);
  const data = summaries.map((s, k): SearchResult => {
    const id = nestedIds[k];
    const skill = id === undefined ? undefined : info.get(Math.floor(id / NESTED_INFO_PER_FILE))![id % NESTED_INFO_PER_FILE];
    return {
      id: s.id,
      owner: s.owner,
      repo: s.repo,
      name: s.name,
      description: s.description,
      stars: s.stars,
      verdict: s.verdict,
      score: Math.round(outcome.items[k]!.score * 100) / 100,
      highlights: {
        name: highlight(s.name, "name", query.required, typoWords),
        description: highlight(s.description, "description", query.required, typoWords),
      },
      matches: matchesOf(ordinals[k]!, query.required, outcome.required, outcome.best.get(ordinals[k]!)),
      ...(skill ? { matchedSkill: { name: skill[0], path: skill[1] } } : {}),
    };
  });
  // Nothing at all, or only what meaning found: offer the query with its unknown words corrected, if
  // that finds something by its words.
  const suggestion =
    outcome.total === 0 || outcome.fallback
      ? await didYouMean(index, columns, params.q ?? "", outcome.required, filters, DEFAULT_TYPO_MODE)
      : undefined;
  return {
    data,
    pagination: pagination(params.page, params.limit, outcome.total),
    meta: {
      query: params.q ?? "",
      took: Math.max(0, scope.now() - started),
      ...(suggestion ? { didYouMean: suggestion } : {}),
      ...(outcome.typoSkipped.length > 0 ? { typoSkipped: outcome.typoSkipped } : {}),
      ...(outcome.fallback ? { fallback: outcome.fallback } : {}),
    },
  };
}

export async function autocompleteEndpoint(scope: RequestScope): Promise<{ data: Suggestion[] }> {
  const params = parseParams(scope.url, suggestQuery, SUGGEST_PARAMS);
  // Counts leave out what search leaves out by default (malicious skills), read only when there are any.
  const [manifest, excluded] = await Promise.all([
    searchManifest(scope),
    Promise.all(excludedVerdicts("default", scope.manifest).map((v) => ordinalSet(scope.store, v))),
  ]);
  const found = await suggest(
    scope.store,
    manifest,
    () => scope.store.columns([]),
    params.q,
    params.limit,
    excluded.map((set) => set.ordinals),
  );
  return { data: found.map(([text, count]) => ({ text, count })) };
}

export const searchRoute = async (scope: RequestScope): Promise<HandlerResult> => ({ body: await searchEndpoint(scope), cache: "search" });
export const autocompleteRoute = async (scope: RequestScope): Promise<HandlerResult> => ({
  body: await autocompleteEndpoint(scope),
  cache: "search",
});
