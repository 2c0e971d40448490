// The crawler end to end on the hand-made fixture repositories: the real Octokit client over HTTP
// against the local GitHub server. First crawl, warm crawl, one changed repository, counters only,
// rename (301), deletion (404), forks, exclusions, hostile SKILL.md files.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGitHubClient } from "../../src/ingest/client.js";
import type { CrawlOutput } from "../../src/ingest/crawl.js";
import { CrawlReport } from "../../src/ingest/report.js";
import type { GitHubFixture } from "../../src/node/github-fixture/server.js";
import { SkillRecord } from "../../src/schemas/dataset.js";
import { crawl, EMPTY, FAST, fixtureCall, HANDMADE, next, serverCounts, sourcesWith, startFixture } from "../support/crawl-harness.js";

const sources = sourcesWith({ repos: ["acme/pdf-tools", "dave/pdf-tools-fork", "nobody/missing-repo"], exclude: ["gina/*"] });
const byKey = (out: CrawlOutput) => new Map(out.records.map((r) => [`${r.owner}/${r.repo}`, r]));

describe("crawl of the hand-made fixture", () => {
  let fixture: GitHubFixture;
  let cold: CrawlOutput;

  beforeAll(async () => {
    fixture = await startFixture(HANDMADE);
    cold = await crawl(fixture, EMPTY, { sources });
  });
  afterAll(() => fixture.close());

  it("lists every repository with a readable SKILL.md, and says why the others are not listed", () => {
    for (const r of cold.records) expect(SkillRecord.safeParse(r).success).toBe(true);
    CrawlReport.parse(cold.report);
    expect(cold.records.map((r) => `${r.owner}/${r.repo}`)).toEqual([
      "acme/agent-collection",
      "acme/pdf-tools",
      "bob/broken-yaml",
      "bob/no-frontmatter",
      "carol/bom-crlf",
      "carol/list-frontmatter",
      "frank/gemini-helper",
    ]);
    const skipped = Object.fromEntries(cold.report.skipped.map((s) => [s.key, s.reason]));
    expect(skipped["carol/binary-junk"]).toBe("no readable SKILL.md");
    expect(skipped["dave/pdf-tools-fork"]).toBe("fork of acme/pdf-tools, which is listed");
    expect(skipped["gina/excluded-skill"]).toBe("excluded in sources.json");
    expect(skipped["nobody/missing-repo"]).toBe("not found on GitHub");
    expect(cold.report.repositories).toMatchObject({ added: 7, removed: 0, failed: 0, total: 7 });
    expect(cold.report.files.unreadable).toContainEqual({ key: "carol/binary-junk", path: "SKILL.md", reason: "binary content" });
    expect(cold.report.files.unreadable.find((u) => u.key === "frank/gemini-helper")?.path).toBe(".claude/skills/sql-tuning/SKILL.md");
  });

  it("keeps files that break the frontmatter rules with true fallbacks, and reports why", () => {
    const recs = byKey(cold);
    const invalid = new Map(cold.report.files.invalid.map((i) => [`${i.key}:${i.path}`, i.problems.join("; ")]));
    expect(invalid.get("bob/broken-yaml:SKILL.md")).toMatch(/not valid YAML/);
    expect(invalid.get("bob/no-frontmatter:SKILL.md")).toBe("no YAML frontmatter");
    expect(invalid.get("carol/list-frontmatter:SKILL.md")).toBe("frontmatter is a list, not a mapping");
    expect(invalid.get("carol/list-frontmatter:docs/SKILL.md")).toBe("frontmatter is a number, not a mapping");
    expect(invalid.has("carol/bom-crlf:SKILL.md")).toBe(false);
    expect(recs.get("bob/no-frontmatter")).toMatchObject({
      name: "no-frontmatter",
      description: "Summarize meeting notes into action items and decisions.",
    });
    expect(recs.get("bob/broken-yaml")?.description).toBe("This skill writes release notes from git history.");
    expect(recs.get("carol/bom-crlf")).toMatchObject({
      name: "bom-crlf",
      description: "Write SEO meta descriptions and keyword research reports.",
    });
    expect(recs.get("carol/bom-crlf")?.files[0]?.content.startsWith("\uFEFF---\r\n")).toBe(true);
  });

  it("derives primary, nested skills, names, platforms, install commands, index and the day's stars", () => {
    const c = byKey(cold).get("acme/agent-collection")!;
    expect(c.files.map((f) => f.path)).toEqual([
      ".cursor/skills/code-review/SKILL.md",
      "skills/code-review/SKILL.md",
      "skills/code-review/checks/SKILL.md",
      "skills/terraform-plan/SKILL.md",
    ]);
    // No root SKILL.md and no folder named like the repository: the shallowest, then by path.
    expect(c.primary).toBe("skills/code-review/SKILL.md");
    expect(c.name).toBe("acme-agent-collection");
    expect(c.description).toBe("A collection of engineering skills: code review and Terraform.");
    expect(c.hasIndex).toBe(true);
    expect(c.platforms).toContain("chatgpt");
    expect(c.installCommands.codex).toBe("npx skills add acme/agent-collection -a codex");
    expect(c.installCommands["claude-code"]).toBe("/plugin marketplace add acme/agent-collection");
    expect(c.license).toBe("Apache-2.0");
    expect(c.starHistory).toEqual([{ date: "2026-11-21", stars: 1500 }]);
    expect(c.categories).toContain("devops");
    const g = byKey(cold).get("frank/gemini-helper")!;
    expect(g.platforms).toContain("gemini-cli");
    expect(g.categories).toContain("database");
    const p = byKey(cold).get("acme/pdf-tools")!;
    expect(p).toMatchObject({ name: "pdf-tools", license: "MIT", hasIndex: false, primary: "SKILL.md" });
    // Without a marketplace.json there is no plugin marketplace to add.
    expect(p.installCommands["claude-code"]).toBe("npx skills add acme/pdf-tools -a claude-code");
    expect(Object.keys(p.installCommands)).toEqual(p.platforms);
    expect(byKey(cold).get("bob/broken-yaml")?.license).toBe("NOASSERTION");
  });

  it("a warm crawl with nothing changed reads no tree and no file: one GraphQL batch", async () => {
    fixture.resetCounts();
    const warm = await crawl(fixture, next(cold), { sources, now: "2026-11-21T18:00:00Z" });
    const counts = await serverCounts(fixture);
    expect(counts.byKind).toEqual({ graphql: 1 });
    expect(warm.records).toEqual(cold.records);
    expect(warm.report.repositories).toMatchObject({ unchanged: 7, read: 0, added: 0, changed: 0 });
    expect(warm.report.discovery.codeSearch.ran).toBe(false);
  });

  it("one changed repository is re-read alone, counters refresh for all, the next day adds a star point", async () => {
    await fixtureCall(fixture, "POST", "/__fixture/repos/acme/pdf-tools/commits", {
      files: { "SKILL.md": "---\nname: pdf-tools\ndescription: Extract, fill and merge PDF files (v2).\n---\n\nNew body.\n" },
    });
    await fixtureCall(fixture, "PATCH", "/__fixture/repos/bob/no-frontmatter", { stars: 77 });
    fixture.resetCounts();
    const out = await crawl(fixture, next(cold), { sources, now: "2026-11-22T09:00:00Z" });
    const counts = await serverCounts(fixture);
    expect(counts.byKind).toEqual({ graphql: 2, tree: 1 });
    const recs = byKey(out);
    expect(recs.get("acme/pdf-tools")?.description).toBe("Extract, fill and merge PDF files (v2).");
    expect(recs.get("bob/no-frontmatter")?.starHistory).toEqual([
      { date: "2026-11-21", stars: cold.records.find((r) => r.repo === "no-frontmatter")!.stars },
      { date: "2026-11-22", stars: 77 },
    ]);
    expect(out.report.repositories.read).toBe(1);
    expect(out.report.changed).toContain("acme/pdf-tools");
    // Unchanged content is byte for byte the same.
    expect(recs.get("acme/agent-collection")?.files).toEqual(byKey(cold).get("acme/agent-collection")?.files);
    cold = out;
  });

  it("a renamed repository keeps its id and gains an alias; REST answers its old name with a 301", async () => {
    const before = byKey(cold).get("carol/bom-crlf")!;
    await fixtureCall(fixture, "POST", "/__fixture/repos/carol/bom-crlf/rename", { to: "carol/seo-writer" });
    const client = createGitHubClient({ baseUrl: fixture.url, timing: FAST });
    const moved = await client.octokit.request("GET /repos/{owner}/{repo}", { owner: "carol", repo: "bom-crlf" });
    expect(moved.url).toMatch(new RegExp(`/repositories/${before.id}$`));
    const raw = await fetch(`${fixture.url}/repos/carol/bom-crlf`, { redirect: "manual" });
    expect(raw.status).toBe(301);
    const out = await crawl(fixture, next(cold), { sources, now: "2026-11-22T10:00:00Z" });
    const after = out.records.find((r) => r.id === before.id)!;
    expect(after).toMatchObject({ owner: "carol", repo: "seo-writer", aliases: ["carol/bom-crlf"] });
    expect(out.report.renamed).toEqual([{ id: before.id, from: "carol/bom-crlf", to: "carol/seo-writer" }]);
    expect(out.records.filter((r) => r.repo === "bom-crlf")).toEqual([]);
    cold = out;
  });

  it("a repository that now answers not found is removed, with the reason", async () => {
    await fixtureCall(fixture, "DELETE", "/__fixture/repos/bob/broken-yaml");
    const out = await crawl(fixture, next(cold), { sources, now: "2026-11-22T11:00:00Z" });
    expect(out.records.some((r) => r.repo === "broken-yaml")).toBe(false);
    expect(out.report.removed).toEqual([{ key: "bob/broken-yaml", reason: expect.stringMatching(/no longer resolves/) }]);
    expect(out.state.repos[byKey(cold).get("bob/broken-yaml")!.id]).toBeUndefined();
    expect(out.records).toHaveLength(cold.records.length - 1);
  });

  it("a dry run, a limit and a full crawl behave as documented", async () => {
    const limited = await crawl(fixture, EMPTY, { sources, crawl: { limit: 2 } });
    expect(limited.records.map((r) => r.repo)).toEqual(["agent-collection", "pdf-tools"]);
    fixture.resetCounts();
    const full = await crawl(fixture, next(cold), { sources, crawl: { full: true }, now: "2026-11-22T12:00:00Z" });
    const counts = await serverCounts(fixture);
    expect(counts.byKind.tree).toBeGreaterThanOrEqual(6);
    expect(counts.byKind["search-code"]).toBeGreaterThanOrEqual(1);
    expect(full.report.full).toBe(true);
  });
});
