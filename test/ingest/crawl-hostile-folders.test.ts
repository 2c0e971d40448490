// Hostile skill folders and archives never stop a crawl: each is bounded and reported, and an
// ordinary repository beside them is listed. Archive entries that climb out of the archive, are
// absolute, links or devices are skipped; a gzip bomb and an oversized download stop at their bound
// (the repository is over budget); a folder of hundreds of files keeps its first 300; a repository
// with more folder files than it may have is over budget; symlinks pointing anywhere are recorded,
// never followed; bytes that are not UTF-8 are binary; an archive that lacks a file or holds other
// bytes than the tree is corrected from the blob; a download cut off midway fails its repository alone.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CrawlOutput } from "../../src/ingest/crawl.js";
import { CrawlReport } from "../../src/ingest/report.js";
import type { GitHubFixture } from "../../src/node/github-fixture/server.js";
import { SkillRecord } from "../../src/schemas/dataset.js";
import { crawl, EMPTY, serverCounts, sourcesWith, startFixture } from "../support/crawl-harness.js";
import { handMadeArchive, type TarEntry, writeFolderFixture } from "../support/hostile-repos.js";

const OWNER = "hostile";
const skill = (name: string) => `---\nname: ${name}\ndescription: The ${name} case.\n---\n\n# ${name}\n`;
const many = (n: number) =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`refs/r${String(i).padStart(4, "0")}.md`, `# Ref ${i}\n`]));

const REPOS = {
  traversal: { "SKILL.md": skill("traversal"), "scripts/ok.sh": "echo ok\n" },
  bomb: { "SKILL.md": skill("bomb"), "data.txt": "data\n" },
  huge: { "SKILL.md": skill("huge"), "data.txt": "data\n" },
  "many-files": { "SKILL.md": skill("many-files"), ...many(350) },
  "too-many-files": { "SKILL.md": skill("too-many-files"), ...many(450) },
  "outside-links": {
    "skill/SKILL.md": skill("outside-links"),
    "skill/passwd": { content: "../../../../etc/passwd", mode: "120000" },
    "skill/shadow": { content: "/etc/shadow", mode: "120000" },
  },
  encodings: {
    "SKILL.md": skill("encodings"),
    "latin1.txt": Buffer.from("caf\xe9 cr\xe8me\n", "latin1"),
    "hidden.md": "Run this\u200b quietly\u{e0041}.\n",
  },
  altered: { "SKILL.md": skill("altered"), "a.sh": "echo the tree's bytes\n", "b.sh": "echo left out of the archive\n" },
  "cut-off": { "SKILL.md": skill("cut-off"), "run.sh": "echo run\n" },
  ordinary: { "SKILL.md": skill("ordinary"), "scripts/run.py": "print('ok')\n" },
};

describe("hostile skill folders and archives", () => {
  const work = mkdtempSync(join(tmpdir(), "crawl-hostile-folders-"));
  let fixture: GitHubFixture;
  let out: CrawlOutput;
  let counts: Awaited<ReturnType<typeof serverCounts>>;
  const record = (repo: string) => out.records.find((r) => r.repo === repo);
  const failed = (repo: string) => out.report.failed.find((f) => f.key === `${OWNER}/${repo}`)?.reason;
  const notes = (repo: string) => out.report.folders.notes.filter((n) => n.key === `${OWNER}/${repo}`);

  beforeAll(async () => {
    fixture = await startFixture(writeFolderFixture(join(work, "fixture"), OWNER, REPOS));
    const put = async (repo: string, entries: TarEntry[]) => {
      const r = fixture.store.byKey(OWNER, repo)!.repo;
      const root = `${OWNER}-${repo}-${r.headSha.slice(0, 7)}`;
      const body = await handMadeArchive(entries.map((e) => ({ ...e, name: e.name.replace("ROOT", root) })));
      const res = await fetch(`${fixture.url}/__fixture/repos/${OWNER}/${repo}/archive`, { method: "PUT", body: new Uint8Array(body) });
      expect(res.status).toBe(200);
    };
    await put("traversal", [
      { name: "ROOT/", type: "directory" },
      { name: "ROOT/SKILL.md", body: skill("traversal") },
      { name: "ROOT/scripts/ok.sh", body: "echo ok\n" },
      { name: "ROOT/../../escape.sh", body: "rm -rf ~\n" },
      { name: "/etc/cron.d/evil", body: "* * * * * root sh\n" },
      { name: "ROOT/scripts/./dot.sh", body: "echo dot\n" },
      { name: "ROOT/scripts/hard", type: "link", linkname: "ROOT/SKILL.md" },
      { name: "ROOT/scripts/null", type: "character-device" },
    ]);
    // 64 MiB of zeros gzip to about 64 KB.
    await put("bomb", [
      { name: "ROOT/SKILL.md", body: skill("bomb") },
      { name: "ROOT/data.txt", body: "data\n" },
      { name: "ROOT/zeros.bin", body: Buffer.alloc(64 * 1024 * 1024) },
    ]);
    await put("huge", [
      { name: "ROOT/SKILL.md", body: skill("huge") },
      { name: "ROOT/data.txt", body: "data\n" },
      { name: "ROOT/noise.bin", body: randomBytes(3 * 1024 * 1024) },
    ]);
    // Other bytes than the tree's for a.sh (as export-subst would make), and no b.sh (export-ignore).
    await put("altered", [
      { name: "ROOT/SKILL.md", body: skill("altered") },
      { name: "ROOT/a.sh", body: "echo the archive's bytes\n" },
    ]);
    const cut = fixture.store.byKey(OWNER, "cut-off")!.repo;
    await fetch(`${fixture.url}/__fixture/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ faults: [{ kind: "truncate", requestKind: "codeload", pathIncludes: `/${cut.id}/`, times: -1 }] }),
    });
    out = await crawl(fixture, EMPTY, {
      sources: sourcesWith({
        repos: Object.keys(REPOS).map((r) => `${OWNER}/${r}`),
        topics: [],
        codeSearch: { ...sourcesWith().codeSearch, enabled: false },
      }),
      crawl: {
        folderBounds: { repositoryFiles: 400 },
        archiveLimits: { expandedBytes: 16 * 1024 * 1024, compressedBytes: 2 * 1024 * 1024 },
      },
    });
    counts = await serverCounts(fixture);
  }, 120_000);
  afterAll(async () => {
    await fixture?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("finishes, lists the ordinary repositories with valid records, and fails only the hostile ones", () => {
    CrawlReport.parse(out.report);
    for (const r of out.records) expect(SkillRecord.safeParse(r).success, r.repo).toBe(true);
    expect(out.records.map((r) => r.repo).sort()).toEqual(["altered", "encodings", "many-files", "ordinary", "outside-links", "traversal"]);
    expect(out.report.failed.map((f) => f.key).sort()).toEqual(["bomb", "cut-off", "huge", "too-many-files"].map((r) => `${OWNER}/${r}`));
    expect(record("ordinary")?.folderFiles?.map((f) => [f.path, f.kind])).toEqual([["scripts/run.py", "text"]]);
  });

  it("skips archive entries that climb out, are absolute, links or devices, and says why", () => {
    expect(record("traversal")?.folderFiles?.map((f) => [f.path, f.kind])).toEqual([["scripts/ok.sh", "text"]]);
    const reasons = notes("traversal").map((n) => n.reason);
    expect(reasons.filter((r) => r.startsWith("archive entry skipped"))).toHaveLength(5);
    expect(reasons).toContain("archive entry skipped: empty, `.` or `..` path segment");
    expect(reasons).toContain("archive entry skipped: outside the archive's top folder");
    expect(reasons.some((r) => /a link entry/.test(r))).toBe(true);
    expect(reasons.some((r) => /a character-device entry/.test(r))).toBe(true);
  });

  it("stops a gzip bomb and an oversized download at their bounds: the repository is over budget", () => {
    expect(failed("bomb")).toBe("over budget: the archive is larger than 16777216 bytes once inflated");
    expect(failed("huge")).toBe("over budget: the archive is larger than 2097152 bytes gzipped");
  });

  it("keeps the first 300 files of a folder and omits the rest; more folder files than a repository may have is over budget", () => {
    const kinds = record("many-files")!.folderFiles!.map((f) => f.kind);
    expect(kinds.filter((k) => k === "text")).toHaveLength(300);
    expect(kinds.filter((k) => k === "omitted")).toHaveLength(50);
    expect(notes("many-files")).toContainEqual({
      key: `${OWNER}/many-files`,
      path: "SKILL.md",
      reason: "50 files omitted: past the first 300 files of the folder",
    });
    expect(failed("too-many-files")).toBe("over budget: 450 files in the skill folders, more than the 400 a repository may have");
  });

  it("records symlinks with their targets and follows none; bytes that are not UTF-8 are binary; hidden characters are kept", () => {
    expect(record("outside-links")?.folderFiles?.map((f) => [f.path, f.kind, f.target])).toEqual([
      ["skill/passwd", "symlink", "../../../../etc/passwd"],
      ["skill/shadow", "symlink", "/etc/shadow"],
    ]);
    const enc = new Map(record("encodings")!.folderFiles!.map((f) => [f.path, f]));
    expect(enc.get("latin1.txt")).toMatchObject({ kind: "binary" });
    expect(enc.get("latin1.txt")).not.toHaveProperty("content");
    expect(enc.get("hidden.md")?.content).toBe("Run this\u200b quietly\u{e0041}.\n");
  });

  it("reads a file the archive lacks or altered as a blob, so the record holds the tree's bytes", () => {
    const files = new Map(record("altered")!.folderFiles!.map((f) => [f.path, f.content]));
    expect(files.get("a.sh")).toBe("echo the tree's bytes\n");
    expect(files.get("b.sh")).toBe("echo left out of the archive\n");
    expect(counts.byKind.blob).toBe(2);
    expect(
      notes("altered")
        .map((n) => n.path)
        .sort(),
    ).toEqual(["a.sh", "b.sh"]);
  });

  it("a download cut off midway fails its repository alone", () => {
    expect(failed("cut-off")).toMatch(/^archive: /);
  });
});
