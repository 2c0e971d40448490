// Rate limits and API keys through the real runtime: `wrangler pages dev` (workerd, local KV) with
// low limits and the test clock, keys made by the keys script in the server's own state folder.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { z } from "zod";
import { KeyInfo } from "../../../src/api/keys/record.js";
import { CounterValue } from "../../../src/api/rate-limit/counters.js";
import { type PagesDev, startPagesDev } from "../../../src/node/pages-dev.js";
import { PROJECT_ROOT } from "../../../src/node/project-root.js";
import { CategoryListEnvelope, ErrorEnvelope } from "../../../src/schemas/envelope.js";

const LIMITS = { anonymous: 5, authenticated: 8, premium: 400 };
const HOUR = 3_600_000;
/** Each test counts in a window of its own (Unix ms on the test clock), so tests never share a budget. */
const windowStart = (n: number) => (490_000 + n) * HOUR;

let server: PagesDev;
let persistTo: string;
let authKey: string;
let premiumKey: string;

const exec = (file: string, args: string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      file,
      args,
      { cwd: PROJECT_ROOT, env: { ...process.env, WRANGLER_SEND_METRICS: "false", NO_COLOR: "1" } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });

const keys = (...args: string[]) =>
  exec(join(PROJECT_ROOT, "node_modules", ".bin", "tsx"), ["scripts/keys.ts", ...args, "--persist-to", persistTo]);

async function createKey(tier: string, label: string): Promise<string> {
  const out = await keys("create", "--tier", tier, "--label", label);
  expect(out.code, out.stderr).toBe(0);
  const lines = out.stdout.trim().split("\n");
  return lines[lines.length - 1]!;
}

const keyId = (key: string) => key.split("_")[1]!;

async function readCounter(name: string): Promise<CounterValue> {
  const wrangler = join(PROJECT_ROOT, "node_modules", ".bin", "wrangler");
  const out = await exec(wrangler, ["kv", "key", "get", name, "--binding", "KV", "--local", "--persist-to", persistTo, "--text"]);
  expect(out.code, out.stderr).toBe(0);
  return CounterValue.parse(JSON.parse(out.stdout));
}

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

async function request(at: number, headers: Record<string, string>, path = "/categories"): Promise<Answer> {
  const res = await fetch(`${server.api}${path}`, { headers: { "X-Test-Now": String(at), ...headers } });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

const from = (address: string, extra: Record<string, string> = {}) => ({ "CF-Connecting-IP": address, ...extra });
const bearer = (key: string, address = "192.0.2.1") => from(address, { Authorization: `Bearer ${key}` });

function expectLimitHeaders(answer: Answer, tier: keyof typeof LIMITS, remaining: number, windowEndMs: number) {
  expect({
    tier: answer.headers.get("X-RateLimit-Tier"),
    limit: answer.headers.get("X-RateLimit-Limit"),
    remaining: answer.headers.get("X-RateLimit-Remaining"),
    reset: answer.headers.get("X-RateLimit-Reset"),
  }).toEqual({ tier, limit: String(LIMITS[tier]), remaining: String(remaining), reset: String(windowEndMs / 1000) });
}

function expectError(answer: Answer, status: number, code: string) {
  expect(answer.status).toBe(status);
  const body = ErrorEnvelope.parse(answer.body);
  expect(body.error.code).toBe(code);
  expect(answer.headers.get("X-Request-Id")).toBe(body.meta.requestId);
  return body;
}

beforeAll(async () => {
  persistTo = mkdtempSync(join(tmpdir(), "skills-api-limits-"));
  const vars = {
    RATE_LIMIT_ANONYMOUS: String(LIMITS.anonymous),
    RATE_LIMIT_AUTHENTICATED: String(LIMITS.authenticated),
    RATE_LIMIT_PREMIUM: String(LIMITS.premium),
    ALLOW_TEST_CLOCK: "1",
  };
  // The keys first (one wrangler process at a time), then the server: workerd opening the state's SQLite
  // while a keys script writes to it can fail to start ("database is locked"), which a CI run met.
  authKey = await createKey("authenticated", "limits test: authenticated");
  premiumKey = await createKey("premium", "limits test: premium");
  server = await startPagesDev({ siteDir: inject("siteDir"), persistTo, vars });
});

afterAll(async () => {
  await server?.stop();
  rmSync(persistTo, { recursive: true, force: true });
});

describe("rate limits through wrangler pages dev", () => {
  it("gives an anonymous caller exactly its budget, then 429 with Retry-After; the next window restores it", async () => {
    const start = windowStart(1);
    const at = start + 10 * 60_000 + 500;
    for (let i = 1; i <= LIMITS.anonymous; i++) {
      const ok = await request(at, from("198.51.100.10"));
      expect(ok.status).toBe(200);
      CategoryListEnvelope.parse(ok.body);
      expectLimitHeaders(ok, "anonymous", LIMITS.anonymous - i, start + HOUR);
      expect(ok.headers.get("Retry-After")).toBeNull();
    }
    const limited = await request(at, from("198.51.100.10"));
    const body = expectError(limited, 429, "RATE_LIMITED");
    expect(body.error.message).toMatch(/5 requests per hour/);
    expectLimitHeaders(limited, "anonymous", 0, start + HOUR);
    expect(limited.headers.get("Retry-After")).toBe(String(50 * 60));
    // One second before the window ends: still limited; at its end: a fresh budget.
    expect((await request(start + HOUR - 1000, from("198.51.100.10"))).headers.get("Retry-After")).toBe("1");
    const next = await request(start + HOUR, from("198.51.100.10"));
    expect(next.status).toBe(200);
    expectLimitHeaders(next, "anonymous", LIMITS.anonymous - 1, start + 2 * HOUR);
  });

  it("puts the headers on every response, errors included, with Vary naming what chose the budget", async () => {
    const start = windowStart(2);
    const ok = await request(start, from("198.51.100.12"));
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Vary")).toBe("Authorization, X-Skills-Client, Sec-Fetch-Site");
    const notFound = await request(start, from("198.51.100.11"), "/no-such-endpoint");
    expectError(notFound, 404, "NOT_FOUND");
    expectLimitHeaders(notFound, "anonymous", LIMITS.anonymous - 1, start + HOUR);
    const badParams = await request(start, from("198.51.100.11"), "/skills?limit=1000");
    expectError(badParams, 400, "INVALID_PARAMS");
    expectLimitHeaders(badParams, "anonymous", LIMITS.anonymous - 2, start + HOUR);
  });

  it("gives each key its tier's budget, apart from other keys and from addresses", async () => {
    const start = windowStart(3);
    for (let i = 1; i <= LIMITS.authenticated; i++) {
      // The same key from changing addresses still spends one budget.
      const ok = await request(start, bearer(authKey, `198.51.100.${20 + i}`));
      expect(ok.status).toBe(200);
      expectLimitHeaders(ok, "authenticated", LIMITS.authenticated - i, start + HOUR);
    }
    expectError(await request(start, bearer(authKey, "198.51.100.21")), 429, "RATE_LIMITED");
    const premium = await request(start, bearer(premiumKey, "198.51.100.21"));
    expect(premium.status).toBe(200);
    expectLimitHeaders(premium, "premium", LIMITS.premium - 1, start + HOUR);
    const anonymous = await request(start, from("198.51.100.21"));
    expect(anonymous.status).toBe(200);
    expectLimitHeaders(anonymous, "anonymous", LIMITS.anonymous - 1, start + HOUR);
  });

  it("keeps two addresses apart and counts an IPv6 /64 as one caller", async () => {
    const start = windowStart(4);
    const sameNetwork = [
      "2001:db8:aa:1::1",
      "2001:db8:aa:1::2",
      "2001:db8:aa:1:ffff:ffff:ffff:ffff",
      "2001:DB8:AA:1:0:0:0:3",
      "2001:db8:aa:1:1234::",
    ];
    for (const [i, address] of sameNetwork.entries()) {
      const ok = await request(start, from(address));
      expect(ok.status).toBe(200);
      expectLimitHeaders(ok, "anonymous", LIMITS.anonymous - i - 1, start + HOUR);
    }
    expectError(await request(start, from("2001:db8:aa:1:9::9")), 429, "RATE_LIMITED");
    expectLimitHeaders(await request(start, from("2001:db8:aa:2::1")), "anonymous", LIMITS.anonymous - 1, start + HOUR);
    expectLimitHeaders(await request(start, from("203.0.113.50")), "anonymous", LIMITS.anonymous - 1, start + HOUR);
    expectLimitHeaders(await request(start, from("203.0.113.51")), "anonymous", LIMITS.anonymous - 1, start + HOUR);
  });

  it("answers 401 INVALID_API_KEY to malformed and unknown keys, never serving them as anonymous", async () => {
    const start = windowStart(5);
    const unknown = `skd_0123456789abcdef_${"A".repeat(43)}`;
    const cases = [
      ["Bearer not-a-key", /malformed/],
      [`Bearer ${unknown}`, /unknown/],
      ["Basic dXNlcjpwYXNz", /Bearer/],
      // An empty token: the header arrives as "Bearer" once trailing whitespace is trimmed. (A wholly
      // empty header never reaches the function under wrangler, which drops it; handler-headers.test.ts
      // sends it in-process, as Cloudflare passes it on.)
      ["Bearer ", /must be `Bearer <API key>`/],
      [`Bearer ${authKey.slice(0, -1)}${authKey.endsWith("A") ? "B" : "A"}`, /unknown/],
    ] as const;
    for (const [i, [authorization, message]] of cases.entries()) {
      const answer = await request(start, from("198.51.100.40", { Authorization: authorization }));
      expect(expectError(answer, 401, "INVALID_API_KEY").error.message).toMatch(message);
      expect(answer.headers.get("WWW-Authenticate")).toBe('Bearer error="invalid_token"');
      // The rejected request is charged to the address it came from.
      expectLimitHeaders(answer, "anonymous", LIMITS.anonymous - i - 1, start + HOUR);
    }
  });

  it("admits no more than the limit to many simultaneous requests from one caller", async () => {
    const start = windowStart(6);
    const answers = await Promise.all(Array.from({ length: 40 }, () => request(start, from("198.51.100.60"))));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMITS.anonymous);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - LIMITS.anonymous);
    const remaining = answers.filter((a) => a.status === 200).map((a) => Number(a.headers.get("X-RateLimit-Remaining")));
    expect(remaining.sort()).toEqual([0, 1, 2, 3, 4]);
    for (const a of answers.filter((x) => x.status === 429)) expectLimitHeaders(a, "anonymous", 0, start + HOUR);
  });

  it("writes a caller's counter to KV at most once a second during a burst, carrying every request", async () => {
    const start = windowStart(7);
    const began = Date.now();
    let admitted = 0;
    let sent = 0;
    const worker = async () => {
      while (Date.now() - began < 3000 && sent < LIMITS.premium) {
        sent++;
        const answer = await request(start, bearer(premiumKey));
        if (answer.status === 200) admitted++;
        else expect(answer.status).toBe(429);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    const burstMs = Date.now() - began;
    expect(admitted).toBeGreaterThan(20);
    // The last flush runs at most a second after the previous write; give it time to land.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const counter = await readCounter(`rl:k:${keyId(premiumKey)}:${start / HOUR}`);
    expect(counter.count).toBe(admitted);
    expect(counter.writes).toBeGreaterThanOrEqual(1);
    expect(counter.writes).toBeLessThanOrEqual(Math.floor((counter.lastWriteAt - counter.firstWriteAt) / 1000) + 1);
    expect(counter.writes).toBeLessThanOrEqual(Math.ceil((burstMs + 1000) / 1000) + 1);
    expect(counter.lastWriteAt - counter.firstWriteAt).toBeLessThanOrEqual(burstMs + 1500);
  });

  it("round-trips a key through the keys script: create, use, list, revoke, use again", async () => {
    const start = windowStart(8);
    const key = await createKey("authenticated", "round trip");
    const id = keyId(key);
    const used = await request(start, bearer(key));
    expect(used.status).toBe(200);
    expectLimitHeaders(used, "authenticated", LIMITS.authenticated - 1, start + HOUR);

    const listed = await keys("list", "--json");
    expect(listed.code, listed.stderr).toBe(0);
    const before = z.array(KeyInfo).parse(JSON.parse(listed.stdout));
    expect(before.find((k) => k.id === id)).toMatchObject({ id, tier: "authenticated", label: "round trip" });
    expect(before.find((k) => k.id === id)?.revokedAt).toBeUndefined();
    expect(listed.stdout).not.toContain(key);

    const revoked = await keys("revoke", id);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toMatch(new RegExp(`revoked API key ${id} \\(authenticated, "round trip"\\) on \\d{4}-`));
    const refused = await request(start, bearer(key));
    expect(expectError(refused, 401, "INVALID_API_KEY").error.message).toMatch(/revoked/);
  }, 180_000); // four wrangler CLI runs, each a few seconds on a busy machine
});
