// The MCP server's rate limits through the real runtime: a `wrangler pages dev` of its own with tiny
// budgets and the test clock, keys made by the keys script in the server's state folder. Each
// JSON-RPC request is charged once (a batch once per request in it), with the API's tiers and
// headers; over the limit the answer is HTTP 429 with Retry-After; the page's tier never applies.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { PAGE_CLIENT_HEADER, PAGE_CLIENT_VALUE } from "../../src/contract/page-client.js";
import { type PagesDev, startPagesDev } from "../../src/node/pages-dev.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { connect, rawPost, rpc } from "../support/mcp.js";

const LIMITS = { anonymous: 6, page: 50, authenticated: 9 };
const HOUR = 3_600_000;
/** Each test counts in a window of its own (Unix ms on the test clock), so tests never share a budget. */
const windowStart = (n: number) => (480_000 + n) * HOUR;

let server: PagesDev;
let persistTo: string;
let key: string;

function createKey(): Promise<string> {
  const tsx = join(PROJECT_ROOT, "node_modules", ".bin", "tsx");
  const args = ["scripts/keys.ts", "create", "--tier", "authenticated", "--label", "mcp limits test", "--persist-to", persistTo];
  return new Promise((resolve, reject) => {
    execFile(
      tsx,
      args,
      { cwd: PROJECT_ROOT, env: { ...process.env, WRANGLER_SEND_METRICS: "false", NO_COLOR: "1" } },
      (error, stdout, stderr) => (error ? reject(new Error(stderr)) : resolve(stdout.trim().split("\n").pop()!)),
    );
  });
}

beforeAll(async () => {
  persistTo = mkdtempSync(join(tmpdir(), "skills-api-mcp-limits-"));
  const vars = {
    RATE_LIMIT_ANONYMOUS: String(LIMITS.anonymous),
    RATE_LIMIT_PAGE: String(LIMITS.page),
    RATE_LIMIT_AUTHENTICATED: String(LIMITS.authenticated),
    ALLOW_TEST_CLOCK: "1",
  };
  // The key first, then the server: workerd opening the state's SQLite while the keys script writes to
  // it can fail to start ("database is locked"), which a CI run met.
  key = await createKey();
  server = await startPagesDev({ siteDir: inject("siteDir"), persistTo, vars });
});

afterAll(async () => {
  await server?.stop();
  rmSync(persistTo, { recursive: true, force: true });
});

const caller = (window: number, address: string, extra: Record<string, string> = {}) => ({
  "X-Test-Now": String(windowStart(window) + 60_000),
  "CF-Connecting-IP": address,
  ...extra,
});

const limitHeaders = (headers: Headers) => ({
  tier: headers.get("X-RateLimit-Tier"),
  limit: headers.get("X-RateLimit-Limit"),
  remaining: headers.get("X-RateLimit-Remaining"),
});

const toolCall = (id: number) => rpc(id, "tools/call", { name: "list_categories", arguments: {} });

describe("MCP rate limits through wrangler pages dev", () => {
  it("charges each request, tool calls included, then answers 429 with Retry-After through the SDK's client", async () => {
    const headers = caller(1, "198.51.100.40");
    // initialize costs one and tools/list one; the initialized notification costs nothing.
    const mcp = await connect(server.origin, headers);
    expect(limitHeaders(mcp.last().headers)).toEqual({ tier: "anonymous", limit: "6", remaining: "4" });
    for (let remaining = 3; remaining >= 0; remaining--) {
      const result = await mcp.call("search_skills", { query: "pdf" });
      expect(result.isError).toBeFalsy();
      expect(limitHeaders(mcp.last().headers)).toEqual({ tier: "anonymous", limit: "6", remaining: String(remaining) });
    }
    const refused = mcp.call("list_categories", {});
    await expect(refused).rejects.toBeInstanceOf(StreamableHTTPError);
    await expect(refused).rejects.toMatchObject({ code: 429 });
    const { status, headers: answer } = mcp.last();
    expect(status).toBe(429);
    expect(limitHeaders(answer)).toEqual({ tier: "anonymous", limit: "6", remaining: "0" });
    expect(answer.get("Retry-After")).toBe(String(59 * 60));
    await mcp.close();
  });

  it("answers 429 with a JSON-RPC error body, and charges a batch once per request in it", async () => {
    const headers = caller(2, "198.51.100.41");
    const batch = await rawPost(server.origin, `[${toolCall(1)},${toolCall(2)},${toolCall(3)}]`, headers);
    expect(batch.status).toBe(200);
    expect(batch.body).toHaveLength(3);
    expect(limitHeaders(batch.headers).remaining).toBe("3");
    // A notification alone does no work and costs nothing.
    const note = await rawPost(server.origin, JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }), headers);
    expect(note.status).toBe(202);
    expect(limitHeaders((await rawPost(server.origin, toolCall(4), headers)).headers).remaining).toBe("2");
    // Three more than the two left: refused whole.
    const over = await rawPost(server.origin, `[${toolCall(5)},${toolCall(6)},${toolCall(7)}]`, headers);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32000, message: expect.stringMatching(/6 requests per hour/) },
    });
    expect(over.headers.get("Retry-After")).toBe(String(59 * 60));
    expect(over.headers.get("Access-Control-Allow-Origin")).toBe("*");
    // A malformed body is a request too.
    expect((await rawPost(server.origin, "{oops", caller(3, "198.51.100.41"))).headers.get("X-RateLimit-Remaining")).toBe("5");
  });

  it("gives an API key its tier's budget, and refuses a bad key with 401", async () => {
    const headers = caller(4, "198.51.100.42", { Authorization: `Bearer ${key}` });
    const mcp = await connect(server.origin, headers);
    expect(limitHeaders(mcp.last().headers)).toEqual({ tier: "authenticated", limit: "9", remaining: "7" });
    await mcp.call("get_skill", { owner: "docuflow", repo: "office-skills" });
    expect(limitHeaders(mcp.last().headers).remaining).toBe("6");
    await mcp.close();
    const bad = await rawPost(server.origin, rpc(1, "tools/list"), caller(4, "198.51.100.42", { Authorization: "Bearer sk_nope_nope" }));
    expect(bad.status).toBe(401);
    expect(bad.headers.get("WWW-Authenticate")).toBe('Bearer error="invalid_token"');
    expect(bad.body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32000 } });
  });

  it("never gives /mcp the page's tier, whatever the request claims", async () => {
    const headers = caller(5, "198.51.100.43", { [PAGE_CLIENT_HEADER]: PAGE_CLIENT_VALUE, "Sec-Fetch-Site": "same-origin" });
    const answer = await rawPost(server.origin, rpc(1, "tools/list"), headers);
    expect(answer.status).toBe(200);
    expect(limitHeaders(answer.headers)).toEqual({ tier: "anonymous", limit: "6", remaining: "5" });
    // The same request to the API is the page's.
    const res = await fetch(`${server.api}/categories`, { headers });
    expect(res.headers.get("X-RateLimit-Tier")).toBe("page");
    await res.body?.cancel();
  });
});
