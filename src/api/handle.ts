// The request pipeline of the function: rate limit first, then route, validate, answer from the
// prebuilt assets, and wrap every outcome (errors included) in the envelope with its headers.

import { ApiError } from "../contract/errors.js";
import { type AnswerCache, answerKey } from "./answer-cache.js";
import type { ApiContext } from "./env.js";
import { errorBody } from "./errors.js";
import { CACHE_CONTROL, etagOf, jsonResponse, matchesEtag, PREFLIGHT_HEADERS, REFRESH_ALLOW, RESPONSE_HEADERS } from "./http.js";
import { type CounterStore, createCounterStore } from "./rate-limit/counters.js";
import type { RateLimiter } from "./rate-limit/index.js";
import { refreshTarget, requestRefresh } from "./refresh.js";
import { API_PREFIX, isLiveRoute, noRoute, pathSegments, route } from "./router.js";
import type { HandlerResult } from "./scope.js";
import type { AssetStore } from "./store.js";

/** What lives as long as the isolate: the asset cache and the limiter's counters. */
export interface Services {
  store: AssetStore;
  limiter: RateLimiter;
  /** Assembled answers across requests (caches.default in workerd); absent elsewhere. */
  answers?: AnswerCache;
  /** Values derived from the deployment, by key (see RequestScope.memo). */
  memo: Map<string, unknown>;
  /** Per-address counters of re-index requests (src/api/refresh.ts); made on the first one. */
  refreshCounters?: CounterStore;
  now?: () => number;
}

/** RequestScope.memo over a map that lives as long as the isolate. */
export const memoOver =
  (map: Map<string, unknown>) =>
  <T>(key: string, make: () => T): T => {
    if (!map.has(key)) map.set(key, make());
    // Each key is written only by its own `make`, so the value has the type it was made with.
    return map.get(key) as T;
  };

export async function handleRequest(ctx: ApiContext, services: Services): Promise<Response> {
  const requestId = crypto.randomUUID();
  const { request } = ctx;
  const headOnly = request.method === "HEAD";
  let limitHeaders: Record<string, string> = {};
  try {
    const url = new URL(request.url);
    if (request.method === "OPTIONS") {
      // The refresh route takes POST; every other path is read-only.
      const refresh = refreshTarget(safeSegments(url.pathname));
      const headers = refresh ? { ...PREFLIGHT_HEADERS, "Access-Control-Allow-Methods": REFRESH_ALLOW } : PREFLIGHT_HEADERS;
      return new Response(null, { status: 204, headers: { ...headers, "X-Request-Id": requestId } });
    }
    limitHeaders = await services.limiter.check(ctx);
    const segments = pathSegments(url.pathname);
    const refresh = refreshTarget(segments);
    if (refresh) return await refreshAnswer(ctx, services, refresh, requestId, limitHeaders);
    if (request.method !== "GET" && !headOnly) {
      throw new ApiError("METHOD_NOT_ALLOWED", `method ${request.method} is not allowed; this API is read-only (GET, HEAD, OPTIONS)`, {
        Allow: "GET, HEAD, OPTIONS",
      });
    }
    const handler = route(segments);
    if (!handler) throw noRoute(url.pathname);
    // This request's own view of the asset cache: it never awaits a fetch another request started.
    const store = services.store.session();
    const manifest = await store.manifest();
    const now = services.now ?? (() => performance.now());
    // The rate limit is charged above, before the cache is asked: a cached answer costs a request too.
    const key = services.answers && !isLiveRoute(segments) ? answerKey(url, manifest) : undefined;
    const cached = key ? await services.answers!.get(key).catch(() => undefined) : undefined;
    const scope = { url, request, store, manifest, now, memo: memoOver(services.memo), kv: ctx.env.KV };
    const result = cached ?? (await handler(scope));
    if (key && !cached) ctx.waitUntil(services.answers!.put(key, result).catch(() => undefined));
    const cacheHeader: Record<string, string> = key ? { "X-Answer-Cache": cached ? "hit" : "miss" } : {};
    return await respond(request, requestId, result, { ...limitHeaders, ...cacheHeader }, headOnly);
  } catch (error) {
    if (!(error instanceof ApiError)) console.error(`request ${requestId} failed:`, error);
    const { status, headers, body } = errorBody(error, requestId);
    return jsonResponse(
      status,
      body,
      { ...limitHeaders, ...headers, "Cache-Control": CACHE_CONTROL.error, "X-Request-Id": requestId },
      headOnly,
    );
  }
}

/** The path's segments, or none when it cannot be decoded (a preflight answers any path). */
function safeSegments(pathname: string): string[] {
  try {
    return pathSegments(pathname);
  } catch {
    return [];
  }
}

/** POST /index-status/{owner}/{repo}/refresh: 202 with the queue state; any other method 405. */
async function refreshAnswer(
  ctx: ApiContext,
  services: Services,
  target: { owner: string; repo: string },
  requestId: string,
  limitHeaders: Record<string, string>,
): Promise<Response> {
  const { method } = ctx.request;
  if (method !== "POST") {
    throw new ApiError(
      "METHOD_NOT_ALLOWED",
      `method ${method} is not allowed here: POST asks for a re-index (see GET ${API_PREFIX}/index-status/{owner}/{repo} for the state)`,
      {
        Allow: REFRESH_ALLOW,
      },
    );
  }
  services.refreshCounters ??= createCounterStore();
  const data = await requestRefresh(
    { ctx, store: services.store.session(), counters: services.refreshCounters, now: Date.now },
    target.owner,
    target.repo,
  );
  const body = { data, meta: { requestId, timestamp: new Date().toISOString() } };
  return jsonResponse(202, body, { ...limitHeaders, "Cache-Control": CACHE_CONTROL.error, "X-Request-Id": requestId });
}

async function respond(
  request: Request,
  requestId: string,
  result: HandlerResult,
  limitHeaders: Record<string, string>,
  headOnly: boolean,
) {
  const { body } = result;
  // The ETag covers what identifies the representation (the events feed's cursor included), not the
  // per-request meta (id, timing).
  const cursor = body.meta && "next" in body.meta ? [body.meta.next] : [];
  const etag = await etagOf(JSON.stringify([body.data, body.pagination ?? null, body.meta?.query ?? null, ...cursor]));
  const headers: Record<string, string> = {
    ...limitHeaders,
    ...result.headers,
    "Cache-Control": CACHE_CONTROL[result.cache ?? "data"],
    ETag: etag,
    "X-Request-Id": requestId,
  };
  if (matchesEtag(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers: { ...RESPONSE_HEADERS, ...headers } });
  }
  const payload = result.raw ? body.data : { ...body, meta: { ...body.meta, requestId, timestamp: new Date().toISOString() } };
  return jsonResponse(200, payload, headers, headOnly);
}

/** The 404 envelope for paths outside the API's routes (other versions, the raw data files). */
export function outsideApi(pathname: string): Response {
  const requestId = crypto.randomUUID();
  const { status, body } = errorBody(noRoute(pathname), requestId);
  return jsonResponse(status, body, { "Cache-Control": CACHE_CONTROL.error, "X-Request-Id": requestId });
}
