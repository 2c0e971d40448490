// `npm run crawl` as a maintainer runs it: the script against the local GitHub server, into a new
// folder (records, state, meta, categories and platforms written; the report printed and saved),
// then a dry run that reports a change and writes nothing.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCrawlState } from "../../src/dataset/crawl-state.js";
import { readDataset } from "../../src/dataset/files.js";
import { CrawlReport } from "../../src/ingest/report.js";
import type { GitHubFixture } from "../github/server.js";
import { crawlScriptArgs, fixtureCall, HANDMADE, PROJECT_ROOT, sourcesWith, startFixture } from "../support/crawl-harness.js";

describe("npm run crawl", () => {
  let fixture: GitHubFixture;
  const work = mkdtempSync(join(tmpdir(), "crawl-cli-"));
  const dir = join(work, "data");
  const sourcesFile = join(work, "sources.json");
  // Asynchronous: the local server answers from this very process.
  const run = (...args: string[]) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((ok) => {
      const child = spawn(process.execPath, crawlScriptArgs(fixture.url, dir, sourcesFile, ...args), { cwd: PROJECT_ROOT });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (b: Buffer) => (stdout += b.toString()));
      child.stderr.on("data", (b: Buffer) => (stderr += b.toString()));
      child.on("close", (status) => ok({ status, stdout, stderr }));
    });

  beforeAll(async () => {
    fixture = await startFixture(HANDMADE);
    writeFileSync(sourcesFile, JSON.stringify(sourcesWith({ repos: ["acme/pdf-tools"] })));
  });
  afterAll(async () => {
    await fixture.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("fills a new dataset folder the build's reader accepts, and prints and saves the report", async () => {
    const reportFile = join(work, "report.json");
    const res = await run("--now", "2026-11-21T09:30:00Z", "--report", reportFile);
    expect(res.status, res.stderr).toBe(0);
    const printed = CrawlReport.parse(JSON.parse(res.stdout));
    expect(JSON.parse(readFileSync(reportFile, "utf8"))).toEqual(printed);
    expect(printed.repositories).toMatchObject({ added: 8, total: 8, failed: 0 });
    expect(res.stderr).toMatch(/^facts: \d+\/\d+ ETA/m);
    expect(res.stderr).toMatch(/crawl done: 8 records; 8 added/);
    const data = await readDataset(dir);
    expect(data.records).toHaveLength(8);
    expect(data.meta).toEqual({ generatedAt: "2026-11-21T09:30:00Z", day: "2026-11-21" });
    expect(Object.keys((await readCrawlState(dir)).repos).length).toBeGreaterThanOrEqual(8);
  });

  it("a dry run reports what would change and writes nothing", async () => {
    const before = ["skills.jsonl", "crawl-state.json", "meta.json"].map((f) => readFileSync(join(dir, f)));
    await fixtureCall(fixture, "POST", "/__fixture/repos/acme/pdf-tools/commits", {
      files: { "SKILL.md": "---\nname: pdf-tools\ndescription: Changed.\n---\n" },
    });
    const res = await run("--dry-run", "--now", "2026-11-22T09:30:00Z");
    expect(res.status, res.stderr).toBe(0);
    const report = CrawlReport.parse(JSON.parse(res.stdout));
    expect(report).toMatchObject({ dryRun: true, changed: expect.arrayContaining(["acme/pdf-tools"]) });
    ["skills.jsonl", "crawl-state.json", "meta.json"].forEach((f, i) =>
      expect(readFileSync(join(dir, f)).equals(before[i]!), f).toBe(true),
    );
  });

  it("refuses bad options with a message", async () => {
    const res = await run("--limit=-3");
    expect(res.status).toBe(2);
    expect(res.stderr).toMatch(/--limit must be a non-negative integer/);
  });
});
