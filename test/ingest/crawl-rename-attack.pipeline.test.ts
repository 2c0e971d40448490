// The rename attack, end to end: two repositories carry the topic; one is kept over budget on purpose
// (its previous record stays under its old name) and renamed away, and the other is renamed onto
// that name. `npm run crawl` must still exit 0 with one record per name (the fresh record wins; the
// kept one is renamed from its fresh facts and reported), and the build must take the dataset.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/build/build.js";
import { readDataset } from "../../src/dataset/files.js";
import { CrawlReport } from "../../src/ingest/report.js";
import type { GitHubFixture } from "../../src/node/github-fixture/server.js";
import { runNode } from "../../src/node/run-script.js";
import { crawlScriptArgs, fixtureCall, sourcesWith, startFixture } from "../support/crawl-harness.js";
import { writeFolderFixture } from "../support/hostile-repos.js";

const skill = (name: string, what: string) => `---\nname: ${name}\ndescription: ${what}\n---\n\n# ${name}\n`;

describe("the rename attack", () => {
  const work = mkdtempSync(join(tmpdir(), "crawl-rename-attack-"));
  const data = join(work, "data");
  const sourcesFile = join(work, "sources.json");
  let fixture: GitHubFixture;
  const run = (now: string) => runNode(crawlScriptArgs(fixture.url, data, sourcesFile, "--now", now));

  beforeAll(async () => {
    const dir = writeFolderFixture(join(work, "fixture"), "eve", {
      tools: { "SKILL.md": skill("tools", "Format SQL queries for review."), "run.sh": "echo tools\n" },
      other: { "SKILL.md": skill("other", "Summarise changelogs for release notes.") },
    });
    fixture = await startFixture(dir);
    writeFileSync(sourcesFile, JSON.stringify(sourcesWith({ codeSearch: { ...sourcesWith().codeSearch, enabled: false } })));
  });
  afterAll(async () => {
    await fixture?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("the crawl exits 0 with one record per name, reports the kept record renamed, and the build succeeds", async () => {
    const first = await run("2026-11-21T09:00:00Z");
    expect(first.status, first.stderr).toBe(0);
    const before = (await readDataset(data)).records;
    expect(before.map((r) => `${r.owner}/${r.repo}`)).toEqual(["eve/other", "eve/tools"]);
    const toolsId = before.find((r) => r.repo === "tools")!.id;
    const otherId = before.find((r) => r.repo === "other")!.id;

    // eve/tools goes over budget on purpose (more folder files than a repository may have) and is
    // renamed away; eve/other takes its name.
    const files: Record<string, string> = {};
    for (let i = 0; i < 5_001; i++) files[`junk/f${i}.txt`] = `${i}\n`;
    await fixtureCall(fixture, "POST", "/__fixture/repos/eve/tools/commits", { files });
    await fixtureCall(fixture, "POST", "/__fixture/repos/eve/tools/rename", { to: "eve/tools-old" });
    await fixtureCall(fixture, "POST", "/__fixture/repos/eve/other/rename", { to: "eve/tools" });

    const second = await run("2026-11-22T09:00:00Z");
    expect(second.status, second.stderr).toBe(0);
    const report = CrawlReport.parse(JSON.parse(second.stdout));
    expect(report.failed).toEqual([
      { key: "eve/tools-old", reason: expect.stringMatching(/^over budget: 5002 files in the skill folders/) },
    ]);
    expect(report.duplicates).toEqual([
      { key: "eve/tools", id: toolsId, outcome: `renamed to eve/tools-old: repository ${otherId} holds this name now` },
    ]);
    const after = (await readDataset(data)).records;
    expect(after.map((r) => [`${r.owner}/${r.repo}`, r.id])).toEqual([
      ["eve/tools", otherId],
      ["eve/tools-old", toolsId],
    ]);
    // The fresh record is the renamed repository's; the kept one keeps its content under its new name.
    const kept = after.find((r) => r.id === toolsId)!;
    const old = before.find((r) => r.id === toolsId)!;
    expect(kept.files).toEqual(old.files);
    expect(kept.folderFiles).toEqual(old.folderFiles);
    expect(kept.aliases).toEqual(["eve/tools"]);
    expect(after.find((r) => r.id === otherId)!.aliases).toEqual(["eve/other"]);

    const site = await build({ dataDir: data, outDir: join(work, "site"), page: false, workers: 1 });
    expect(site.skills).toBe(2);
    expect(site.skipped).toEqual([]);
  }, 180_000);
});
