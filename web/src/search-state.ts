// The state of the directory view, kept in the query string so that a search can be shared and
// the back button restores it. Parsing is forgiving (a bad value is dropped, never an error page);
// writing leaves out defaults so that URLs stay short and one state has one URL.

export const SORTS = ["relevance", "stars", "updated", "name"] as const;
export type Sort = (typeof SORTS)[number];

export interface SearchState {
  q: string;
  category: string;
  platform: string;
  minStars: number;
  hasIndex: boolean;
  sort: Sort;
  page: number;
}

export const EMPTY_STATE: SearchState = { q: "", category: "", platform: "", minStars: 0, hasIndex: false, sort: "relevance", page: 1 };

/** Results per page, for search and lists alike. */
export const PAGE_SIZE = 20;

const wholeNumber = (raw: string | null, min: number): number | undefined => {
  if (raw === null || !/^\d{1,9}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= min ? n : undefined;
};

export function readState(params: URLSearchParams): SearchState {
  const sort = params.get("sort");
  return {
    q: (params.get("q") ?? "").slice(0, 200),
    category: params.get("category") ?? "",
    platform: params.get("platform") ?? "",
    minStars: wholeNumber(params.get("minStars"), 0) ?? 0,
    hasIndex: params.get("hasIndex") === "true",
    sort: SORTS.find((s) => s === sort) ?? "relevance",
    page: wholeNumber(params.get("page"), 1) ?? 1,
  };
}

export function writeState(state: SearchState): URLSearchParams {
  const out = new URLSearchParams();
  if (state.q) out.set("q", state.q);
  if (state.category) out.set("category", state.category);
  if (state.platform) out.set("platform", state.platform);
  if (state.minStars > 0) out.set("minStars", String(state.minStars));
  if (state.hasIndex) out.set("hasIndex", "true");
  if (state.sort !== "relevance") out.set("sort", state.sort);
  if (state.page > 1) out.set("page", String(state.page));
  return out;
}

/** True when the state asks for a full-text search (the API needs at least two characters). */
export const isSearch = (state: SearchState): boolean => state.q.trim().length >= 2;

/**
 * The API request for a state. A search goes to /skills/search (ranked by relevance, with its own
 * filters); otherwise the list endpoint, sorted as asked (stars when "relevance" has no query).
 */
export function apiRequest(state: SearchState): string {
  const p = new URLSearchParams();
  if (isSearch(state)) {
    p.set("q", state.q.trim());
    if (state.category) p.set("category", state.category);
    if (state.platform) p.set("platform", state.platform);
    if (state.minStars > 0) p.set("minStars", String(state.minStars));
    if (state.hasIndex) p.set("hasIndex", "true");
    if (state.page > 1) p.set("page", String(state.page));
    p.set("limit", String(PAGE_SIZE));
    return `/skills/search?${p}`;
  }
  if (state.category) p.set("category", state.category);
  if (state.platform) p.set("platform", state.platform);
  p.set("sort", state.sort === "relevance" ? "stars" : state.sort);
  if (state.page > 1) p.set("page", String(state.page));
  p.set("limit", String(PAGE_SIZE));
  return `/skills?${p}`;
}
