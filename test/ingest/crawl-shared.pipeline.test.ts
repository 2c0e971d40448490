// The crawler over the real repositories of the shared dataset, served by the local GitHub server:
// a first crawl finds and reads them all into valid records, byte for byte, with every file of the
// skill folders files.jsonl holds (11 repositories); it costs at most 3 REST requests per repository;
// a second crawl with nothing changed costs at most one request per 50 repositories (counted at the
// server); one changed repository is re-read alone. Without the full dataset it crawls the sample the
// repository carries (test/support/shared-dataset.ts), which holds no skill-folder files.
import { createHash } from "node:crypto";
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
import type { DatasetFile } from "../../src/schemas/shared-dataset.js";
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
import { FULL_SHARED, SHARED } from "../support/shared-dataset.js";

describe("crawl of the shared dataset's real repositories", () => {
  const sources = SourcesFile.parse(JSON.parse(readFileSync(join(PROJECT_ROOT, "data", "sources.json"), "utf8")));
  let fixture: GitHubFixture;
  let cold: CrawlOutput;
  let blobs: Map<string, { sha: string; raw: string; symlink: boolean }>;
  let folderRows: Map<string, DatasetFile[]>;
  let expected: string[];
  let coldCounts: Awaited<ReturnType<typeof serverCounts>>;
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
    folderRows = new Map(data.filter((s) => s.files.length > 0).map((s) => [`${s.repo.owner}/${s.repo.repo}`, s.files]));
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
    coldCounts = await serverCounts(fixture);
  }, 600_000);
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

  it("records every files.jsonl row of its repositories' skill folders, with matching hashes and text", () => {
    // The shared dataset's README: files.jsonl covers 11 repositories; the sample carries none.
    expect(folderRows.size).toBe(FULL_SHARED ? 11 : 0);
    const records = new Map(cold.records.map((r) => [`${r.owner}/${r.repo}`, r]));
    for (const [key, rows] of folderRows) {
      const got = new Map((records.get(key)?.folderFiles ?? []).map((f) => [f.path, f]));
      // None of the 11 has a root SKILL.md: their skill folders hold exactly the rows.
      expect([...got.keys()].sort(), key).toEqual(rows.map((r) => r.path).sort());
      for (const row of rows) {
        const f = got.get(row.path)!;
        const bytes = Buffer.from(row.raw, "utf8");
        expect(f.sha, `${key}:${row.path}`).toBe(row.blobSha);
        expect(f.size).toBe(row.size);
        expect(f.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
        expect(f.mode).toBe(row.mode);
        if (row.mode === "120000") expect(f).toMatchObject({ kind: "symlink", target: row.raw });
        else expect(f.kind === "text" && f.content === row.raw, `${key}:${row.path}`).toBe(true);
        // The deepest SKILL.md folder holding the file.
        expect(row.path.startsWith(f.skill.slice(0, -"SKILL.md".length))).toBe(true);
      }
    }
  });

  it("a cold crawl costs at most 3 REST requests per repository (one tree and at most one archive each)", () => {
    const rest = coldCounts.total - (coldCounts.byKind.graphql ?? 0) - (coldCounts.byKind["search-code"] ?? 0);
    const repos = cold.report.repositories.seen;
    console.log(`cold crawl: ${coldCounts.total} requests (${rest} REST reads) for ${repos} repositories`, coldCounts.byKind);
    expect(rest / repos).toBeLessThanOrEqual(3);
    expect(coldCounts.byKind.tree).toBe(
      cold.report.repositories.read +
        cold.report.repositories.skipped -
        cold.report.skipped.filter((s) => s.reason.startsWith("fork") || s.reason.startsWith("not found")).length,
    );
    expect(coldCounts.byKind.archive).toBe(cold.report.folders.archives);
    expect(coldCounts.byKind.blob ?? 0).toBe(0);
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
