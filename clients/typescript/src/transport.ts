// One request against the API (a GET, or the re-index POST): URL and headers, a timeout and the caller's AbortSignal, polite retries
// (429 and 5xx only, honouring Retry-After, exponential backoff with jitter), optional ETag
// revalidation, and the answer's rate-limit state and request id.
import { type RateLimit, SkillsDirectoryError } from "./error.js";

export interface TransportOptions {
  baseUrl: string;
  apiKey?: string;
  fetch: typeof fetch;
  timeoutMs: number;
  maxRetries: number;
  /** Longest wait between attempts; a Retry-After beyond it is not waited for (the error is thrown). */
  maxRetryDelayMs: number;
  /** Revalidation store; undefined: no ETags sent. */
  cache?: EtagCache;
  random: () => number;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Overrides the client's timeout for this call. */
  timeoutMs?: number;
}

/** What every result carries besides the body. */
export interface ResponseInfo {
  /** The `X-Request-Id` of the answer. */
  requestId: string | null;
  /** The caller's rate-limit state after this request; null if the answer carried none. */
  rateLimit: RateLimit | null;
}

export type Result<B> = B & ResponseInfo;

export type QueryValue = string | number | boolean | undefined | null;

/** Bodies kept by URL with their ETag, most recently used last; bounded so it cannot grow without end. */
export class EtagCache {
  readonly #entries = new Map<string, { etag: string; body: unknown }>();
  constructor(readonly maxEntries = 256) {}
  get(url: string) {
    const hit = this.#entries.get(url);
    if (hit) {
      this.#entries.delete(url);
      this.#entries.set(url, hit);
    }
    return hit;
  }
  set(url: string, etag: string, body: unknown) {
    this.#entries.delete(url);
    this.#entries.set(url, { etag, body });
    while (this.#entries.size > this.maxEntries) this.#entries.delete(this.#entries.keys().next().value as string);
  }
}

export function buildUrl(baseUrl: string, path: string, query: Record<string, QueryValue> = {}): string {
  const url = new URL(baseUrl.replace(/\/+$/, "") + path);
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
  return url.toString();
}

/** The path of a resource, each segment percent-encoded so that a name can never reach another route. */
export const pathOf = (...segments: string[]) => segments.map((s) => `/${encodeURIComponent(s)}`).join("");

const intHeader = (headers: Headers, name: string): number | null => {
  const raw = headers.get(name);
  if (raw === null || !/^\d+$/.test(raw.trim())) return null;
  return Number(raw);
};

export function rateLimitOf(headers: Headers): RateLimit | null {
  const limit = intHeader(headers, "X-RateLimit-Limit");
  const remaining = intHeader(headers, "X-RateLimit-Remaining");
  const reset = intHeader(headers, "X-RateLimit-Reset");
  return limit === null || remaining === null || reset === null ? null : { limit, remaining, reset };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The API error an answer carries, or an INVALID_RESPONSE error if its body is not the envelope. */
function errorFromAnswer(res: Response, body: unknown): SkillsDirectoryError {
  const requestId = res.headers.get("X-Request-Id");
  const rateLimit = rateLimitOf(res.headers);
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  if (error && typeof error.code === "string" && typeof error.message === "string") {
    return new SkillsDirectoryError({
      // The API's codes are the ones its document lists; an unknown one from a newer server is passed on as it is.
      code: error.code as SkillsDirectoryError["code"],
      status: res.status,
      message: error.message,
      requestId,
      retryAfter: intHeader(res.headers, "Retry-After"),
      rateLimit,
    });
  }
  return new SkillsDirectoryError({
    code: "INVALID_RESPONSE",
    status: res.status,
    message: `HTTP ${res.status} without the API's error envelope`,
    requestId,
    rateLimit,
  });
}

const retryable = (e: SkillsDirectoryError) => e.status === 429 || e.status >= 500 || e.code === "NETWORK_ERROR" || e.code === "TIMEOUT";

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

const aborted = (cause: unknown) => new SkillsDirectoryError({ code: "ABORTED", status: 0, message: "the request was aborted", cause });

export class Transport {
  constructor(readonly options: TransportOptions) {}

  get<B>(path: string, query?: Record<string, QueryValue>, request: RequestOptions = {}): Promise<Result<B>> {
    return this.#send<B>("GET", path, query, request);
  }

  /** A POST without a body (the re-index request, which is idempotent, so retried like a GET). */
  post<B>(path: string, request: RequestOptions = {}): Promise<Result<B>> {
    return this.#send<B>("POST", path, undefined, request);
  }

  async #send<B>(
    method: "GET" | "POST",
    path: string,
    query: Record<string, QueryValue> | undefined,
    request: RequestOptions,
  ): Promise<Result<B>> {
    const url = buildUrl(this.options.baseUrl, path, query);
    const { maxRetries, maxRetryDelayMs } = this.options;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.#once<B>(method, url, request);
      } catch (e) {
        if (!(e instanceof SkillsDirectoryError) || !retryable(e) || attempt >= maxRetries) throw e;
        // Full jitter: 0.5 s, 1 s, 2 s ... caps, each spread over [0, cap), so retrying clients do not move in step.
        const backoff = Math.min(maxRetryDelayMs, 500 * 2 ** attempt) * this.options.random();
        const wait = e.retryAfter !== null ? e.retryAfter * 1000 : backoff;
        if (wait > maxRetryDelayMs) throw e;
        try {
          await sleep(wait, request.signal);
        } catch (reason) {
          throw aborted(reason);
        }
      }
    }
  }

  async #once<B>(method: "GET" | "POST", url: string, request: RequestOptions): Promise<Result<B>> {
    const headers: Record<string, string> = { Accept: "application/json" };
    if (this.options.apiKey) headers.Authorization = `Bearer ${this.options.apiKey}`;
    const cached = method === "GET" ? this.options.cache?.get(url) : undefined;
    if (cached) headers["If-None-Match"] = cached.etag;

    // One controller for the caller's signal and the timeout (AbortSignal.any is not in Node 18).
    const controller = new AbortController();
    const timeoutMs = request.timeoutMs ?? this.options.timeoutMs;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort(request.signal?.reason);
    if (request.signal?.aborted) onAbort();
    request.signal?.addEventListener("abort", onAbort, { once: true });
    try {
      let res: Response;
      let text: string;
      try {
        res = await this.options.fetch(url, { method, headers, signal: controller.signal });
        text = res.status === 304 ? "" : await res.text();
      } catch (cause) {
        if (timedOut)
          throw new SkillsDirectoryError({ code: "TIMEOUT", status: 0, message: `no answer within ${timeoutMs} ms from ${url}`, cause });
        if (request.signal?.aborted) throw aborted(cause);
        throw new SkillsDirectoryError({ code: "NETWORK_ERROR", status: 0, message: `could not reach ${url}: ${String(cause)}`, cause });
      }
      const info: ResponseInfo = { requestId: res.headers.get("X-Request-Id"), rateLimit: rateLimitOf(res.headers) };
      if (res.status === 304 && cached) return { ...(cached.body as B), ...info };
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch (cause) {
        if (res.ok)
          throw new SkillsDirectoryError({
            code: "INVALID_RESPONSE",
            status: res.status,
            message: `the answer from ${url} is not JSON`,
            requestId: info.requestId,
            cause,
          });
      }
      if (!res.ok) throw errorFromAnswer(res, body);
      if (!isRecord(body))
        throw new SkillsDirectoryError({
          code: "INVALID_RESPONSE",
          status: res.status,
          message: `the answer from ${url} is not a JSON object`,
          requestId: info.requestId,
        });
      const etag = res.headers.get("ETag");
      if (etag && this.options.cache && method === "GET") this.options.cache.set(url, etag, body);
      // The body's shape is the operation's response schema, which the caller names as B.
      return { ...(body as B), ...info };
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener("abort", onAbort);
    }
  }
}
