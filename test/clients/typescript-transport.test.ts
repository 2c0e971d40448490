// The TypeScript client's transport over real loopback HTTP with scripted answers: which failures
// are retried and how long it waits, Retry-After, timeouts, AbortSignal, and malformed answers.
import { afterEach, describe, expect, it } from "vitest";
import { SkillsDirectory, type SkillsDirectoryError } from "../../clients/typescript/src/index.js";
import { envelope, page, type ScriptedServer, scriptedServer } from "./support/scripted-server.js";

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const rateHeaders = { "X-RateLimit-Limit": "100", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1900000000" };
const fail = (p: Promise<unknown>) =>
  p.then(
    () => Promise.reject(new Error("expected a failure")),
    (e: unknown) => e as SkillsDirectoryError,
  );

describe("retries", () => {
  it("retries a 5xx, then answers", async () => {
    server = await scriptedServer([
      { status: 503, body: envelope("SERVER_ERROR") },
      { status: 500, body: envelope("SERVER_ERROR") },
      { status: 200, body: page([]) },
    ]);
    const sd = new SkillsDirectory({ baseUrl: server.url, maxRetries: 2, maxRetryDelayMs: 50 });
    const result = await sd.listSkills();
    expect(result.data).toEqual([]);
    expect(server.requests.length).toBe(3);
    expect(result.requestId).toBe("req-3");
  });

  it("gives up after maxRetries with the last error", async () => {
    server = await scriptedServer([{ status: 502, body: envelope("SERVER_ERROR", "bad gateway") }]);
    const e = await fail(new SkillsDirectory({ baseUrl: server.url, maxRetries: 1, maxRetryDelayMs: 20 }).listSkills());
    expect(server.requests.length).toBe(2);
    expect([e.code, e.status, e.message, e.requestId]).toEqual(["SERVER_ERROR", 502, "bad gateway", "req-2"]);
  });

  it("does not retry a 4xx other than 429", async () => {
    server = await scriptedServer([{ status: 404, body: envelope("NOT_FOUND") }]);
    const e = await fail(new SkillsDirectory({ baseUrl: server.url, maxRetries: 3 }).getSkill("a", "b"));
    expect(e.code).toBe("NOT_FOUND");
    expect(server.requests.length).toBe(1);
  });

  it("honours Retry-After on a 429", async () => {
    server = await scriptedServer([
      { status: 429, headers: { ...rateHeaders, "Retry-After": "1" }, body: envelope("RATE_LIMITED") },
      { status: 200, body: page([]) },
    ]);
    const started = Date.now();
    await new SkillsDirectory({ baseUrl: server.url, maxRetries: 1 }).listSkills();
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(server.requests.length).toBe(2);
  });

  it("does not wait out a Retry-After longer than maxRetryDelayMs: the 429 comes back with retryAfter and the rate limit", async () => {
    server = await scriptedServer([{ status: 429, headers: { ...rateHeaders, "Retry-After": "1800" }, body: envelope("RATE_LIMITED") }]);
    const e = await fail(new SkillsDirectory({ baseUrl: server.url, maxRetries: 3 }).listSkills());
    expect(server.requests.length).toBe(1);
    expect([e.code, e.status, e.retryAfter]).toEqual(["RATE_LIMITED", 429, 1800]);
    expect(e.rateLimit).toEqual({ limit: 100, remaining: 0, reset: 1900000000 });
  });

  it("makes one attempt when maxRetries is 0", async () => {
    server = await scriptedServer([{ status: 503, body: envelope("SERVER_ERROR") }]);
    await fail(new SkillsDirectory({ baseUrl: server.url, maxRetries: 0 }).listSkills());
    expect(server.requests.length).toBe(1);
  });
});

describe("timeouts and cancellation", () => {
  it("times out an attempt that takes too long, and retries it", async () => {
    server = await scriptedServer([
      { status: 200, body: page([]), delayMs: 20_000 },
      { status: 200, body: page([]) },
    ]);
    // A second of allowance: the prompt answer must fit in it even on a loaded machine.
    const result = await new SkillsDirectory({ baseUrl: server.url, timeoutMs: 1000, maxRetries: 1, maxRetryDelayMs: 10 }).listSkills();
    expect(result.requestId).toBe("req-2");
  });

  it("reports TIMEOUT when no attempt answers in time", async () => {
    server = await scriptedServer([{ status: 200, body: page([]), delayMs: 2000 }]);
    const e = await fail(new SkillsDirectory({ baseUrl: server.url, timeoutMs: 100, maxRetries: 0 }).listSkills());
    expect([e.code, e.status]).toEqual(["TIMEOUT", 0]);
  });

  it("stops at once when the caller's signal aborts, without retrying", async () => {
    server = await scriptedServer([{ status: 200, body: page([]), delayMs: 2000 }]);
    const controller = new AbortController();
    // Abort once the server holds the request (not after a fixed 50 ms, which a loaded machine can
    // spend before the request even arrives).
    const arrived = async () => {
      while (server!.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
      controller.abort();
    };
    void arrived();
    const e = await fail(new SkillsDirectory({ baseUrl: server.url, maxRetries: 3 }).listSkills({}, { signal: controller.signal }));
    expect(e.code).toBe("ABORTED");
    expect(server.requests.length).toBe(1);
  });

  it("reports NETWORK_ERROR when nothing listens", async () => {
    server = await scriptedServer([{ status: 200, body: page([]) }]);
    const url = server.url;
    await server.close();
    server = undefined;
    const e = await fail(new SkillsDirectory({ baseUrl: url, maxRetries: 0 }).listSkills());
    expect([e.code, e.status]).toEqual(["NETWORK_ERROR", 0]);
  });
});

describe("answers that are not the API's", () => {
  it("an error status without the envelope is INVALID_RESPONSE with its status", async () => {
    server = await scriptedServer([{ status: 418, headers: { "Content-Type": "text/html" } }]);
    const e = await fail(new SkillsDirectory({ baseUrl: server.url }).listSkills());
    expect([e.code, e.status]).toEqual(["INVALID_RESPONSE", 418]);
  });

  it("a 200 whose body is not JSON is INVALID_RESPONSE", async () => {
    server = await scriptedServer([{ status: 200, headers: { "Content-Type": "text/html" } }]);
    const e = await fail(new SkillsDirectory({ baseUrl: server.url }).listSkills());
    expect(e.code).toBe("INVALID_RESPONSE");
  });
});

describe("requests", () => {
  it("percent-encodes path segments and sends only the parameters given", async () => {
    server = await scriptedServer([{ status: 200, body: { data: {}, meta: { requestId: "x" } } }]);
    const sd = new SkillsDirectory({ baseUrl: `${server.url}/`, apiKey: "sk_test" });
    await sd.getSkillContent("a/b", "c?d", { path: "x y/SKILL.md" });
    await sd.search("react hooks", { hasIndex: true, minStars: 0, page: undefined });
    expect(server.requests.map((r) => r.url)).toEqual([
      "/api/v1/skills/a%2Fb/c%3Fd/content?path=x+y%2FSKILL.md",
      "/api/v1/skills/search?hasIndex=true&minStars=0&q=react+hooks",
    ]);
    expect(server.requests[0]!.headers.authorization).toBe("Bearer sk_test");
  });
});

describe("the changes feed (to the shape of GET /events)", () => {
  const event = (id: string) => ({ id, type: "skill.updated", occurredAt: "2026-11-20T06:00:00Z", skill: {} });
  const feed = (ids: string[], next: string | null) => ({ data: ids.map(event), meta: { next, requestId: "x" } });

  it("events() sends since, limit and type, and iterateEvents follows meta.next until it is null", async () => {
    server = await scriptedServer([
      { status: 200, body: feed(["e1", "e2"], "e2") },
      { status: 200, body: feed(["e3"], "e3") },
      { status: 200, body: feed([], null) },
    ]);
    const sd = new SkillsDirectory({ baseUrl: server.url });
    const ids: string[] = [];
    for await (const e of sd.iterateEvents({ since: "e0", type: "skill.updated", limit: 2 })) ids.push(e.id);
    expect(ids).toEqual(["e1", "e2", "e3"]);
    expect(server.requests.map((r) => r.url)).toEqual([
      "/api/v1/events?since=e0&type=skill.updated&limit=2",
      "/api/v1/events?since=e2&type=skill.updated&limit=2",
      "/api/v1/events?since=e3&type=skill.updated&limit=2",
    ]);
  });

  it("an unknown or pruned since is the API's 400, passed on", async () => {
    server = await scriptedServer([{ status: 400, body: envelope("INVALID_PARAMS", "`since` is not a retained event id") }]);
    const e = await fail(new SkillsDirectory({ baseUrl: server.url }).events({ since: "gone" }));
    expect([e.code, e.status]).toEqual(["INVALID_PARAMS", 400]);
  });
});
