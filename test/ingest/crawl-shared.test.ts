// The crawler over the real repositories of the shared dataset, served by the local GitHub server:
// a first crawl finds and reads them all into valid records, byte for byte; a second crawl with
// nothing changed costs at most one request per 50 repositories (counted at the server); one
// changed repository is re-read alone. Without the full dataset it crawls the sample the repository
// carries (test/support/shared-dataset.ts).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readDataset } from "../../src/dataset/files.js";
import type { CrawlOutput } from "../../src/ingest/crawl.js";
import { writeCrawlOutput } from "../../src/ingest/dataset-io.js";
import { CrawlReport } from "../../src/ingest/report.js";
import { parseSkillFile } from "../../src/ingest/skill-file.js";
import { loadSources } from "../../src/node/github-fixture/model.js";
import type { GitHubFixture } from "../../src/node/github-fixture/server.js";
import { SkillRecord, SourcesFile } from "../../src/schemas/dataset.js";
import {
  categories,
  crawl,
  EMPTY,
  fixtureCall,
  next,
  PROJECT_ROOT,
  platforms,
  serverCounts,
  startFixture,
} from "../support/crawl-harness.js";
import { SHARED } from "../support/shared-dataset.js";

describe("crawl of the shared dataset's real repositories", () => {
  const sources = SourcesFile.parse(JSON.parse(readFileSync(join(PROJECT_ROOT, "data", "sources.json"), "utf8")));
  let fixture: GitHubFixture;
  let cold: CrawlOutput;
  let blobs: Map<string, { sha: string; raw: string; symlink: boolean }>;
  let expected: string[];
  /** owner/repo:path of every SKILL.md that parses with problems: what the first crawl must report invalid. */
  let invalid: string[];
  /** The repository with the most SKILL.md files, changed in the last test. */
  let largest: { owner: string; repo: string; skills: number };

  beforeAll(async () => {
    const data = await loadSources(SHARED);
    blobs = new Map(
      data.flatMap((s) =>
        s.skills.map((k) => [`${k.owner}/${k.repo}:${k.path}`, { sha: k.blobSha, raw: k.raw, symlink: k.mode === "120000" }] as const),
      ),
    );
    expected = data
      .filter((s) => s.skills.some((k) => k.mode !== "120000"))
      .map((s) => `${s.repo.owner}/${s.repo.repo}`)
      .sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
    invalid = data
      .flatMap((s) => s.skills.filter((k) => k.mode !== "120000"))
      .filter((k) => {
        const parsed = parseSkillFile(k.raw, k.path, k.repo);
        return parsed.ok && parsed.skill.problems.length > 0;
      })
      .map((k) => `${k.owner}/${k.repo}:${k.path}`)
      .sort();
    const [top] = [...data].sort((a, b) => b.skills.length - a.skills.length);
    largest = { owner: top!.repo.owner, repo: top!.repo.repo, skills: top!.skills.length };
    fixture = await startFixture(SHARED);
    cold = await crawl(fixture, EMPTY, { sources });
  });
  afterAll(() => fixture?.close());

  it("a first crawl lists every repository holding a SKILL.md, with valid records and exact file bytes", () => {
    CrawlReport.parse(cold.report);
    expect(cold.records.map((r) => `${r.owner}/${r.repo}`)).toEqual(expected);
    for (const r of cold.records) {
      const parsed = SkillRecord.safeParse(r);
      expect(parsed.success, `${r.owner}/${r.repo}: ${parsed.error?.message}`).toBe(true);
      expect(r.categories.length).toBeGreaterThanOrEqual(1);
      for (const f of r.files) {
        const src = blobs.get(`${r.owner}/${r.repo}:${f.path}`);
        expect(src?.sha).toBe(f.sha);
        expect(f.content === src?.raw).toBe(true);
      }
    }
    expect(cold.report.failed).toEqual([]);
    // Every symlinked SKILL.md is reported, none is read as a skill.
    const symlinks = [...blobs.values()].filter((b) => b.symlink).length;
    expect(cold.report.files.unreadable.filter((u) => u.reason.startsWith("symbolic link"))).toHaveLength(symlinks);
    expect(cold.report.files.invalid.map((i) => `${i.key}:${i.path}`).sort()).toEqual(invalid);
    for (const i of cold.report.files.invalid) expect(i.problems.length).toBeGreaterThan(0);
  });

  it("writes a dataset folder that the build's reader accepts", async () => {
    const dir = mkdtempSync(join(tmpdir(), "crawl-shared-"));
    try {
      await writeCrawlOutput(
        dir,
        { records: cold.records, state: cold.state, finishedAt: cold.report.finishedAt },
        { categories, platforms },
      );
      const data = await readDataset(dir);
      expect(data.records).toHaveLength(cold.records.length);
      expect(data.meta).toEqual({ generatedAt: "2026-11-21T09:00:00Z", day: "2026-11-21" });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a second crawl with nothing changed reuses everything for at most one request per 50 repositories", async () => {
    fixture.resetCounts();
    const warm = await crawl(fixture, next(cold), { sources, now: "2026-11-21T15:00:00Z" });
    const counts = await serverCounts(fixture);
    const repos = warm.report.repositories.seen;
    console.log(`warm crawl: ${counts.total} requests for ${repos} repositories (${(counts.total / repos).toFixed(4)} per repository)`);
    // A few repositories (the sample) still cost the one request a check needs.
    expect(counts.total).toBeLessThanOrEqual(Math.max(1, repos / 50));
    expect(Object.keys(counts.byKind)).toEqual(["graphql"]);
    expect(warm.records).toEqual(cold.records);
    expect(warm.report.repositories).toMatchObject({ read: 0, added: 0, changed: 0, removed: 0 });
  });

  it("one changed repository is re-read alone", async () => {
    const { owner, repo } = largest;
    await fixtureCall(fixture, "POST", `/__fixture/repos/${owner}/${repo}/commits`, {
      files: {
        "plugins/new-skill/skills/new-skill/SKILL.md":
          "---\nname: new-skill\ndescription: Audit Solidity smart contracts for reentrancy.\n---\n\nSteps.\n",
      },
    });
    fixture.resetCounts();
    const out = await crawl(fixture, next(cold), { sources, now: "2026-11-21T16:00:00Z" });
    const counts = await serverCounts(fixture);
    expect(counts.byKind.tree).toBe(1);
    expect(out.report.changed).toEqual([`${owner}/${repo}`]);
    expect(out.report.repositories.read).toBe(1);
    // One new file read, the others reused by sha.
    expect(out.report.files.read).toBe(1);
    const changed = out.records.find((r) => r.repo === repo && r.owner === owner)!;
    expect(changed.files.map((f) => f.path)).toContain("plugins/new-skill/skills/new-skill/SKILL.md");
    expect(out.records.filter((r) => r !== changed)).toEqual(cold.records.filter((r) => !(r.owner === owner && r.repo === repo)));
  });
});
