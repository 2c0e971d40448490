// Assembled answers in caches.default, through the real runtime (wrangler pages dev): a repeated
// request (its query in any order) is answered from the cache with the same data and its own request
// id and timestamp, the rate limit is charged for it all the same, and errors are never cached.
import { describe, expect, it } from "vitest";
import { ErrorEnvelope, SkillListEnvelope } from "../../src/schemas/envelope.js";
import { call, untilHit } from "../support/http.js";

describe("the answer cache", () => {
  it("answers a repeated list request from the cache, charged to the rate limit", async () => {
    const first = await call("/skills?limit=7&page=2&order=asc&sort=name");
    expect(first.status).toBe(200);
    expect(first.headers.get("x-answer-cache")).toBe("miss");
    const again = await untilHit("/skills?sort=name&order=asc&page=2&limit=7");
    expect(again.status).toBe(200);
    expect(again.headers.get("x-answer-cache")).toBe("hit");
    const a = SkillListEnvelope.parse(first.body);
    const b = SkillListEnvelope.parse(again.body);
    expect(b.data).toEqual(a.data);
    expect(b.pagination).toEqual(a.pagination);
    expect(b.meta.requestId).not.toBe(a.meta.requestId);
    expect(b.meta.requestId).toBe(again.headers.get("x-request-id"));
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(Number(again.headers.get("x-ratelimit-remaining"))).toBeLessThan(Number(first.headers.get("x-ratelimit-remaining")));
  });

  it("keeps the headers a handler set (Content-Language) on a hit", async () => {
    await call("/categories?locale=ja");
    const hit = await untilHit("/categories?locale=ja");
    expect(hit.headers.get("x-answer-cache")).toBe("hit");
    expect(hit.headers.get("content-language")).toBe("ja");
  });

  it("never caches an error", async () => {
    for (let i = 0; i < 3; i++) {
      const answer = await call("/skills/nobody-here/no-such-repo");
      expect(answer.status).toBe(404);
      ErrorEnvelope.parse(answer.body);
      expect(answer.headers.get("x-answer-cache")).toBeNull();
    }
  });
});
