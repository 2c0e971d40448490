// The rate limiter the Pages Function runs first on every /api/v1 request: it identifies the caller
// (API key, else client address), charges one request to the caller's hourly budget before any
// other work, and returns the X-RateLimit-* headers, or throws the 429 / 401 ApiError carrying them.
// One limiter lives per isolate, holding the batched counters and the last good key records.

import { ApiError } from "../../contract/errors.js";
import type { ApiContext } from "../env.js";
import { createKeyVerifier, type KeyVerifier } from "../keys/verify.js";
import { addressBucket } from "./address.js";
import { requestTime } from "./clock.js";
import { type CounterStoreOptions, createCounterStore } from "./counters.js";
import { readCredential } from "./credential.js";
import { rateLimitHeaders } from "./headers.js";
import { type Tier, tierLimits } from "./tiers.js";
import { counterTtlSeconds, retryAfterSeconds, windowAt } from "./window.js";

export interface RateLimiter {
  /** The X-RateLimit-* headers for the response; throws ApiError RATE_LIMITED or INVALID_API_KEY. */
  check(ctx: ApiContext): Promise<Record<string, string>>;
}

export interface RateLimiterOptions extends CounterStoreOptions {
  keys?: KeyVerifier;
}

/** Counter key of a caller in a window: `rl:a:<address bucket>:<window>` or `rl:k:<key id>:<window>`. */
export const counterName = (subject: string, windowIndex: number) => `rl:${subject}:${windowIndex}`;

export function createRateLimiter(options: RateLimiterOptions = {}): RateLimiter {
  const now = options.now ?? Date.now;
  const log = options.log ?? ((message: string) => console.warn(message));
  const counters = createCounterStore({ ...options, now, log });
  const keys = options.keys ?? createKeyVerifier({ log });

  return {
    async check(ctx) {
      const { request, env } = ctx;
      if (env.RATE_LIMIT_DISABLED === "1") return {};
      const limits = tierLimits(env);
      const at = requestTime(request, env, now);
      const window = windowAt(at);

      let tier: Tier = "anonymous";
      let subject = `a:${addressBucket(request.headers.get("CF-Connecting-IP"))}`;
      let rejection: string | null = null;
      let degraded = false;
      const credential = readCredential(request.headers.get("Authorization"));
      if (credential.kind === "malformed") rejection = credential.reason;
      if (credential.kind === "bearer") {
        const verdict = await keys.verify(env.KV, credential.token);
        if (verdict.status === "valid") {
          tier = verdict.record.tier;
          subject = `k:${verdict.record.id}`;
          degraded = verdict.stale;
        } else if (verdict.status === "invalid") rejection = verdict.reason;
        else degraded = true; // KV unavailable and the key unseen: served, counted as its address.
      }
      // A rejected key is still charged to its address, so guessing keys costs the guesser's budget.
      const limit = limits[tier];
      const reservation = await counters.reserve({
        kv: env.KV,
        name: counterName(subject, window.index),
        limit,
        windowEndMs: window.endMs,
        ttlSeconds: counterTtlSeconds(window, at),
        waitUntil: (promise) => ctx.waitUntil(promise),
      });
      const headers = rateLimitHeaders({ tier, limit, used: reservation.used, window, degraded: degraded || reservation.degraded });
      if (!reservation.admitted) {
        const retryAfter = retryAfterSeconds(window, at);
        throw new ApiError(
          "RATE_LIMITED",
          `rate limit exceeded: ${limit} requests per hour for the ${tier} tier; retry after ${retryAfter} s`,
          { ...headers, "Retry-After": String(retryAfter) },
        );
      }
      if (rejection !== null) {
        throw new ApiError("INVALID_API_KEY", rejection, {
          ...headers,
          "WWW-Authenticate": 'Bearer error="invalid_token"',
        });
      }
      return headers;
    },
  };
}
