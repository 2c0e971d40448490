// `npm run crawl` as a maintainer runs it: the script against the local GitHub server, into a new
// folder (records, state, meta, categories and platforms written; the report printed and saved),
// then a dry run that reports a change and writes nothing.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readCrawlState } from "../../src/dataset/crawl-state.js";
import { readDataset } from "../../src/dataset/files.js";
import { CrawlReport } from "../../src/ingest/report.js";
import { runNode } from "../../src/node/run-script.js";
import { crawlScriptArgs, crawlWorkspace, fixtureCall, sourcesWith } from "../support/crawl-harness.js";

describe("npm run crawl", () => {
  const { work, dir, sourcesFile, fixture } = crawlWorkspace("crawl-cli", sourcesWith({ repos: ["acme/pdf-tools"] }));
  // Asynchronous: the local server answers from this very process.
  const run = (...args: string[]) => runNode(crawlScriptArgs(fixture().url, dir, sourcesFile, ...args));

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
    await fixtureCall(fixture(), "POST", "/__fixture/repos/acme/pdf-tools/commits", {
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
