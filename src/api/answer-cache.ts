// Assembled answers kept in the Workers Cache API (`caches.default`), so a repeated request skips the
// shards, the search and the envelope's body: the handler's result is stored (not the response, whose
// request id, timestamp and rate-limit headers belong to each request). The key names the deployment
// by the manifest's contentId (a hash of every data file, so any change of any byte makes a new one)
// and the URL with its query sorted, so a new build never answers from an old one's entries. The rate limit is charged before any lookup
// (src/api/handle.ts). Outside workerd (Node, the benchmarks) there is no `caches` and nothing is kept.
import type { BuildManifest } from "../contract/manifest.js";
import { CACHE_CONTROL } from "./http.js";
import type { HandlerResult } from "./scope.js";

/** The part of the Cache API used here (workerd's `caches.default`). */
export interface CacheLike {
  match(request: Request): Promise<Response | undefined>;
  put(request: Request, response: Response): Promise<void>;
}

export interface AnswerCache {
  get(key: Request): Promise<HandlerResult | undefined>;
  put(key: Request, result: HandlerResult): Promise<void>;
}

/** Seconds an answer stays: as long as clients may keep it (the max-age of CACHE_CONTROL). */
const maxAge = (kind: NonNullable<HandlerResult["cache"]>): number => Number(/max-age=(\d+)/.exec(CACHE_CONTROL[kind])?.[1] ?? 0);

/** The cache key of a request: deployment, path and the query sorted (parameter order never matters). */
export function answerKey(url: URL, manifest: BuildManifest): Request {
  const query = [...url.searchParams].sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  const search = new URLSearchParams(query).toString();
  return new Request(`https://answers.invalid/${manifest.contentId}${url.pathname}${search ? `?${search}` : ""}`);
}

export function answerCache(cache: CacheLike): AnswerCache {
  return {
    async get(key) {
      const hit = await cache.match(key);
      return hit ? ((await hit.json()) as HandlerResult) : undefined;
    },
    put(key, result) {
      const seconds = maxAge(result.cache ?? "data");
      return cache.put(
        key,
        new Response(JSON.stringify(result), {
          headers: { "Content-Type": "application/json", "Cache-Control": `public, max-age=${seconds}` },
        }),
      );
    },
  };
}

/** `caches.default` when the runtime has one (workerd), else undefined. */
export function defaultAnswerCache(): AnswerCache | undefined {
  const cache = (globalThis as { caches?: { default?: CacheLike } }).caches?.default;
  return cache ? answerCache(cache) : undefined;
}
