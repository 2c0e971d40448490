// The function's request pipeline in-process, for what the rate limiter makes depend on the
// request's headers: an empty Authorization header (which Cloudflare passes on and local
// `wrangler pages dev` drops) is a 401 in the error envelope, and every answer names in Vary the
// headers that chose the caller's budget. No asset is read: each request ends before the store.
import { describe, expect, it } from "vitest";
import type { ApiEnv } from "../../../src/api/env.js";
import { handleRequest, type Services } from "../../../src/api/handle.js";
import { createRateLimiter } from "../../../src/api/rate-limit/index.js";
import type { AssetStore } from "../../../src/api/store.js";
import { ErrorEnvelope } from "../../../src/schemas/envelope.js";
import { memoryKV } from "../../support/memory-kv.js";

const unreachableStore: AssetStore = new Proxy({} as AssetStore, {
  get() {
    throw new Error("these requests end before any asset is read");
  },
});

function setup() {
  const services: Services = { store: unreachableStore, limiter: createRateLimiter({ log: () => {} }), memo: new Map() };
  const env = {
    ASSETS: { fetch: () => Promise.reject(new Error("unused")) },
    KV: memoryKV(),
    RATE_LIMIT_ANONYMOUS: "5",
  } satisfies ApiEnv;
  return async (path: string, headers: Record<string, string>) => {
    const res = await handleRequest(
      {
        request: new Request(`http://api.test/api/v1${path}`, { headers: { "CF-Connecting-IP": "198.51.100.90", ...headers } }),
        env,
        waitUntil: () => {},
      },
      services,
    );
    return { res, body: ErrorEnvelope.parse(await res.json()) };
  };
}

const VARY = ["Authorization", "X-Skills-Client", "Sec-Fetch-Site"];
const vary = (res: Response) => (res.headers.get("Vary") ?? "").split(",").map((v) => v.trim());

describe("an empty Authorization header", () => {
  it("is a 401 INVALID_API_KEY, charged to the address, never anonymous", async () => {
    const call = setup();
    for (const [i, authorization] of ["", "   ", "\t "].entries()) {
      const { res, body } = await call("/categories", { Authorization: authorization });
      expect(res.status, JSON.stringify(authorization)).toBe(401);
      expect(body.error.code).toBe("INVALID_API_KEY");
      expect(body.error.message).toMatch(/Authorization header: it is empty/);
      expect(res.headers.get("WWW-Authenticate")).toBe('Bearer error="invalid_token"');
      expect(res.headers.get("X-RateLimit-Tier")).toBe("anonymous");
      expect(res.headers.get("X-RateLimit-Remaining")).toBe(String(5 - i - 1));
      expect(res.headers.get("X-Request-Id")).toBe(body.meta.requestId);
    }
  });

  it("also from the page: a credential, even empty, is never the page's request", async () => {
    const { res } = await setup()("/categories", { Authorization: "", "X-Skills-Client": "page", "Sec-Fetch-Site": "same-origin" });
    expect(res.status).toBe(401);
    expect(res.headers.get("X-RateLimit-Tier")).toBe("anonymous");
  });
});

describe("Vary", () => {
  it("names every request header that picks the caller's budget, on errors and 429s too", async () => {
    const call = setup();
    const page = await call("/no-such-endpoint", { "X-Skills-Client": "page" });
    expect(page.res.status).toBe(404);
    expect(page.res.headers.get("X-RateLimit-Tier")).toBe("page");
    expect(vary(page.res)).toEqual(VARY);
    for (let i = 0; i < 5; i++) await call("/no-such-endpoint", {});
    const limited = await call("/no-such-endpoint", {});
    expect(limited.res.status).toBe(429);
    expect(vary(limited.res)).toEqual(VARY);
  });
});
