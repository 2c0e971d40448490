// The limiter as the function calls it: tiers, headers, 401 and 429 envelopes, the test clock, with an in-memory KV.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiContext, ApiEnv } from "../../../src/api/env.js";
import { generateKey } from "../../../src/api/keys/format.js";
import { sha256Hex } from "../../../src/api/keys/hash.js";
import { keyRecordName } from "../../../src/api/keys/record.js";
import { createRateLimiter } from "../../../src/api/rate-limit/index.js";
import { tierLimits } from "../../../src/api/rate-limit/tiers.js";
import { ApiError } from "../../../src/contract/errors.js";
import { type MemoryKV, memoryKV } from "../../support/memory-kv.js";

// The limiter as the function calls it, over an in-memory KV; the same flows run through
// `wrangler pages dev` in limits.workerd.test.ts.
const HOUR = 3_600_000;
const T0 = 493_000 * HOUR + 600_000; // ten minutes into a window

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(vars: Partial<ApiEnv> = {}, kv: MemoryKV | undefined = memoryKV()) {
  const limiter = createRateLimiter({ log: () => {} });
  const env = {
    ASSETS: { fetch: () => Promise.reject(new Error("unused")) },
    KV: kv,
    RATE_LIMIT_ANONYMOUS: "3",
    RATE_LIMIT_AUTHENTICATED: "5",
    RATE_LIMIT_PREMIUM: "7",
    ...vars,
  } satisfies ApiEnv;
  const background: Promise<unknown>[] = [];
  const call = (headers: Record<string, string> = {}) => {
    const ctx: ApiContext = {
      request: new Request("http://x/api/v1/categories", { headers }),
      env,
      waitUntil: (p) => void background.push(p),
    };
    return limiter.check(ctx).then(
      (h) => ({ status: 200, headers: h, message: "" }),
      (e: unknown) => {
        if (!(e instanceof ApiError)) throw e;
        return { status: e.status, headers: e.headers, message: e.message };
      },
    );
  };
  const addKey = async (tier: "authenticated" | "premium", revokedAt?: string) => {
    const { id, key } = generateKey();
    await kv?.put(
      keyRecordName(id),
      JSON.stringify({
        id,
        tier,
        label: "t",
        createdAt: new Date(0).toISOString(),
        hash: await sha256Hex(key),
        ...(revokedAt ? { revokedAt } : {}),
      }),
    );
    return key;
  };
  return { call, addKey, kv, settle: () => Promise.all(background) };
}

const ip = (addr: string) => ({ "CF-Connecting-IP": addr });

describe("rate limiter", () => {
  it("gives an anonymous caller exactly its budget, then 429 with Retry-After", async () => {
    const { call } = setup();
    const reset = String((493_001 * HOUR) / 1000);
    const seen = [];
    for (let i = 0; i < 4; i++) seen.push(await call(ip("198.51.100.1")));
    expect(seen.map((r) => [r.status, r.headers["X-RateLimit-Remaining"]])).toEqual([
      [200, "2"],
      [200, "1"],
      [200, "0"],
      [429, "0"],
    ]);
    for (const r of seen) {
      expect(r.headers["X-RateLimit-Limit"]).toBe("3");
      expect(r.headers["X-RateLimit-Reset"]).toBe(reset);
      expect(r.headers["X-RateLimit-Tier"]).toBe("anonymous");
      expect(r.headers["X-RateLimit-Status"]).toBeUndefined();
    }
    expect(seen[3]!.headers["Retry-After"]).toBe(String(50 * 60));
    expect(seen[3]!.message).toMatch(/3 requests per hour/);
  });

  it("restores the budget when the window ends", async () => {
    const { call } = setup();
    for (let i = 0; i < 3; i++) await call(ip("198.51.100.2"));
    expect((await call(ip("198.51.100.2"))).status).toBe(429);
    await vi.advanceTimersByTimeAsync(50 * 60_000 - 1000);
    expect((await call(ip("198.51.100.2"))).headers["Retry-After"]).toBe("1");
    await vi.advanceTimersByTimeAsync(1000);
    const fresh = await call(ip("198.51.100.2"));
    expect([fresh.status, fresh.headers["X-RateLimit-Remaining"], fresh.headers["X-RateLimit-Reset"]]).toEqual([
      200,
      "2",
      String((493_002 * HOUR) / 1000),
    ]);
  });

  it("across the top of the hour: one budget per clock hour, so never more than two in any sixty minutes", async () => {
    const { call } = setup();
    const caller = ip("198.51.100.30");
    const burst = async () => {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await call(caller));
      return answers.map((a) => [a.status, a.headers["X-RateLimit-Remaining"], a.headers["X-RateLimit-Reset"]]);
    };
    // The last second of one window, then the first of the next: each admits its budget and no more.
    await vi.advanceTimersByTimeAsync(50 * 60_000 - 1000);
    const end = String((493_001 * HOUR) / 1000);
    expect(await burst()).toEqual([
      [200, "2", end],
      [200, "1", end],
      [200, "0", end],
      [429, "0", end],
    ]);
    await vi.advanceTimersByTimeAsync(1000);
    const next = String((493_002 * HOUR) / 1000);
    expect(await burst()).toEqual([
      [200, "2", next],
      [200, "1", next],
      [200, "0", next],
      [429, "0", next],
    ]);
    // The rest of that hour admits nothing more: the second budget was the hour's one budget.
    await vi.advanceTimersByTimeAsync(59 * 60_000);
    expect((await call(caller)).status).toBe(429);
  });

  it("honours X-Test-Now only when ALLOW_TEST_CLOCK is 1", async () => {
    const later = String(T0 + HOUR);
    const off = await setup().call({ ...ip("198.51.100.3"), "X-Test-Now": later });
    expect(off.headers["X-RateLimit-Reset"]).toBe(String((493_001 * HOUR) / 1000));
    const on = await setup({ ALLOW_TEST_CLOCK: "1" }).call({ ...ip("198.51.100.3"), "X-Test-Now": later });
    expect(on.headers["X-RateLimit-Reset"]).toBe(String((493_002 * HOUR) / 1000));
  });

  it("gives keys their tier's budget, separate from each other and from the address", async () => {
    const { call, addKey } = setup();
    const auth = await addKey("authenticated");
    const premium = await addKey("premium");
    const a = await call({ ...ip("198.51.100.4"), Authorization: `Bearer ${auth}` });
    const p = await call({ ...ip("198.51.100.4"), Authorization: `Bearer ${premium}` });
    const anon = await call(ip("198.51.100.4"));
    expect([a.headers["X-RateLimit-Tier"], a.headers["X-RateLimit-Limit"], a.headers["X-RateLimit-Remaining"]]).toEqual([
      "authenticated",
      "5",
      "4",
    ]);
    expect([p.headers["X-RateLimit-Tier"], p.headers["X-RateLimit-Limit"], p.headers["X-RateLimit-Remaining"]]).toEqual([
      "premium",
      "7",
      "6",
    ]);
    expect([anon.headers["X-RateLimit-Tier"], anon.headers["X-RateLimit-Remaining"]]).toEqual(["anonymous", "2"]);
    // The same key from another address shares its budget.
    expect((await call({ ...ip("192.0.2.9"), Authorization: `Bearer ${auth}` })).headers["X-RateLimit-Remaining"]).toBe("3");
  });

  it("answers 401 to malformed and unknown keys, charging the address, and 401 to a revoked key, whatever the address spent", async () => {
    const { call, addKey } = setup({ RATE_LIMIT_ANONYMOUS: "4" });
    const revoked = await addKey("premium", new Date(0).toISOString());
    const cases = ["Basic dXNlcjpwYXNz", "Bearer not-a-key", `Bearer ${generateKey().key}`, "Bearer nope"];
    const seen = [];
    for (const authorization of cases) seen.push(await call({ ...ip("198.51.100.5"), Authorization: authorization }));
    expect(seen.map((r) => r.status)).toEqual([401, 401, 401, 401]);
    expect(seen.map((r) => r.headers["X-RateLimit-Remaining"])).toEqual(["3", "2", "1", "0"]);
    expect(
      seen.every((r) => r.headers["X-RateLimit-Tier"] === "anonymous" && r.headers["WWW-Authenticate"] === 'Bearer error="invalid_token"'),
    ).toBe(true);
    // Once the address's budget is spent, a bad key gets 429 like any other request...
    expect((await call({ ...ip("198.51.100.5"), Authorization: "Bearer nope" })).status).toBe(429);
    // ...but a revoked key, presented with its right secret, is told it was revoked (not served as anonymous).
    const refused = await call({ ...ip("198.51.100.5"), Authorization: `Bearer ${revoked}` });
    expect([refused.status, refused.headers["WWW-Authenticate"]]).toEqual([401, 'Bearer error="invalid_token"']);
    expect(refused.message).toMatch(/^API key [0-9a-f]{16} was revoked on 1970-01-01T00:00:00.000Z$/);
  });

  it("serves, limits in memory and says degraded when KV fails", async () => {
    const kv = memoryKV();
    const { call, addKey, settle } = setup({}, kv);
    const key = await addKey("premium");
    const warm = await call({ ...ip("198.51.100.6"), Authorization: `Bearer ${key}` });
    expect(warm.headers["X-RateLimit-Status"]).toBeUndefined();
    await vi.runAllTimersAsync();
    await settle();
    kv.failing = true;
    const keyed = await call({ ...ip("198.51.100.6"), Authorization: `Bearer ${key}` });
    expect([keyed.status, keyed.headers["X-RateLimit-Tier"], keyed.headers["X-RateLimit-Status"]]).toEqual([200, "premium", "degraded"]);
    const unseenKey = await call({ ...ip("198.51.100.7"), Authorization: `Bearer ${generateKey().key}` });
    expect([unseenKey.status, unseenKey.headers["X-RateLimit-Tier"], unseenKey.headers["X-RateLimit-Status"]]).toEqual([
      200,
      "anonymous",
      "degraded",
    ]);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await call(ip("198.51.100.7"))).status);
    expect(statuses).toEqual([200, 200, 429]);
    await vi.runAllTimersAsync();
    await settle();
  });

  it("holds all anonymous callers of one IPv6 /48 to a shared ceiling", async () => {
    const { call, settle } = setup({ RATE_LIMIT_IPV6_48: "5" });
    const seen = [];
    // Six /64s of one /48, one request each: the sixth finds the /48's five spent.
    for (let i = 1; i <= 6; i++) seen.push(await call(ip(`2001:db8:7:${i}::1`)));
    expect(seen.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(seen[5]!.message).toMatch(/5 requests per hour for all anonymous callers of one IPv6 \/48/);
    expect(seen[5]!.headers["X-RateLimit-Limit"]).toBe("5");
    // The headers tell the tighter budget: the /64's own 3 until the /48 has less left.
    expect(seen.map((r) => r.headers["X-RateLimit-Remaining"])).toEqual(["2", "2", "2", "1", "0", "0"]);
    expect((await call(ip("2001:db8:8:1::1"))).status).toBe(200);
    expect((await call(ip("198.51.100.9"))).status).toBe(200);
    await vi.runAllTimersAsync();
    await settle();
  });

  it("keeps a valid key's last good record when someone presents its id with a wrong secret", async () => {
    const kv = memoryKV();
    const { call, addKey, settle } = setup({}, kv);
    const key = await addKey("premium");
    expect((await call({ ...ip("198.51.100.10"), Authorization: `Bearer ${key}` })).headers["X-RateLimit-Tier"]).toBe("premium");
    const forged = `${key.slice(0, key.lastIndexOf("_") + 1)}${"A".repeat(43)}`;
    expect((await call({ ...ip("198.51.100.11"), Authorization: `Bearer ${forged}` })).status).toBe(401);
    await vi.runAllTimersAsync();
    await settle();
    kv.failing = true;
    const during = await call({ ...ip("198.51.100.10"), Authorization: `Bearer ${key}` });
    expect([during.status, during.headers["X-RateLimit-Tier"], during.headers["X-RateLimit-Status"]]).toEqual([200, "premium", "degraded"]);
    // The forged key stays refused during the outage.
    expect((await call({ ...ip("198.51.100.11"), Authorization: `Bearer ${forged}` })).status).toBe(401);
    await vi.runAllTimersAsync();
    await settle();
  });

  it("answers an empty Authorization header with 401", async () => {
    const { call } = setup();
    for (const [i, authorization] of ["", " ", "Bearer", "Bearer "].entries()) {
      expect((await call({ ...ip(`198.51.100.${20 + i}`), Authorization: authorization })).status, JSON.stringify(authorization)).toBe(401);
    }
  });

  it("is off when RATE_LIMIT_DISABLED is 1", async () => {
    const { call } = setup({ RATE_LIMIT_DISABLED: "1", RATE_LIMIT_ANONYMOUS: "1" });
    for (let i = 0; i < 3; i++) expect(await call(ip("198.51.100.8"))).toEqual({ status: 200, headers: {}, message: "" });
  });
});

describe("tier limits", () => {
  const env = (vars: Partial<ApiEnv>): ApiEnv => ({ ASSETS: { fetch: () => Promise.reject(new Error("unused")) }, ...vars });
  it("defaults to the contract's budgets", () => {
    expect(tierLimits(env({}))).toEqual({ anonymous: 100, page: 600, authenticated: 1000, premium: 10000 });
  });
  it("takes overrides from vars and refuses malformed ones", () => {
    expect(tierLimits(env({ RATE_LIMIT_PREMIUM: " 20 " }))).toEqual({ anonymous: 100, page: 600, authenticated: 1000, premium: 20 });
    for (const bad of ["0", "-1", "1.5", "ten", "1e3"])
      expect(() => tierLimits(env({ RATE_LIMIT_ANONYMOUS: bad }))).toThrow(/RATE_LIMIT_ANONYMOUS/);
  });
});
