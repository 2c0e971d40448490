// The MCP server's trust promise end to end: a site built (scanner and all) from records written here,
// one of them malicious by the scanner's own judgement (a script piping a download from a bare IP
// into a shell), served by `wrangler pages dev` and driven by the SDK's client. search_skills never
// lists the malicious skill, whatever the query; get_skill and read_skill_file refuse it with its
// findings and the way to ask for a review; the suspicious and clean skills answer as the REST API
// does. The verdicts come from the build, not from editing its output.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PagesDev, startPagesDev } from "../../src/node/pages-dev.js";
import { SearchEnvelope, SkillDetailEnvelope } from "../../src/schemas/envelope.js";
import { GetSkillOutput, MCP_SEARCH_MAX, ReadSkillFileOutput, SearchSkillsOutput } from "../../src/schemas/mcp.js";
import { connect, type McpSession, textOf } from "../support/mcp.js";
import { buildRecordSite, type RecordSite } from "../support/record-site.js";
import { cleanRecords, maliciousRecord, suspiciousRecord } from "../support/trust-fixtures.js";

const LIMITS = { RATE_LIMIT_ANONYMOUS: "1000000", RATE_LIMIT_AUTHENTICATED: "1000000", RATE_LIMIT_PREMIUM: "1000000" };
const evil = `${maliciousRecord.owner}/${maliciousRecord.repo}`;

let site: RecordSite;
let server: PagesDev;
let mcp: McpSession;

beforeAll(async () => {
  site = await buildRecordSite("mcp-trust-", [maliciousRecord, suspiciousRecord, ...cleanRecords(6)]);
  server = await startPagesDev({ siteDir: `${site.dir}/site`, vars: LIMITS });
  mcp = await connect(server.api.replace(/\/api\/v1$/, ""));
}, 300_000);

afterAll(async () => {
  await mcp?.close();
  await server?.stop();
  site?.remove();
});

const served = async (path: string) => {
  const res = await fetch(`${server.api}${path}`);
  expect(res.status, path).toBe(200);
  return res.json();
};

describe("a site whose build judged one skill malicious", () => {
  it("holds the verdicts the scanner gave (else the scanner changed: pick other fixtures)", async () => {
    expect(site.report.verdicts).toEqual({ malicious: 1, suspicious: 1, clean: 6 });
    const detail = SkillDetailEnvelope.parse(await served(`/skills/${evil}`));
    expect(detail.data.trust.verdict).toBe("malicious");
    expect(detail.data.trust.findings.length).toBeGreaterThan(0);
    // The REST search finds it only when asked for every verdict: the query does reach it.
    const any = SearchEnvelope.parse(await served("/skills/search?q=zephyr&trust=any&limit=50"));
    expect(any.data.map((r) => `${r.owner}/${r.repo}`)).toContain(evil);
  });

  it("search_skills never lists it, and answers what the REST search answers by default", async () => {
    for (const query of ["zephyr", "zephyr helper", "formats notes", "zephyr-helper"]) {
      const result = await mcp.call("search_skills", { query, limit: MCP_SEARCH_MAX });
      expect(result.isError, `${query}: ${textOf(result)}`).toBeFalsy();
      const out = SearchSkillsOutput.parse(result.structuredContent);
      const names = out.results.map((r) => `${r.owner}/${r.repo}`);
      expect(names, query).not.toContain(evil);
      expect(out.results.every((r) => r.verdict !== "malicious")).toBe(true);
      const rest = SearchEnvelope.parse(await served(`/skills/search?q=${encodeURIComponent(query)}&limit=${MCP_SEARCH_MAX}`));
      expect(names, query).toEqual(rest.data.map((r) => `${r.owner}/${r.repo}`));
      expect(out.pagination.total, query).toBe(rest.pagination.total);
    }
  });

  it("get_skill refuses it, naming the scanner's findings and how to ask for a review", async () => {
    const detail = SkillDetailEnvelope.parse(await served(`/skills/${evil}`));
    const result = await mcp.call("get_skill", { owner: maliciousRecord.owner, repo: maliciousRecord.repo });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    const text = textOf(result);
    expect(text).toContain(`${evil} is not served`);
    expect(text).toContain(`rules ${detail.data.trust.rules}`);
    for (const f of detail.data.trust.findings.slice(0, 5)) expect(text).toContain(`in ${f.file} line ${f.line}: ${f.why}`);
    expect(text).toContain(`/api/v1/index-status/${evil}`);
  });

  it("read_skill_file refuses every file of it, the SKILL.md and the script alike", async () => {
    for (const path of ["SKILL.md", ...(maliciousRecord.folderFiles ?? []).map((f) => f.path)]) {
      const result = await mcp.call("read_skill_file", { owner: maliciousRecord.owner, repo: maliciousRecord.repo, path });
      expect(result.isError, path).toBe(true);
      expect(textOf(result), path).toContain(`${evil} is not served`);
    }
  });

  it("get_skill and read_skill_file answer a suspicious skill with its verdict, as the API does", async () => {
    const { owner, repo } = suspiciousRecord;
    const result = await mcp.call("get_skill", { owner, repo });
    expect(result.isError).toBeFalsy();
    const out = GetSkillOutput.parse(result.structuredContent);
    const detail = SkillDetailEnvelope.parse(await served(`/skills/${owner}/${repo}`));
    expect(out.skill.trust).toEqual(detail.data.trust);
    expect(out.skill.trust.verdict).toBe("suspicious");
    const script = suspiciousRecord.folderFiles![0]!;
    const file = await mcp.call("read_skill_file", { owner, repo, path: script.path });
    expect(file.isError).toBeFalsy();
    const content = ReadSkillFileOutput.parse(file.structuredContent);
    expect(content.content).toBe(script.content);
    expect(content.sha256).toBe(script.sha256);
  });
});
