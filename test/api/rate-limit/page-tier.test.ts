// The page tier of the limiter (docs/PAGE.md): requests marked as the page's own are counted
// apart, per address, under their own hourly budget; a key, another site's page or a missing
// header never gets it; an IPv6 /48 shares one ceiling of page budgets.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiContext, ApiEnv } from "../../../src/api/env.js";
import { createRateLimiter } from "../../../src/api/rate-limit/index.js";
import { tierLimits } from "../../../src/api/rate-limit/tiers.js";
import { ApiError } from "../../../src/contract/errors.js";
import { PAGE_BUDGET_PER_HOUR, PAGE_CLIENT_HEADER, PAGE_CLIENT_VALUE } from "../../../src/contract/page-client.js";
import { memoryKV } from "../../support/memory-kv.js";

const HOUR = 3_600_000;
const T0 = 493_000 * HOUR + 600_000;

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(vars: Partial<ApiEnv> = {}) {
  const limiter = createRateLimiter({ log: () => {} });
  const env = {
    ASSETS: { fetch: () => Promise.reject(new Error("unused")) },
    KV: memoryKV(),
    RATE_LIMIT_ANONYMOUS: "2",
    RATE_LIMIT_PAGE: "3",
    ...vars,
  } satisfies ApiEnv;
  return (headers: Record<string, string>) => {
    const ctx: ApiContext = { request: new Request("http://x/api/v1/categories", { headers }), env, waitUntil: () => {} };
    return limiter.check(ctx).then(
      (h) => ({ status: 200, tier: h["X-RateLimit-Tier"], remaining: h["X-RateLimit-Remaining"] }),
      (e: unknown) => {
        if (!(e instanceof ApiError)) throw e;
        return { status: e.status, tier: e.headers["X-RateLimit-Tier"], remaining: e.headers["X-RateLimit-Remaining"] };
      },
    );
  };
}

const page = (address: string, extra: Record<string, string> = {}) => ({
  "CF-Connecting-IP": address,
  [PAGE_CLIENT_HEADER]: PAGE_CLIENT_VALUE,
  ...extra,
});

describe("the page tier", () => {
  it("defaults to the documented budget, and RATE_LIMIT_PAGE overrides it", () => {
    const base = { ASSETS: { fetch: () => Promise.reject(new Error("unused")) } };
    expect(tierLimits(base).page).toBe(PAGE_BUDGET_PER_HOUR);
    expect(tierLimits({ ...base, RATE_LIMIT_PAGE: "50" }).page).toBe(50);
  });

  it("counts the page's requests apart from the same address's anonymous ones", async () => {
    const call = setup();
    const anonymous = [];
    for (let i = 0; i < 3; i++) anonymous.push(await call({ "CF-Connecting-IP": "198.51.100.7" }));
    expect(anonymous.map((r) => [r.status, r.tier])).toEqual([
      [200, "anonymous"],
      [200, "anonymous"],
      [429, "anonymous"],
    ]);
    const pages = [];
    for (let i = 0; i < 4; i++) pages.push(await call(page("198.51.100.7", { "Sec-Fetch-Site": "same-origin" })));
    expect(pages.map((r) => [r.status, r.tier, r.remaining])).toEqual([
      [200, "page", "2"],
      [200, "page", "1"],
      [200, "page", "0"],
      [429, "page", "0"],
    ]);
    // Another address has its own page budget.
    expect(await call(page("198.51.100.8"))).toEqual({ status: 200, tier: "page", remaining: "2" });
  });

  it("is never granted to a keyed request, another site's page, or another header value", async () => {
    const call = setup();
    expect((await call(page("198.51.100.9", { "Sec-Fetch-Site": "cross-site" }))).tier).toBe("anonymous");
    expect((await call(page("198.51.100.9", { "Sec-Fetch-Site": "same-site" }))).tier).toBe("anonymous");
    expect((await call({ "CF-Connecting-IP": "198.51.100.9", [PAGE_CLIENT_HEADER]: "script" })).status).toBe(429);
    // A key is checked as a key (this one is malformed): never the page's budget.
    expect((await call(page("198.51.100.10", { Authorization: "Bearer nope" }))).status).toBe(401);
  });

  it("shares one ceiling of page budgets across an IPv6 /48", async () => {
    const call = setup({ RATE_LIMIT_PAGE: "1" });
    const seen = [];
    // Sixteen /64s of one /48 each get their one request; the seventeenth /64 finds the ceiling spent.
    for (let i = 0; i < 17; i++) seen.push((await call(page(`2001:db8:1:${i.toString(16)}::1`))).status);
    expect(seen.filter((s) => s === 200)).toHaveLength(16);
    expect(seen[16]).toBe(429);
  });
});
