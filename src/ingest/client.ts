// Composes the crawler's GitHub client: @octokit/rest with a response guard, plugin-throttling
// (primary and secondary rate limits, https://docs.github.com/en/rest/using-the-rest-api/rate-limits-for-the-rest-api#about-secondary-rate-limits:
// waits for Retry-After or the reset) and plugin-retry (5xx,
// timeouts, cut-off bodies). Timing is injected so tests wait milliseconds where GitHub needs seconds.

import { retry } from "@octokit/plugin-retry";
import type { ThrottlingOptions } from "@octokit/plugin-throttling";
import { throttling } from "@octokit/plugin-throttling";
import { Octokit } from "@octokit/rest";
import { IngestError } from "./errors.js";
import { Pacer } from "./pacer.js";
import { RequestLog, requestKindOf } from "./request-log.js";

export interface ClientTiming {
  /** Milliseconds one "second" of Retry-After / reset / backoff lasts (GitHub: 1000). */
  secondMs: number;
  /** A single request gives up (and is retried) after this long. */
  requestTimeoutMs: number;
  /** Concurrent requests, and minimum spacing of GraphQL and search requests. */
  concurrency: number;
  graphqlMinTimeMs: number;
  searchMinTimeMs: number;
  /** Retries per request for 5xx / timeouts / cut-off bodies, and for rate limits. */
  retries: number;
  rateLimitRetries: number;
  /** Longest rate-limit wait (in Retry-After seconds) the crawl accepts before failing the request. */
  maxRateLimitWaitSeconds: number;
}

export const GITHUB_TIMING: ClientTiming = {
  secondMs: 1000,
  requestTimeoutMs: 30_000,
  concurrency: 8,
  graphqlMinTimeMs: 1000,
  // Code search allows 10 requests a minute.
  searchMinTimeMs: 6500,
  retries: 4,
  rateLimitRetries: 3,
  maxRateLimitWaitSeconds: 3700,
};

export interface ClientOptions {
  baseUrl: string;
  token?: string;
  timing?: Partial<ClientTiming>;
  log?: { warn(message: string): void };
}

export interface GitHubClient {
  octokit: InstanceType<typeof GuardedOctokit>;
  requests: RequestLog;
}

interface GuardOptions {
  guard?: { timeoutMs: number; requests: RequestLog };
  [option: string]: unknown;
}

/** Innermost plugin: counts every attempt, bounds its time, and refuses bodies that are not JSON. */
function guard(octokit: { hook: Octokit["hook"] }, options: GuardOptions): Record<string, never> {
  const cfg = options.guard;
  if (!cfg) return {};
  octokit.hook.wrap("request", async (request, opts) => {
    const kind = requestKindOf(opts.method, opts.url);
    // Hooks share one options object (inner hooks ignore a replaced one): set this attempt's deadline on it.
    // A request that streams a large body (an archive) may ask for a longer one than the default.
    const own = (opts.request as { deadlineMs?: unknown } | undefined)?.deadlineMs;
    const timeoutMs = typeof own === "number" && own > 0 ? own : cfg.timeoutMs;
    opts.request = Object.assign(opts.request ?? {}, { signal: AbortSignal.timeout(timeoutMs) });
    const attempt = opts;
    try {
      const res = await request(attempt);
      cfg.requests.record(kind, res.status, res.headers);
      const type = String(res.headers["content-type"] ?? "");
      if (type.includes("json") && (typeof res.data !== "object" || res.data === null))
        throw new IngestError("MALFORMED_RESPONSE", `${opts.method} ${opts.url}: response body is not complete JSON`, 502, {
          request: attempt,
          response: res,
        });
      return res;
    } catch (e) {
      if (e instanceof IngestError) {
        cfg.requests.record(kind, e.status, {});
        throw e;
      }
      if (e instanceof Error && (e.name === "TimeoutError" || e.name === "AbortError")) {
        cfg.requests.record(kind, 504, {});
        throw new IngestError("TIMEOUT", `${opts.method} ${opts.url}: no answer within ${timeoutMs} ms`, 504, {
          request: attempt,
          cause: e,
        });
      }
      const status = typeof e === "object" && e !== null && "status" in e && typeof e.status === "number" ? e.status : 0;
      const headers =
        typeof e === "object" &&
        e !== null &&
        "response" in e &&
        typeof e.response === "object" &&
        e.response !== null &&
        "headers" in e.response
          ? e.response.headers
          : {};
      cfg.requests.record(kind, status, typeof headers === "object" && headers !== null ? Object.fromEntries(Object.entries(headers)) : {});
      throw e;
    }
  });
  return {};
}

const GuardedOctokit = Octokit.plugin(guard, throttling, retry);

export function createGitHubClient(opts: ClientOptions): GitHubClient {
  const t = { ...GITHUB_TIMING, ...opts.timing };
  const requests = new RequestLog();
  const warn = opts.log?.warn ?? (() => {});
  const onLimit = (kind: string) => (retryAfter: number, options: { method: string; url: string }, _o: unknown, retryCount: number) => {
    const again = retryCount < t.rateLimitRetries && retryAfter <= t.maxRateLimitWaitSeconds;
    requests.noteRateLimited(kind);
    warn(`${kind} rate limit on ${options.method} ${options.url}: ${again ? `waiting ${retryAfter}s` : "giving up"}`);
    return again;
  };
  const throttle = {
    id: `crawl-${Math.random().toString(36).slice(2)}`,
    retryAfterBaseValue: t.secondMs,
    fallbackSecondaryRateRetryAfter: 60,
    global: new Pacer({ concurrency: t.concurrency, minTimeMs: 0 }),
    write: new Pacer({ concurrency: 1, minTimeMs: t.graphqlMinTimeMs }),
    search: new Pacer({ concurrency: 1, minTimeMs: t.searchMinTimeMs }),
    onRateLimit: onLimit("primary"),
    onSecondaryRateLimit: onLimit("secondary"),
  };
  const octokit = new GuardedOctokit({
    baseUrl: opts.baseUrl.replace(/\/+$/, ""),
    auth: opts.token,
    userAgent: "skills-directory-crawler",
    // plugin-throttling takes any limiter with `key(id).schedule(...)`; its types name Bottleneck.
    throttle: throttle as unknown as ThrottlingOptions,
    retry: { retries: t.retries, retryAfterBaseValue: t.secondMs / 4 },
    guard: { timeoutMs: t.requestTimeoutMs, requests },
    log: { debug: () => {}, info: () => {}, warn, error: warn },
  });
  return { octokit, requests };
}
