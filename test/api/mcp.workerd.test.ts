// The MCP server at /mcp through the real runtime (`wrangler pages dev` of the test site), driven by
// the SDK's own client: initialize and version negotiation, the tool list and its schemas, every
// tool with good and bad arguments (each answer checked against its outputSchema, and against the
// API endpoint the tool runs in-process), protocol errors, and the HTTP surface (405, CORS, headers).
import { createHash } from "node:crypto";
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  GetSkillOutput,
  ListCategoriesOutput,
  MCP_SEARCH_DEFAULT,
  MCP_SEARCH_MAX,
  ReadSkillFileOutput,
  SearchSkillsOutput,
} from "../../src/schemas/mcp.js";
import { call } from "../support/http.js";
import { connect, type McpSession, rawPost, rpc, textOf } from "../support/mcp.js";

const origin = inject("api").replace(/\/api\/v1$/, "");
let mcp: McpSession;

beforeAll(async () => {
  mcp = await connect(origin);
});
afterAll(() => mcp?.close());

/** The API's answer for the same question, to compare the tool's with. */
async function api(path: string) {
  const answer = await call(path);
  expect(answer.status, path).toBe(200);
  return answer.body;
}

const errorText = async (name: string, args: Record<string, unknown>) => {
  const result = await mcp.call(name, args);
  expect(result.isError, `${name} ${JSON.stringify(args)} is an error`).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  return textOf(result);
};

describe("initialize", () => {
  it("answers the server's name, version and instructions, in the latest protocol version", async () => {
    expect(mcp.client.getServerVersion()).toEqual({ name: "skills-directory", title: "Skills Directory", version: "1.0.0" });
    expect(mcp.client.getInstructions()).toMatch(/search_skills.*get_skill.*read_skill_file/s);
    expect(mcp.client.getServerCapabilities()?.tools).toBeDefined();
    // Stateless: no session is issued.
    expect(mcp.last().headers.get("Mcp-Session-Id")).toBeNull();
  });

  it("negotiates every version the SDK supports, and offers the latest for an unknown one", async () => {
    for (const version of [...SUPPORTED_PROTOCOL_VERSIONS, "1999-01-01"]) {
      const init = { protocolVersion: version, capabilities: {}, clientInfo: { name: "raw", version: "0" } };
      const answer = await rawPost(origin, rpc(1, "initialize", init));
      expect(answer.status).toBe(200);
      expect(answer.headers.get("Mcp-Session-Id")).toBeNull();
      expect(answer.body.result.protocolVersion).toBe(version === "1999-01-01" ? LATEST_PROTOCOL_VERSION : version);
      expect(answer.body.result.serverInfo.name).toBe("skills-directory");
    }
  });
});

describe("tools/list", () => {
  it("lists the four tools, read-only and idempotent, each with object input and output schemas", () => {
    expect(mcp.tools.map((t) => t.name)).toEqual(["search_skills", "get_skill", "read_skill_file", "list_categories"]);
    for (const tool of mcp.tools) {
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.outputSchema?.type).toBe("object");
      expect(tool.description?.length).toBeGreaterThan(40);
    }
  });

  it("says search_skills' bounds and the deployment's categories and platforms", async () => {
    const search = mcp.tools.find((t) => t.name === "search_skills")!;
    const props = search.inputSchema.properties as Record<string, Record<string, unknown>>;
    expect(search.inputSchema.required).toEqual(["query"]);
    expect(props.limit).toMatchObject({ type: "integer", minimum: 1, maximum: MCP_SEARCH_MAX });
    expect(props.query).toMatchObject({ type: "string", minLength: 2, maxLength: 200 });
    const categories = (await api("/categories")).data.map((c: { slug: string }) => c.slug);
    expect([...(props.category!.enum as string[])].sort()).toEqual([...categories].sort());
    expect(props.platform!.enum).toContain("claude-code");
  });
});

describe("search_skills", () => {
  const cases: [Record<string, unknown>, string][] = [
    [{ query: "pdf" }, `q=pdf&limit=${MCP_SEARCH_DEFAULT}`],
    [{ query: "pdf", limit: 2, page: 2 }, "q=pdf&limit=2&page=2"],
    [{ query: "skill", category: "devops", limit: 20 }, "q=skill&category=devops&limit=20"],
    [{ query: "skill", platform: "codex", minStars: 1000, limit: 5 }, "q=skill&platform=codex&minStars=1000&limit=5"],
    [{ query: "docx tables" }, `q=docx%20tables&limit=${MCP_SEARCH_DEFAULT}`],
    // Related terms reorder these results in the default mode, so each mode must reach the endpoint.
    [{ query: "browser testing" }, `q=browser%20testing&limit=${MCP_SEARCH_DEFAULT}`],
    [{ query: "browser testing", mode: "keyword" }, `q=browser%20testing&limit=${MCP_SEARCH_DEFAULT}&mode=keyword`],
  ];
  it.each(cases)("%j answers what GET /skills/search?%s answers", async (args, query) => {
    const result = await mcp.call("search_skills", args);
    expect(result.isError).toBeFalsy();
    const out = SearchSkillsOutput.parse(result.structuredContent);
    const expected = await api(`/skills/search?${query}`);
    expect(out.results).toEqual(expected.data);
    expect(out.pagination).toEqual(expected.pagination);
    expect(out.query).toBe(expected.meta.query);
    expect(out.fallback).toBe(expected.meta.fallback);
    for (const r of out.results) expect(textOf(result)).toContain(`${r.owner}/${r.repo}`);
    const related = out.results.flatMap((r) => r.matches.filter((m) => m.related));
    for (const m of related) expect(textOf(result)).toContain(`(related to ${m.queryWord})`);
    if (args.mode === "keyword") expect(related).toEqual([]);
  });

  it("marks the terms reached through meaning in its text", async () => {
    const result = await mcp.call("search_skills", { query: "browser testing" });
    const out = SearchSkillsOutput.parse(result.structuredContent);
    const related = out.results.flatMap((r) => r.matches.filter((m) => m.related));
    expect(related.length).toBeGreaterThan(0);
    expect(textOf(result)).toContain(`(related to ${related[0]!.queryWord})`);
  });

  it("says why each result matched, and which skill of a collection", async () => {
    const out = SearchSkillsOutput.parse((await mcp.call("search_skills", { query: "docx", limit: 20 })).structuredContent);
    expect(out.results.length).toBeGreaterThan(0);
    for (const r of out.results) expect(r.matches.length).toBeGreaterThan(0);
    const nested = out.results.find((r) => r.matchedSkill);
    expect(nested?.matchedSkill?.path).toMatch(/SKILL\.md$/);
  });

  it("offers a corrected query when nothing matches", async () => {
    const result = await mcp.call("search_skills", { query: "kubernetez" });
    const out = SearchSkillsOutput.parse(result.structuredContent);
    const expected = await api("/skills/search?q=kubernetez&limit=10");
    expect(out.results).toEqual(expected.data);
    expect(out.didYouMean).toBe(expected.meta.didYouMean);
  });

  it.each([
    [{ query: "pdf", limit: 21 }, /`limit` must be at most 20 \(got 21\)/],
    [{ query: "pdf", limit: 0 }, /`limit` must be at least 1/],
    [{ query: "p" }, /`query` must be at least 2 characters long/],
    [{}, /`query` is required/],
    [{ query: "pdf", minStars: "100" }, /`minStars` must be a number \(got "100"\)/],
    [{ query: "pdf", page: 1.5 }, /`page` must be a whole number/],
    [{ query: "pdf", category: "no-such" }, /`category` must be one of .*"devops"/],
    [{ query: "pdf", sort: "stars" }, /unknown argument `sort`: remove it; this tool takes `query`, `category`/],
    [{ query: '"unclosed phrase' }, /quote|phrase/i],
    [{ query: "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike" }, /12/],
  ])("%j is an error that says what to change", async (args, message) => {
    expect(await errorText("search_skills", args)).toMatch(message);
  });
});

describe("get_skill", () => {
  it("answers the detail of GET /skills/{owner}/{repo} (skills, install commands, body) and its /files listing", async () => {
    const result = await mcp.call("get_skill", { owner: "docuflow", repo: "office-skills" });
    const { skill, files } = GetSkillOutput.parse(result.structuredContent);
    expect(skill).toEqual((await api("/skills/docuflow/office-skills")).data);
    expect(files).toEqual((await api("/skills/docuflow/office-skills/files")).data);
    expect(files.map((f) => f.path)).toEqual(expect.arrayContaining(skill.skills.map((s) => s.path)));
    expect(skill.skills.length).toBeGreaterThan(1);
    const text = textOf(result);
    for (const command of Object.values(skill.installCommands)) expect(text).toContain(command);
    for (const f of files) expect(text).toContain(`${f.path} (${f.kind}, ${f.size} bytes, sha256 ${f.sha256})`);
  });

  it("finds a skill whatever the case of its names", async () => {
    const { skill } = GetSkillOutput.parse((await mcp.call("get_skill", { owner: "DocuFlow", repo: "Office-Skills" })).structuredContent);
    expect(`${skill.owner}/${skill.repo}`).toBe("docuflow/office-skills");
  });

  it.each([
    [{ owner: "docuflow", repo: "no-such-skill" }, /skill docuflow\/no-such-skill was not found/],
    [{ owner: "docuflow" }, /`repo` is required/],
    [{ owner: "..", repo: "x" }, /`owner` is not valid \(got "\.\."\)/],
    [{ owner: "a/b", repo: "x" }, /`owner` must match pattern/],
    [{ owner: "docuflow", repo: "office-skills", path: "x" }, /unknown argument `path`/],
  ])("%j is an error that says what to change", async (args, message) => {
    expect(await errorText("get_skill", args)).toMatch(message);
  });
});

describe("read_skill_file", () => {
  it("answers each SKILL.md of a collection as GET /content?path= does, with its digests", async () => {
    const { data: detail } = await api("/skills/docuflow/office-skills");
    for (const { path } of detail.skills as { path: string }[]) {
      const result = await mcp.call("read_skill_file", { owner: "docuflow", repo: "office-skills", path });
      const file = ReadSkillFileOutput.parse(result.structuredContent);
      const expected = (await api(`/skills/docuflow/office-skills/content?path=${encodeURIComponent(path)}`)).data;
      expect(file).toEqual({ owner: "docuflow", repo: "office-skills", path, ...expected });
      expect(file.sha256).toBe(createHash("sha256").update(file.content, "utf8").digest("hex"));
      expect(textOf(result)).toContain(file.content);
    }
  });

  it.each([
    [{ owner: "docuflow", repo: "office-skills", path: "skills/none/SKILL.md" }, /skills\/none\/SKILL\.md.* was not found/],
    [{ owner: "docuflow", repo: "office-skills", path: "../SKILL.md" }, /was not found/],
    [{ owner: "docuflow", repo: "office-skills", path: "" }, /`path` must be at least 1 characters long/],
    [{ owner: "docuflow", repo: "office-skills" }, /`path` is required/],
    [{ owner: "docuflow", repo: "no-such-skill", path: "SKILL.md" }, /was not found/],
  ])("%j is an error that says what to change", async (args, message) => {
    expect(await errorText("read_skill_file", args)).toMatch(message);
  });
});

describe("list_categories", () => {
  it.each([
    [{}, "en", "/categories"],
    [{ locale: "ja" }, "ja", "/categories?locale=ja"],
    [{ locale: "pt-BR" }, "pt", "/categories?locale=pt-BR"],
  ])("%j answers GET %s's categories", async (args, locale, path) => {
    const result = await mcp.call("list_categories", args);
    const out = ListCategoriesOutput.parse(result.structuredContent);
    expect(out).toEqual({ locale, categories: (await api(path)).data });
    expect(textOf(result)).toContain(out.categories[0]!.slug);
  });

  it("refuses a malformed locale, saying what one looks like", async () => {
    expect(await errorText("list_categories", { locale: "not a locale" })).toMatch(/`locale` must be a language code such as en/);
  });
});

describe("protocol errors", () => {
  it("answers an unknown tool with JSON-RPC's invalid params (-32602), naming the tools", async () => {
    await expect(mcp.client.callTool({ name: "delete_skill", arguments: {} })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/Unknown tool: "delete_skill"; the tools are search_skills, get_skill/),
    });
  });

  it.each([
    ["{not json", -32700],
    ["", -32700],
    ['{"hello":"world"}', -32600],
    ["[]", -32600],
    [`[${rpc(1, "tools/list")}, 42]`, -32600],
    ['{"jsonrpc":"1.0","id":1,"method":"tools/list"}', -32600],
  ])("answers the body %s with HTTP 400 and JSON-RPC error %i", async (body, code) => {
    const answer = await rawPost(origin, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code } });
    expect(answer.headers.get("X-RateLimit-Limit")).not.toBeNull();
  });

  it("answers an unknown method with -32601 and a tools/call without a name with -32602", async () => {
    const unknown = await rawPost(origin, rpc(7, "skills/delete"));
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ id: 7, error: { code: -32601 } });
    const nameless = await rawPost(origin, rpc(8, "tools/call", { arguments: {} }));
    expect(nameless.body).toMatchObject({ id: 8, error: { code: -32602 } });
  });

  it("answers a batch with one answer per request", async () => {
    const batch = `[${rpc(1, "tools/call", { name: "list_categories", arguments: {} })},${rpc(2, "tools/call", { name: "search_skills", arguments: { query: "x" } })}]`;
    const answer = await rawPost(origin, batch);
    expect(answer.status).toBe(200);
    const byId = new Map((answer.body as { id: number; result: { isError?: boolean } }[]).map((m) => [m.id, m.result]));
    expect(byId.get(1)?.isError).toBeUndefined();
    expect(byId.get(2)?.isError).toBe(true);
  });

  it("refuses a client that does not accept JSON and an event stream (406) and a body that is not JSON (415)", async () => {
    expect((await rawPost(origin, rpc(1, "tools/list"), { Accept: "application/json" })).status).toBe(406);
    expect((await rawPost(origin, rpc(1, "tools/list"), { "Content-Type": "text/plain" })).status).toBe(415);
  });

  it("refuses a protocol version it does not speak", async () => {
    const answer = await rawPost(origin, rpc(1, "tools/list"), { "Mcp-Protocol-Version": "1999-01-01" });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(/Unsupported protocol version/);
  });
});

describe("HTTP", () => {
  it.each(["GET", "DELETE", "PUT"])("answers %s with 405, Allow: POST, OPTIONS and a JSON-RPC error", async (method) => {
    const res = await fetch(`${origin}/mcp`, { method, headers: { Accept: "text/event-stream" } });
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("POST, OPTIONS");
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(await res.json()).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32000 } });
  });

  it("answers a CORS preflight allowing the MCP headers", async () => {
    const res = await fetch(`${origin}/mcp`, {
      method: "OPTIONS",
      headers: { Origin: "https://example.com", "Access-Control-Request-Method": "POST" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(res.headers.get("Access-Control-Allow-Methods")).toBe("POST, OPTIONS");
    for (const name of ["Authorization", "Content-Type", "Mcp-Protocol-Version", "Mcp-Session-Id"]) {
      expect(res.headers.get("Access-Control-Allow-Headers")).toContain(name);
    }
  });

  it("puts CORS, the rate-limit headers and a request id on every answer, and caches none", async () => {
    const answer = await rawPost(origin, rpc(1, "tools/list"));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(answer.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(answer.headers.get("Access-Control-Expose-Headers")).toContain("X-RateLimit-Remaining");
    expect(answer.headers.get("X-RateLimit-Tier")).toBe("anonymous");
    expect(answer.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(answer.headers.get("Mcp-Session-Id")).toBeNull();
  });

  it("serves only /mcp itself: /mcp/ and /MCP are not the server", async () => {
    for (const path of ["/mcp/", "/MCP", "/mcp/x"]) {
      const res = await fetch(`${origin}${path}`, { method: "POST", body: rpc(1, "tools/list") });
      expect(res.status, path).toBe(404);
      await res.body?.cancel();
    }
  });
});
