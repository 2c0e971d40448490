// The read budget of one repository, counted at the fixture's server: a wide repository whose tree
// GitHub truncates costs one tree request and one archive, never a walk of its folders (which cost
// one request per folder, up to 2,000, again on every push); past its budget a repository is
// reported over budget, keeps its previous record, and spends nothing more.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CrawlOutput } from "../../src/ingest/crawl.js";
import type { GitHubFixture } from "../../src/node/github-fixture/server.js";
import { crawl, EMPTY, fixtureCall, next, serverCounts, sourcesWith, startFixture } from "../support/crawl-harness.js";
import { writeFolderFixture } from "../support/hostile-repos.js";

const FOLDERS = 400;
const wide: Record<string, string> = { "SKILL.md": "---\nname: tree\ndescription: A wide collection of skills.\n---\n" };
for (let i = 0; i < FOLDERS; i++) {
  wide[`skills/s${i}/SKILL.md`] = `---\nname: s${i}\ndescription: Skill ${i} of a wide tree.\n---\n`;
  wide[`skills/s${i}/run.sh`] = `echo ${i}\n`;
}
const sources = sourcesWith({
  repos: ["wide/tree", "wide/small"],
  topics: [],
  codeSearch: { ...sourcesWith().codeSearch, enabled: false },
});

describe("a repository's read budget", () => {
  const work = mkdtempSync(join(tmpdir(), "crawl-budget-"));
  let fixture: GitHubFixture;
  let cold: CrawlOutput;

  beforeAll(async () => {
    const dir = writeFolderFixture(join(work, "fixture"), "wide", {
      tree: wide,
      small: { "SKILL.md": "---\nname: small\ndescription: A small skill.\n---\n", "run.sh": "echo small\n" },
    });
    // GitHub truncates at 100,000 entries; 100 stands for it here.
    fixture = await startFixture(dir, { treeEntryLimit: 100 });
    cold = await crawl(fixture, EMPTY, { sources });
  });
  afterAll(async () => {
    await fixture?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("a wide truncated tree costs one tree request and one archive, and is read whole", async () => {
    const counts = await serverCounts(fixture);
    // Two repositories: a tree and an archive each, the facts and blobs in GraphQL; no folder walk.
    expect(counts.byKind.tree).toBe(2);
    expect(counts.byKind.archive).toBe(2);
    expect(counts.byKind.blob ?? 0).toBe(0);
    expect(counts.byKind.contents ?? 0).toBe(0);
    const tree = cold.records.find((r) => r.repo === "tree")!;
    expect(tree.files).toHaveLength(FOLDERS + 1);
    expect(tree.folderFiles).toHaveLength(FOLDERS);
    expect(tree.folderFiles!.every((f) => f.kind === "text" && f.skill === f.path.replace(/run\.sh$/, "SKILL.md"))).toBe(true);
    expect(cold.report.folders.notes).toContainEqual({
      key: "wide/tree",
      path: "(tree)",
      reason: "GitHub truncated the tree: the repository was listed from its archive",
    });
  });

  it("past its budget a repository is over budget, keeps its previous record and spends no more", async () => {
    await fixtureCall(fixture, "POST", "/__fixture/repos/wide/tree/commits", { files: { "skills/s1/run.sh": "echo changed\n" } });
    fixture.resetCounts();
    const out = await crawl(fixture, next(cold), { sources, now: "2026-11-22T09:00:00Z", crawl: { readBudget: 1 } });
    const counts = await serverCounts(fixture);
    expect(out.report.failed).toEqual([
      {
        key: "wide/tree",
        reason: expect.stringMatching(/^over budget: one more archive request would pass the 1 requests a repository may cost \(tree 1\)$/),
      },
    ]);
    expect(out.records.find((r) => r.repo === "tree")).toEqual(cold.records.find((r) => r.repo === "tree"));
    // The tree alone: the archive was never asked for.
    expect(counts.byKind).toEqual({ graphql: 1, tree: 1 });
  });
});
