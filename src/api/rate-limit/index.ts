// The rate limiter the Pages Function runs first on every /api/v1 request: it identifies the caller
// (API key, else client address), charges one request to the caller's hourly budget before any
// other work, and returns the X-RateLimit-* headers, or throws the 429 / 401 ApiError carrying them.
// One limiter lives per isolate, holding the batched counters and the last good key records.

import { ApiError } from "../../contract/errors.js";
import type { Tier } from "../../schemas/tier.js";
import type { ApiContext } from "../env.js";
import { createKeyVerifier, type KeyVerifier } from "../keys/verify.js";
import { addressBuckets } from "./address.js";
import { requestTime } from "./clock.js";
import { type CounterStoreOptions, createCounterStore, type Reservation } from "./counters.js";
import { readCredential } from "./credential.js";
import { rateLimitHeaders } from "./headers.js";
import { isPageRequest } from "./page-client.js";
import { NETWORK_BUDGETS, networkLimit, TIER_VARIABLE, tierLimits } from "./tiers.js";
import { counterTtlSeconds, retryAfterSeconds, windowAt } from "./window.js";

export interface RateLimiter {
  /** The X-RateLimit-* headers for the response; throws ApiError RATE_LIMITED or INVALID_API_KEY. */
  check(ctx: ApiContext): Promise<Record<string, string>>;
}

export interface RateLimiterOptions extends CounterStoreOptions {
  keys?: KeyVerifier;
}

/**
 * Counter key of a caller in a window: `rl:a:<address bucket>:<window>`, `rl:p:<address bucket>:<window>`
 * for the page's requests, `rl:k:<key id>:<window>`, or for the shared ceilings of an IPv6 /48,
 * `rl:n:<network>:<window>` (anonymous) and `rl:np:<network>:<window>` (page).
 */
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

      const address = addressBuckets(request.headers.get("CF-Connecting-IP"));
      const page = isPageRequest(request.headers);
      let tier: Tier = page ? "page" : "anonymous";
      let subject = `${page ? "p" : "a"}:${address.bucket}`;
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
        } else if (verdict.status === "invalid") {
          // A revoked key came with its right secret: its holder is told so at once, whatever their
          // address has spent (only unknown and malformed keys are charged to the address, below).
          if (verdict.revoked)
            throw new ApiError("INVALID_API_KEY", verdict.reason, { "WWW-Authenticate": 'Bearer error="invalid_token"' });
          rejection = verdict.reason;
        } else degraded = true; // KV unavailable and the key unseen: served, counted as its address.
      }
      const reserve = (name: string, limit: number) =>
        counters.reserve({
          kv: env.KV,
          name: counterName(name, window.index),
          limit,
          windowEndMs: window.endMs,
          ttlSeconds: counterTtlSeconds(window, at),
          waitUntil: (promise) => ctx.waitUntil(promise),
        });
      // A caller counted by an IPv6 address also spends its /48's shared ceiling, checked first.
      // A rejected key is still charged to its address, so guessing keys costs the guesser's budget.
      // The headers tell whichever budget has less left.
      let limit = limits[tier];
      let byNetwork = false;
      let reservation: Reservation | undefined;
      if ((tier === "anonymous" || tier === "page") && address.network !== null) {
        const ceiling = tier === "page" ? limit * NETWORK_BUDGETS : networkLimit(env, limit);
        const shared = await reserve(`${tier === "page" ? "np" : "n"}:${address.network}`, ceiling);
        const own = shared.admitted ? await reserve(subject, limit) : undefined;
        if (own && limit - own.used <= ceiling - shared.used) reservation = own;
        else [limit, reservation, byNetwork] = [ceiling, shared, true];
      }
      reservation ??= await reserve(subject, limit);
      const headers = rateLimitHeaders({ tier, limit, used: reservation.used, window, degraded: degraded || reservation.degraded });
      if (!reservation.admitted) {
        const retryAfter = retryAfterSeconds(window, at);
        // A server started by `npm start` or `npm run serve` says how to lift the limit on this machine.
        const lift =
          env.LOCAL_SERVER === "1"
            ? `; this is a local server: restart it with ${byNetwork ? "RATE_LIMIT_IPV6_48" : TIER_VARIABLE[tier]}=<requests per hour> to lift the limit`
            : "";
        throw new ApiError(
          "RATE_LIMITED",
          byNetwork
            ? `rate limit exceeded: ${limit} requests per hour for all ${tier} callers of one IPv6 /48 network; retry after ${retryAfter} s${lift}`
            : `rate limit exceeded: ${limit} requests per hour for the ${tier} tier; retry after ${retryAfter} s${lift}`,
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
