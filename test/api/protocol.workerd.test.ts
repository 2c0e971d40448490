// HTTP behaviour common to every endpoint, through the real runtime: ETag and 304, CORS, HEAD,
// methods, request ids, the OpenAPI document, and hostile paths that must stay 4xx JSON.
import { describe, expect, inject, it } from "vitest";
import { ErrorEnvelope } from "../../src/schemas/envelope.js";
import { call } from "../support/http.js";

describe("caching", () => {
  it("sends an ETag and answers a matching If-None-Match with 304 and no body", async () => {
    for (const path of ["/skills?limit=5", "/categories", "/categories/frontend"]) {
      const first = await call(path);
      const etag = first.headers.get("etag");
      expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
      expect(first.headers.get("cache-control")).toContain("max-age=");
      const again = await call(path, { headers: { "If-None-Match": etag! } });
      expect(again.status).toBe(304);
      expect(again.text).toBe("");
      expect(again.headers.get("etag")).toBe(etag);
      const other = await call(path, { headers: { "If-None-Match": '"0000"' } });
      expect(other.status).toBe(200);
    }
  });

  it("gives different pages different ETags", async () => {
    const a = await call("/skills?limit=5&page=1");
    const b = await call("/skills?limit=5&page=2");
    expect(a.headers.get("etag")).not.toBe(b.headers.get("etag"));
  });

  it("never lets errors be cached", async () => {
    expect((await call("/skills?limit=0")).headers.get("cache-control")).toBe("no-store");
  });
});

describe("CORS and methods", () => {
  it("answers a preflight with the allowed methods and headers", async () => {
    const a = await call("/skills", {
      method: "OPTIONS",
      headers: { Origin: "https://example.org", "Access-Control-Request-Method": "GET" },
    });
    expect(a.status).toBe(204);
    expect(a.headers.get("access-control-allow-origin")).toBe("*");
    expect(a.headers.get("access-control-allow-methods")).toContain("GET");
    expect(a.headers.get("access-control-allow-headers")).toContain("Authorization");
  });

  it("exposes the rate-limit and id headers to browsers", async () => {
    const a = await call("/skills?limit=1");
    expect(a.headers.get("access-control-expose-headers")).toContain("X-RateLimit-Remaining");
    expect(a.headers.get("x-ratelimit-limit")).toMatch(/^\d+$/);
  });

  it("answers HEAD with the headers of GET and no body", async () => {
    const a = await call("/skills?limit=2", { method: "HEAD" });
    expect(a.status).toBe(200);
    expect(a.text).toBe("");
    expect(a.headers.get("etag")).toBe((await call("/skills?limit=2")).headers.get("etag"));
  });

  it("refuses writes with 405 in the envelope", async () => {
    const a = await call("/skills", { method: "POST", body: "{}" });
    expect(a.status).toBe(405);
    expect(a.headers.get("allow")).toContain("GET");
    expect(ErrorEnvelope.parse(a.body).error.code).toBe("METHOD_NOT_ALLOWED");
  });

  it("gives every response a fresh request id, echoed in the body", async () => {
    const a = await call("/skills?limit=1");
    const b = await call("/skills?limit=1");
    expect(a.headers.get("x-request-id")).not.toBe(b.headers.get("x-request-id"));
    expect(a.body.meta.requestId).toBe(a.headers.get("x-request-id"));
    expect(Date.parse(a.body.meta.timestamp)).not.toBeNaN();
  });
});

describe("the OpenAPI document", () => {
  it("is served at /openapi.json and describes every endpoint", async () => {
    const a = await call("/openapi.json");
    expect(a.status).toBe(200);
    expect(a.body.openapi).toBe("3.1.0");
    expect(Object.keys(a.body.paths).sort()).toEqual(
      [
        "/categories",
        "/categories/{slug}",
        "/categories/{slug}/skills",
        "/events",
        "/index-status/{owner}/{repo}",
        "/index-status/{owner}/{repo}/refresh",
        "/skills",
        "/skills/autocomplete",
        "/skills/search",
        "/skills/{owner}/{repo}",
        "/skills/{owner}/{repo}/content",
        "/skills/{owner}/{repo}/files",
        "/skills/{owner}/{repo}/stats",
        "/status",
      ].sort(),
    );
  });
});

describe("hostile paths", () => {
  const origin = () => inject("api").replace(/\/api\/v1$/, "");
  const raw = async (path: string) => {
    // fetch() would normalise dot segments itself; send the path as written over a raw request line.
    const { request } = await import("node:http");
    const url = new URL(origin());
    return new Promise<{ status: number; type: string; body: string }>((ok, fail) => {
      const req = request({ host: url.hostname, port: url.port, path, method: "GET" }, (res) => {
        let body = "";
        res.on("data", (d) => (body += d));
        res.on("end", () => ok({ status: res.statusCode ?? 0, type: String(res.headers["content-type"]), body }));
      });
      req.on("error", fail);
      req.end();
    });
  };

  it.each([
    "/api/v1/skills/..%2F..%2F_data/manifest.json",
    "/api/v1/skills/%2e%2e/%2e%2e",
    "/api/v1/skills/%2e%2e/%2e%2e/_data/manifest.json",
    "/api/v1/%2e%2e/%2e%2e/_data/manifest.json",
    "/_data/manifest.json",
    "/api/v2/skills",
    "/api/v1/skills/a%2Fb/c",
    "/api/v1/skills/owner/repo/../../../_data/manifest.json",
    "/api/v1/skills/%E0%A4%A/x",
    encodeURI("/api/v1/skills/ünïcødé/репозиторий"),
    `/api/v1/skills/${"a".repeat(3000)}/b`,
    "/api/v1/skills/a/b/c/d/e",
    "/api/v1/categories/%00",
    "/api/v1/nothing",
    "/api/v1/",
    "/api/v1/skills/owner/repo/content?path=../../../etc/passwd",
    "/api/v1/skills/search/extra/parts",
  ])("%s answers 4xx JSON, never 500 and never a file", async (path) => {
    const a = await raw(path);
    expect(a.status).toBeGreaterThanOrEqual(400);
    expect(a.status).toBeLessThan(500);
    expect(a.type).toBe("application/json; charset=utf-8");
    const body = ErrorEnvelope.parse(JSON.parse(a.body));
    expect(["NOT_FOUND", "INVALID_PARAMS"]).toContain(body.error.code);
    expect(a.body).not.toContain('"format"');
  });
});
