// SkillsDirectory: one method per endpoint of the API, async iterators over every page, and the
// transport's retries, timeouts and revalidation underneath. Runs anywhere `fetch` does.
import { defaultBaseUrl } from "./address.js";
import type { EventsParams, EventsResponse, SkillEvent } from "./events.js";
import { EtagCache, pathOf, type QueryValue, type RequestOptions, type Result, Transport } from "./transport.js";
import type {
  AutocompleteParams,
  CategoryDetailResponse,
  CategoryListResponse,
  ContentParams,
  IndexStatusResponse,
  ListSkillsParams,
  LocaleParams,
  RefreshQueuedResponse,
  SearchParams,
  SearchResponse,
  SearchResult,
  SkillContentResponse,
  SkillDetailResponse,
  SkillFilesResponse,
  SkillListResponse,
  SkillStatsResponse,
  SkillSummary,
  StatusResponse,
  SuggestionListResponse,
} from "./types.js";

export interface ClientOptions {
  /**
   * The API's base address, ending in /api/v1 (e.g. https://skills.example/api/v1). Default:
   * SKILLS_API_URL from the environment, else the local server, http://127.0.0.1:PORT/api/v1 with
   * PORT from the environment or 8788 (defaultBaseUrl).
   */
  baseUrl?: string;
  /** Sent as `Authorization: Bearer`; raises the hourly rate limit. */
  apiKey?: string;
  /** A fetch implementation (default: the global one). */
  fetch?: typeof fetch;
  /** Per attempt, in milliseconds (default 30 000). */
  timeoutMs?: number;
  /** Retries after a 429, a 5xx, a network error or a timeout (default 2; 0 turns them off). */
  maxRetries?: number;
  /** The longest wait before a retry, in milliseconds (default 10 000); a longer Retry-After is not waited for. */
  maxRetryDelayMs?: number;
  /** Revalidate with ETags: repeated requests send If-None-Match and a 304 reuses the kept body. */
  etagCache?: boolean | { maxEntries: number };
}

/** Parameters of the paginated list methods without `page`: iterators start at `page` when given. */
type Pageable = { page?: number; limit?: number };

/** Walks pages from `start` until the last one (an empty page ends it too). */
async function* pages<T>(
  start: number,
  load: (page: number) => Promise<{ data: T[]; pagination: { totalPages: number } }>,
): AsyncGenerator<T> {
  for (let page = start; ; page++) {
    const result = await load(page);
    yield* result.data;
    if (result.data.length === 0 || page >= result.pagination.totalPages) return;
  }
}

const query = (params: object | undefined): Record<string, QueryValue> => ({ ...(params as Record<string, QueryValue>) });

export class SkillsDirectory {
  readonly #http: Transport;

  constructor(options: ClientOptions = {}) {
    if (!options.fetch && typeof globalThis.fetch !== "function") throw new TypeError("no global fetch here: pass options.fetch");
    // Left out, the address comes from the environment; given empty (an unset variable interpolated,
    // most likely), it is a mistake worth saying rather than a silent fall back to the local server.
    if (options.baseUrl !== undefined && options.baseUrl.trim() === "")
      throw new TypeError(
        "SkillsDirectory's baseUrl is empty: leave it out to use SKILLS_API_URL or the local server, or give one such as http://127.0.0.1:8788/api/v1",
      );
    const cacheOption = options.etagCache;
    this.#http = new Transport({
      baseUrl: options.baseUrl ?? defaultBaseUrl(),
      apiKey: options.apiKey,
      // Bound so that a global fetch called as a method of the transport keeps its `this` (browsers require it).
      fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      timeoutMs: options.timeoutMs ?? 30_000,
      maxRetries: options.maxRetries ?? 2,
      maxRetryDelayMs: options.maxRetryDelayMs ?? 10_000,
      cache: cacheOption ? new EtagCache(cacheOption === true ? undefined : cacheOption.maxEntries) : undefined,
      random: Math.random,
    });
  }

  /** GET /skills: a page of skill summaries. */
  listSkills(params?: ListSkillsParams, options?: RequestOptions): Promise<Result<SkillListResponse>> {
    return this.#http.get("/skills", query(params), options);
  }

  /** GET /skills/{owner}/{repo}: the skill's detail. */
  getSkill(owner: string, repo: string, options?: RequestOptions): Promise<Result<SkillDetailResponse>> {
    return this.#http.get(`/skills${pathOf(owner, repo)}`, undefined, options);
  }

  /** GET /skills/{owner}/{repo}/content: the raw SKILL.md (another text file of its folders with `path`). */
  getSkillContent(owner: string, repo: string, params?: ContentParams, options?: RequestOptions): Promise<Result<SkillContentResponse>> {
    return this.#http.get(`/skills${pathOf(owner, repo)}/content`, query(params), options);
  }

  /** GET /skills/{owner}/{repo}/files: every file of the skill's folders (each SKILL.md included), with kind, size, sha and sha256. */
  listSkillFiles(owner: string, repo: string, options?: RequestOptions): Promise<Result<SkillFilesResponse>> {
    return this.#http.get(`/skills${pathOf(owner, repo)}/files`, undefined, options);
  }

  /** GET /skills/{owner}/{repo}/stats: views, installs, favorites and star history. */
  getSkillStats(owner: string, repo: string, options?: RequestOptions): Promise<Result<SkillStatsResponse>> {
    return this.#http.get(`/skills${pathOf(owner, repo)}/stats`, undefined, options);
  }

  /** GET /status: how fresh the directory is (dataset and build times, counts, the last crawl). */
  getStatus(options?: RequestOptions): Promise<Result<StatusResponse>> {
    return this.#http.get("/status", undefined, options);
  }

  /** GET /index-status/{owner}/{repo}: whether a repository is listed, and if not, why (unknown is a 200). */
  getIndexStatus(owner: string, repo: string, options?: RequestOptions): Promise<Result<IndexStatusResponse>> {
    return this.#http.get(`/index-status${pathOf(owner, repo)}`, undefined, options);
  }

  /**
   * POST /index-status/{owner}/{repo}/refresh: queue the repository for the next re-index run (202 with
   * the queue state; the same answer while it waits). 400 for a name GitHub could not have, 429 past the
   * limits, 503 `QUEUE_FULL` when the queue is full.
   */
  requestRefresh(owner: string, repo: string, options?: RequestOptions): Promise<Result<RefreshQueuedResponse>> {
    return this.#http.post(`/index-status${pathOf(owner, repo)}/refresh`, options);
  }

  /** GET /categories: every category, in `locale`. */
  listCategories(params?: LocaleParams, options?: RequestOptions): Promise<Result<CategoryListResponse>> {
    return this.#http.get("/categories", query(params), options);
  }

  /** GET /categories/{slug}: one category with its top skills. */
  getCategory(slug: string, params?: LocaleParams, options?: RequestOptions): Promise<Result<CategoryDetailResponse>> {
    return this.#http.get(`/categories${pathOf(slug)}`, query(params), options);
  }

  /** GET /categories/{slug}/skills: like listSkills, within one category. */
  listCategorySkills(
    slug: string,
    params?: Omit<ListSkillsParams, "category">,
    options?: RequestOptions,
  ): Promise<Result<SkillListResponse>> {
    return this.#http.get(`/categories${pathOf(slug)}/skills`, query(params), options);
  }

  /** GET /skills/search: full-text search (see the API's query language). */
  search(q: string, params?: SearchParams, options?: RequestOptions): Promise<Result<SearchResponse>> {
    return this.#http.get("/skills/search", { ...query(params), q }, options);
  }

  /** GET /skills/autocomplete: suggested queries for a partial one. */
  autocomplete(q: string, params?: AutocompleteParams, options?: RequestOptions): Promise<Result<SuggestionListResponse>> {
    return this.#http.get("/skills/autocomplete", { ...query(params), q }, options);
  }

  /** GET /events: changes in the order they happened, after `since`; `meta.next` is the next cursor. */
  events(params?: EventsParams, options?: RequestOptions): Promise<Result<EventsResponse>> {
    return this.#http.get("/events", query(params), options);
  }

  /** Every skill matching `params`, page after page (100 a page unless `limit` says otherwise). */
  iterateSkills(params: ListSkillsParams & Pageable = {}, options?: RequestOptions): AsyncGenerator<SkillSummary> {
    const limit = params.limit ?? 100;
    return pages(params.page ?? 1, (page) => this.listSkills({ ...params, page, limit }, options));
  }

  /** Every result of a search, page after page. */
  iterateSearch(q: string, params: SearchParams & Pageable = {}, options?: RequestOptions): AsyncGenerator<SearchResult> {
    const limit = params.limit ?? 100;
    return pages(params.page ?? 1, (page) => this.search(q, { ...params, page, limit }, options));
  }

  /** Every event after `since`, following `meta.next` until the feed is exhausted. */
  async *iterateEvents(params: EventsParams = {}, options?: RequestOptions): AsyncGenerator<SkillEvent> {
    let since = params.since;
    for (;;) {
      const result = await this.events({ ...params, since }, options);
      yield* result.data;
      if (result.meta.next === null || result.data.length === 0) return;
      since = result.meta.next;
    }
  }
}
