// The X-RateLimit-* headers every /api/v1 response carries, errors included.
import type { Tier } from "../../schemas/tier.js";
import type { RateWindow } from "./window.js";

export interface HeaderInput {
  tier: Tier;
  limit: number;
  used: number;
  window: RateWindow;
  degraded: boolean;
}

export function rateLimitHeaders({ tier, limit, used, window, degraded }: HeaderInput): Record<string, string> {
  const headers: Record<string, string> = {
    "X-RateLimit-Limit": String(limit),
    "X-RateLimit-Remaining": String(Math.max(0, limit - used)),
    "X-RateLimit-Reset": String(window.resetSeconds),
    "X-RateLimit-Tier": tier,
  };
  // Said only when KV failed: the count then covers this isolate alone (docs/RATE-LIMITS.md).
  if (degraded) headers["X-RateLimit-Status"] = "degraded";
  return headers;
}
