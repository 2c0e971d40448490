// Code search for SKILL.md files, past GitHub's 1,000-result cap: the size range is halved until a
// slice reports at most 1,000 files, then its pages are read. Every page is a conditional request;
// a 304 reuses the repositories the cached page listed.
import type { Octokit } from "@octokit/rest";
import type { CachedSearchPage } from "../dataset/crawl-state.js";
import { messageOf, statusOf } from "./errors.js";
import { CodeSearchResponse } from "./github-schemas.js";

export const SEARCH_CAP = 1000;
const PER_PAGE = 100;

export interface CodeSearchHit {
  id: string;
  nodeId: string;
  name: string;
}

export interface CodeSearchResult {
  repos: Map<string, CodeSearchHit>;
  /** Pages fetched or revalidated, by URL, for the next run. */
  pages: Record<string, CachedSearchPage>;
  requests: number;
  notModified: number;
  /** Slices that still exceed the cap at a single byte size (only their first 1,000 are seen). */
  capped: string[];
  failed: { query: string; reason: string }[];
}

export async function searchCode(
  octokit: Octokit,
  opts: { query: string; minSize: number; maxSize: number },
  cache: Record<string, CachedSearchPage>,
  onPage?: () => void,
): Promise<CodeSearchResult> {
  const result: CodeSearchResult = { repos: new Map(), pages: {}, requests: 0, notModified: 0, capped: [], failed: [] };

  const page = async (q: string, n: number): Promise<CachedSearchPage | undefined> => {
    const key = `/search/code?q=${encodeURIComponent(q)}&per_page=${PER_PAGE}&page=${n}`;
    const cached = cache[key];
    result.requests++;
    onPage?.();
    try {
      const res = await octokit.request("GET /search/code", {
        q,
        per_page: PER_PAGE,
        page: n,
        headers: cached ? { "if-none-match": cached.etag } : {},
      });
      const body = CodeSearchResponse.parse(res.data);
      const etag = typeof res.headers.etag === "string" ? res.headers.etag : "";
      const p: CachedSearchPage = {
        etag,
        total: body.total_count,
        repos: body.items.map((i) => ({ id: String(i.repository.id), nodeId: i.repository.node_id, name: i.repository.full_name })),
      };
      if (etag) result.pages[key] = p;
      return p;
    } catch (e) {
      if (statusOf(e) === 304 && cached) {
        result.notModified++;
        result.pages[key] = cached;
        return cached;
      }
      result.failed.push({ query: `${q} (page ${n})`, reason: messageOf(e) });
      return undefined;
    }
  };

  const add = (p: CachedSearchPage) => {
    for (const r of p.repos) if (!result.repos.has(r.id)) result.repos.set(r.id, r);
  };

  const slice = async (lo: number, hi: number): Promise<void> => {
    const q = `${opts.query} size:${lo}..${hi}`;
    const first = await page(q, 1);
    if (!first) return;
    if (first.total > SEARCH_CAP && lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      await slice(lo, mid);
      await slice(mid + 1, hi);
      return;
    }
    if (first.total > SEARCH_CAP) result.capped.push(q);
    add(first);
    const pages = Math.ceil(Math.min(first.total, SEARCH_CAP) / PER_PAGE);
    for (let n = 2; n <= pages; n++) {
      const p = await page(q, n);
      if (p) add(p);
    }
  };

  await slice(opts.minSize, opts.maxSize);
  return result;
}
