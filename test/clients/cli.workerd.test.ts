// The skills-directory command against the real runtime (wrangler pages dev, the global test site):
// each API command run as a process, its --json equal to what the endpoint serves and its text
// carrying the same items; errors as one line with the API's code. The install commands have their
// own file (install.workerd.test.ts).
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { call } from "../support/http.js";
import { buildCliPackage, type Run, runCli } from "./cli-package.js";

let pkg: { dir: string; bin: string };
beforeAll(() => {
  pkg = buildCliPackage();
}, 120_000);
afterAll(() => rmSync(pkg.dir, { recursive: true, force: true }));

const cli = (args: string[], env: Record<string, string> = {}): Promise<Run> =>
  runCli(pkg.bin, args, pkg.dir, { SKILLS_API_URL: inject("api"), ...env });
const ok = async (run: Promise<Run>) => {
  const r = await run;
  expect(r.stderr).toBe("");
  expect(r.status).toBe(0);
  return r.stdout;
};
const json = async (args: string[]) => JSON.parse(await ok(cli([...args, "--json"])));
const repos = (data: { owner: string; repo: string }[]) => data.map((s) => `${s.owner}/${s.repo}`);
/** The first cell of each row under a table's header line. */
const firstCells = (text: string, header: RegExp) => {
  const lines = text.trimEnd().split("\n");
  const at = lines.findIndex((l) => header.test(l));
  expect(at, `a header ${header}`).toBeGreaterThanOrEqual(0);
  return lines.slice(at + 1).map((l) => l.split(/\s{2,}/)[0]);
};

describe("list", () => {
  it("is GET /skills with the filters, as JSON and as a table", async () => {
    const raw = await call("/skills?platform=codex&sort=name&order=asc&limit=4&page=2");
    const body = await json(["list", "--platform", "codex", "--sort", "name", "--order", "asc", "--limit", "4", "--page", "2"]);
    expect(body.data).toEqual(raw.body.data);
    expect(body.pagination).toEqual(raw.body.pagination);
    const text = await ok(cli(["list", "--platform", "codex", "--sort", "name", "--order", "asc", "--limit", "4", "--page", "2"]));
    expect(text.split("\n")[0]).toBe(
      `${raw.body.pagination.total.toLocaleString("en-US")} skills (page 2 of ${raw.body.pagination.totalPages})`,
    );
    expect(firstCells(text, /^SKILL\s+STARS\s+CATEGORIES\s+DESCRIPTION$/)).toEqual(repos(raw.body.data));
  });

  it("is GET /categories/{slug}/skills with --category", async () => {
    const raw = await call("/categories/productivity/skills?limit=3&sort=updated&updatedSince=2020-01-01T00:00:00Z");
    const body = await json([
      "list",
      "--category",
      "productivity",
      "--limit",
      "3",
      "--sort",
      "updated",
      "--updated-since",
      "2020-01-01T00:00:00Z",
    ]);
    expect(body.data).toEqual(raw.body.data);
    expect(body.data.length).toBe(3);
  });

  it("passes the API's 400 on as one line with its code", async () => {
    const r = await cli(["list", "--sort", "popularity"]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^error INVALID_PARAMS \(HTTP 400\): .*sort.* \[request [0-9a-f-]{36}\]\n$/);
  });
});

describe("search", () => {
  it("searches with filters, as a table and as JSON", async () => {
    const text = await ok(cli(["search", "pdf -form", "--category", "productivity"]));
    const lines = text.trim().split("\n");
    expect(lines[0]).toMatch(/^\d+ results? for "pdf -form" \(page 1 of \d+\)$/);
    expect(text).not.toContain("<mark>");
    const raw = await call(`/skills/search?q=${encodeURIComponent("pdf -form")}&category=productivity`);
    expect(firstCells(text, /^SKILL\s+STARS\s+DESCRIPTION$/)).toEqual(repos(raw.body.data));
    const body = await json(["search", "pdf -form", "--category", "productivity"]);
    expect(body.data).toEqual(raw.body.data);
    expect(body.meta.query).toBe("pdf -form");
  });
});

describe("one skill", () => {
  it("get (and show) prints the detail and its install commands", async () => {
    const raw = await call("/skills/anvil-dev/pdf");
    const text = await ok(cli(["get", "anvil-dev/pdf"]));
    expect(text).toMatch(/^pdf {2}anvil-dev\/pdf\n/);
    expect(text).toContain(raw.body.data.description);
    for (const [platform, command] of Object.entries(raw.body.data.installCommands))
      expect(text).toMatch(new RegExp(`${platform}\\s+${String(command).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    expect(await ok(cli(["show", "anvil-dev/pdf"]))).toBe(text);
    expect((await json(["get", "anvil-dev/pdf"])).data).toEqual(raw.body.data);
  });

  it("files lists every file of the skill folders", async () => {
    const raw = await call("/skills/anvil-dev/pdf/files");
    expect((await json(["files", "anvil-dev/pdf"])).data).toEqual(raw.body.data);
    const text = await ok(cli(["files", "anvil-dev/pdf"]));
    expect(firstCells(text, /^PATH\s+KIND\s+SIZE\s+SHA-256$/)).toEqual(raw.body.data.map((f: { path: string }) => f.path));
    expect(text).toContain(`${raw.body.data[0].sha256.slice(0, 12)}…`);
  });

  it("content prints the file byte for byte, and --path picks another one", async () => {
    const raw = await call("/skills/anvil-dev/pdf/content");
    expect(await ok(cli(["content", "anvil-dev/pdf"]))).toBe(raw.body.data.content);
    const missing = await cli(["content", "anvil-dev/pdf", "--path", "no/such/SKILL.md"]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/^error NOT_FOUND \(HTTP 404\): /);
  });

  it("stats prints the counters", async () => {
    const raw = await call("/skills/anvil-dev/pdf/stats");
    const s = raw.body.data;
    expect((await ok(cli(["stats", "anvil-dev/pdf"]))).split("\n")[0]).toBe(
      `views ${s.views.toLocaleString("en-US")} · installs ${s.installs.toLocaleString("en-US")} · favorites ${s.favorites.toLocaleString("en-US")}`,
    );
    expect((await json(["stats", "anvil-dev/pdf"])).data).toEqual(s);
  });

  it("index-status says whether a repository is listed", async () => {
    expect((await ok(cli(["index-status", "anvil-dev/pdf"]))).split("\n")[0]).toBe("anvil-dev/pdf: indexed (listed)");
    const raw = await call("/index-status/nobody-here/nothing");
    expect((await json(["index-status", "nobody-here/nothing"])).data).toEqual(raw.body.data);
    expect((await ok(cli(["index-status", "nobody-here/nothing"]))).split("\n")[0]).toBe("nobody-here/nothing: unknown (not listed)");
  });
});

describe("the directory", () => {
  it("autocomplete lists suggestions with counts", async () => {
    const raw = await call("/skills/autocomplete?q=pd&limit=3");
    expect((await json(["autocomplete", "pd", "--limit", "3"])).data).toEqual(raw.body.data);
    expect(firstCells(await ok(cli(["autocomplete", "pd", "--limit", "3"])), /^SUGGESTION\s+SKILLS$/)).toEqual(
      raw.body.data.map((s: { text: string }) => s.text),
    );
  });

  it("categories lists them in a locale, and one category with its top skills", async () => {
    const lines = (await ok(cli(["categories", "--locale", "ja"]))).trim().split("\n");
    expect(lines).toHaveLength(25);
    expect(lines.some((l) => /^frontend\s+\d+\s+フロントエンド$/.test(l))).toBe(true);
    const raw = await call("/categories/frontend");
    const text = await ok(cli(["categories", "frontend"]));
    expect(text.split("\n")[0]).toBe(`${raw.body.data.name}  frontend · ${raw.body.data.skillCount.toLocaleString("en-US")} skills`);
    expect(firstCells(text, /^TOP SKILL\s+STARS$/)).toEqual(repos(raw.body.data.topSkills));
    expect((await json(["categories", "frontend"])).data).toEqual(raw.body.data);
  });

  it("status prints the build and the counts", async () => {
    const raw = await call("/status");
    const text = await ok(cli(["status"]));
    expect(text.split("\n")[0]).toBe(
      `API ${raw.body.data.apiVersion} · built ${raw.body.data.builtAt} · dataset ${raw.body.data.datasetGeneratedAt}`,
    );
    expect(text).toContain(`${raw.body.data.counts.skills.toLocaleString("en-US")} skills`);
    expect((await json(["status"])).data).toEqual(raw.body.data);
  });

  it("events prints a page with the next cursor, and --all the whole feed", async () => {
    const page = await call("/events?limit=2");
    expect((await json(["events", "--limit", "2"])).data).toEqual(page.body.data);
    const text = await ok(cli(["events", "--limit", "2"]));
    expect(firstCells(text, /^EVENT\s+TYPE\s+AT\s+SKILL$/).slice(0, -1)).toEqual(page.body.data.map((e: { id: string }) => e.id));
    expect(text.trimEnd().split("\n").at(-1)).toBe(
      page.body.meta.next === null ? "no more events" : `next: --since ${page.body.meta.next}`,
    );
    const all: unknown[] = [];
    for (let since: string | null = ""; since !== null; ) {
      const r = await call(`/events?limit=100${since ? `&since=${since}` : ""}`);
      all.push(...r.body.data);
      since = r.body.data.length === 0 ? null : r.body.meta.next;
    }
    const lines = (await ok(cli(["events", "--all", "--json", "--limit", "7"]))).trim().split("\n").filter(Boolean);
    expect(lines.map((l) => JSON.parse(l))).toEqual(all);
  });
});

describe("the command itself", () => {
  it("takes the API from --api, SKILLS_API_URL (an origin alone will do) or the default", async () => {
    const origin = new URL(inject("api")).origin;
    expect(await ok(cli(["status"], { SKILLS_API_URL: origin }))).toMatch(/^API /);
    expect(await ok(cli(["status", "--api", origin], { SKILLS_API_URL: "http://127.0.0.1:9" }))).toMatch(/^API /);
    expect(await ok(cli(["status", "--base-url", inject("api")], { SKILLS_API_URL: "http://127.0.0.1:9" }))).toMatch(/^API /);
  });

  it("says what went wrong in one line: API errors exit 1 with code and request id, usage errors exit 2", async () => {
    const missing = await cli(["get", "nobody-here/nothing"]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/^error NOT_FOUND \(HTTP 404\): .* \[request [0-9a-f-]{36}\]\n$/);
    const keyed = await cli(["categories"], { SKILLS_API_KEY: "sk_not_a_real_key" });
    expect(keyed.status).toBe(1);
    expect(keyed.stderr).toMatch(/^error INVALID_API_KEY \(HTTP 401\)/);
    const jsonError = await cli(["get", "nobody-here/nothing", "--json"]);
    expect(JSON.parse(jsonError.stderr).error).toMatchObject({ code: "NOT_FOUND", status: 404 });
    const flag = await cli(["search", "pdf", "--min-stars"]);
    expect([flag.status, flag.stdout, flag.stderr]).toEqual([
      2,
      "",
      "skills-directory: --min-stars needs a value: --min-stars N (see skills-directory search --help)\n",
    ]);
    expect(await ok(cli(["--help"]))).toMatch(/^Usage: skills-directory <command>/);
  });
});
