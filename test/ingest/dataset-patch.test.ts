// A crawl of named repositories (a queued re-index) patches skills.jsonl instead of rewriting it:
// the patched folder must equal, byte for byte, what a crawl over the whole dataset writes, and the
// events derived from the patched records' scope must equal those of a whole comparison. The real
// Octokit client over HTTP against the local GitHub-compatible server.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCrawlState } from "../../src/dataset/crawl-state.js";
import { DATASET_FILES, readSkillsFile, writeSkills } from "../../src/dataset/files.js";
import { stableStringify } from "../../src/dataset/json.js";
import { lineFields } from "../../src/dataset/line-fields.js";
import { recordEvents } from "../../src/events/record.js";
import { crawlFolder } from "../../src/ingest/crawl-folder.js";
import { loadCrawlInput, writeCrawlOutput } from "../../src/ingest/dataset-io.js";
import { patchSkillLines, scanSkillLines } from "../../src/ingest/dataset-patch.js";
import type { GitHubFixture } from "../../src/node/github-fixture/server.js";
import { crawl, fixtureCall, HANDMADE, PROJECT_ROOT, sourcesWith, startFixture } from "../support/crawl-harness.js";

describe("lineFields reads a line's top-level fields as JSON.parse does", () => {
  const awkward = {
    aliases: ["x/y"],
    files: [{ content: 'a "quoted" \\"id\\": "fake", {"owner":"no"} \\\\', id: "nested", path: "SKILL.md" }],
    id: "R_1",
    meta: { owner: "nested", list: [1, [2, { repo: "z" }]], empty: {} },
    n: -12.5e3,
    owner: 'Ünï"code',
    repo: "a\\b",
    t: true,
    z: null,
  };
  const line = (v: unknown, indent?: number) => Buffer.from(JSON.stringify(v, null, indent));
  const wanted = new Set(["id", "owner", "repo", "aliases", "n", "t", "z", "missing"]);

  it("finds the top-level values, whatever the strings and nested objects before them hold", () => {
    for (const text of [line(awkward), line(awkward, 2), line(JSON.parse(stableStringify(awkward)))]) {
      expect(lineFields(text, wanted)).toEqual({
        aliases: ["x/y"],
        id: "R_1",
        owner: 'Ünï"code',
        repo: "a\\b",
        n: -12500,
        t: true,
        z: null,
      });
    }
    expect(lineFields(Buffer.from("{}"), wanted)).toEqual({});
  });

  it("agrees with JSON.parse on long strings, escapes near its short-string limit and escaped keys", () => {
    // Strings of every length around the point where the scanner hands over to indexOf, each with
    // escaped quotes and backslashes at every place, and keys written with escapes.
    const texts: string[] = [];
    for (let n = 40; n <= 56; n++)
      for (const piece of ['"', "\\", '\\"', "é"])
        texts.push(`${"x".repeat(n)}${piece}${"y".repeat(60 - n)}`, `${piece.repeat(n % 7)}${"z".repeat(n)}`);
    for (const text of texts) {
      const value = { a: text, files: [{ content: text, id: "nested" }], id: text, n: 1, owner: `${text}!` };
      const raw = JSON.stringify(value);
      const escapedKeys = raw.replace('"owner":', '"\\u006fwner":').replace('"id":', '"\\u0069d":');
      for (const line of [raw, escapedKeys])
        expect(lineFields(Buffer.from(line), new Set(["id", "owner", "n"])), line).toEqual({ id: text, owner: `${text}!`, n: 1 });
    }
  });

  it("says undefined for a line it cannot walk instead of guessing", () => {
    for (const bad of [
      '{"id":"a"',
      '["id"]',
      '{"id":"a" "owner":"b"}',
      '{"id":"a}',
      '{"id":"a"} trailing',
      "",
      '{"files":[{"a":"b"}',
      '{"\\x":1,"id":"a"}',
      `{"id":"${"a".repeat(60)}\\"}`,
    ])
      expect(lineFields(Buffer.from(bad), wanted), bad).toBeUndefined();
  });
});

describe("a crawl of named repositories patches the dataset", () => {
  let fixture: GitHubFixture;
  const work = mkdtempSync(join(tmpdir(), "dataset-patch-"));
  const patched = join(work, "patched");
  const whole = join(work, "whole");
  const sourcesFile = join(work, "sources.json");
  const sources = sourcesWith({
    repos: ["acme/agent-collection", "acme/pdf-tools", "bob/broken-yaml", "bob/no-frontmatter", "frank/gemini-helper"],
    topics: [],
    codeSearch: { enabled: false, query: "filename:SKILL.md", minSize: 0, maxSize: 1048576, everyHours: 168 },
    exclude: ["gina/*"],
  });
  const settings = () => ({
    githubUrl: fixture.url,
    defaultsDir: join(PROJECT_ROOT, "data"),
    sourcesFile,
    maxFailedShare: 0.5,
    timing: { secondMs: 10, paceMs: 0 },
    stderr: { write: () => true },
  });
  const T1 = "2026-11-21T09:00:00Z";
  const T2 = "2026-11-21T09:15:00Z";

  beforeAll(async () => {
    fixture = await startFixture(HANDMADE);
    writeFileSync(sourcesFile, JSON.stringify(sources));
    const first = await crawlFolder({ ...settings(), dataDir: patched, now: new Date(T1) });
    expect(first.problems).toEqual([]);
    expect(first.scope).toBeNull();
    await recordEvents(patched, first.records, { now: new Date(T1) });
    cpSync(patched, whole, { recursive: true });
  }, 60_000);
  afterAll(async () => {
    await fixture?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("writes the bytes, state and events a crawl over the whole dataset writes", async () => {
    // Upstream: one SKILL.md changed, one repository renamed (asked for by its old name), one
    // deleted, and one never listed before asked for.
    await fixtureCall(fixture, "POST", "/__fixture/repos/acme/pdf-tools/commits", {
      files: { "SKILL.md": "---\nname: pdf-tools\ndescription: Fills and signs PDF forms.\n---\n\n# PDF tools\n" },
    });
    await fixtureCall(fixture, "POST", "/__fixture/repos/frank/gemini-helper/rename", { to: "frank/gemini-tools" });
    await fixtureCall(fixture, "DELETE", "/__fixture/repos/bob/broken-yaml");
    const only = ["acme/pdf-tools", "frank/gemini-helper", "bob/broken-yaml", "carol/bom-crlf"];

    const notes: string[] = [];
    const a = await crawlFolder({
      ...settings(),
      dataDir: patched,
      only,
      now: new Date(T2),
      stderr: { write: (t: string) => notes.push(t) },
    });
    expect(a.problems).toEqual([]);
    expect(notes.filter((n) => n.startsWith("note:"))).toEqual([]);
    expect(a.scope).not.toBeNull();
    expect(a.records.map((r) => `${r.owner}/${r.repo}`).sort()).toEqual(["acme/pdf-tools", "carol/bom-crlf", "frank/gemini-tools"]);

    // The same crawl over the whole dataset, written whole.
    const input = await loadCrawlInput(whole, join(PROJECT_ROOT, "data"), sourcesFile);
    const b = await crawl(fixture, { records: [...input.previous], state: input.state }, { sources, now: T2, crawl: { only } });
    await writeCrawlOutput(whole, { records: b.records, state: b.state, finishedAt: b.report.finishedAt }, input);

    expect(a.report.repositories).toEqual(b.report.repositories);
    expect(a.report.repositories).toMatchObject({ added: 1, changed: 2, removed: 1, total: 5 });
    const bytes = (dir: string, name: string) => readFileSync(join(dir, name));
    expect(bytes(patched, DATASET_FILES.skills).equals(bytes(whole, DATASET_FILES.skills))).toBe(true);
    expect(await readCrawlState(patched)).toEqual(await readCrawlState(whole));

    const ea = await recordEvents(patched, a.records, { now: new Date(T2), scope: a.scope });
    const eb = await recordEvents(whole, b.records, { now: new Date(T2) });
    expect(ea.recorded.map((e) => `${e.type} ${e.skill.owner}/${e.skill.repo}`)).toEqual([
      "skill.updated acme/pdf-tools",
      "skill.deleted bob/broken-yaml",
      "skill.created carol/bom-crlf",
      "skill.updated frank/gemini-tools",
    ]);
    expect(ea).toEqual(eb);
    expect(bytes(patched, "events.jsonl").equals(bytes(whole, "events.jsonl"))).toBe(true);
  });

  it("falls back to the whole dataset when a re-read repository lands on a line it did not read", async () => {
    // Asked for by its new name, which the dataset does not know: GitHub names the id of a line not read.
    await fixtureCall(fixture, "POST", "/__fixture/repos/frank/gemini-tools/rename", { to: "frank/gemini-pro" });
    const before = (await readSkillsFile(join(patched, DATASET_FILES.skills), [])).length;
    const notes: string[] = [];
    const a = await crawlFolder({
      ...settings(),
      dataDir: patched,
      only: ["frank/gemini-pro"],
      now: new Date("2026-11-21T09:30:00Z"),
      stderr: { write: (t: string) => notes.push(t) },
    });
    expect(a.problems).toEqual([]);
    expect(notes.join("")).toMatch(/crawling again over the whole dataset/);
    expect(a.scope).toBeNull();
    const after = await readSkillsFile(join(patched, DATASET_FILES.skills), []);
    expect(after).toHaveLength(before);
    expect(after.filter((r) => r.owner === "frank").map((r) => r.repo)).toEqual(["gemini-pro"]);
  });
});

describe("patchSkillLines", () => {
  it("refuses a file out of key order, and splices records at their keys", async () => {
    const dir = mkdtempSync(join(tmpdir(), "patch-lines-"));
    try {
      const file = join(dir, DATASET_FILES.skills);
      writeFileSync(file, '{"aliases":[],"id":"b","owner":"b","repo":"b"}\n{"aliases":[],"id":"a","owner":"a","repo":"a"}\n');
      expect(await scanSkillLines(file, () => false)).toEqual({ unusable: "line 2 is not in key order" });
      writeFileSync(file, '{"aliases":[],"id":"b","owner":"A","repo":"a"}\n{"aliases":[],"id":"a","owner":"a","repo":"a"}\n');
      expect(await scanSkillLines(file, () => false)).toEqual({ unusable: "two lines for a/a" });
      const scanned = await scanSkillLines(join(PROJECT_ROOT, "data", DATASET_FILES.skills), (l) => l.key.startsWith("a"));
      if ("unusable" in scanned) throw new Error(scanned.unusable);
      const all = await readSkillsFile(join(PROJECT_ROOT, "data", DATASET_FILES.skills), []);
      expect(scanned.lines.map((l) => l.id)).toEqual(all.map((r) => r.id));
      expect(scanned.selected).toEqual(all.filter((r) => `${r.owner}/${r.repo}`.toLowerCase().startsWith("a")));
      // Drop every third, change every fifth, add one at each end.
      await writeSkills(dir, all);
      const drop = new Set(all.filter((_, i) => i % 3 === 0 || i % 5 === 0).map((r) => r.id));
      const fresh = [
        ...all.filter((_, i) => i % 5 === 0).map((r) => ({ ...r, stars: r.stars + 1 })),
        { ...all[0]!, id: "new-first", owner: "0000", repo: "first" },
        { ...all[0]!, id: "new-last", owner: "zzzz", repo: "last" },
      ];
      await patchSkillLines(file, drop, fresh);
      const expected = join(dir, "expected");
      await writeSkills(expected, [...all.filter((r) => !drop.has(r.id)), ...fresh]);
      expect(readFileSync(file).equals(readFileSync(join(expected, DATASET_FILES.skills)))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("patchSkillLines copies the kept lines as byte ranges", () => {
  const records = async () => readSkillsFile(join(PROJECT_ROOT, "data", DATASET_FILES.skills), []);

  it("gives a whole rewrite's bytes when the last line lacks its newline and when the first and last lines go", async () => {
    const dir = mkdtempSync(join(tmpdir(), "patch-ranges-"));
    try {
      const all = await records();
      const file = join(dir, DATASET_FILES.skills);
      await writeSkills(dir, all);
      writeFileSync(file, readFileSync(file).subarray(0, -1));
      const drop = new Set([all[0]!.id, all.at(-1)!.id, all[1]!.id]);
      const fresh = [{ ...all[1]!, stars: all[1]!.stars + 7 }];
      const scan = await scanSkillLines(file, (l) => drop.has(l.id));
      if ("unusable" in scan) throw new Error(scan.unusable);
      expect(scan.selected.map((r) => r.id)).toEqual(
        [...drop].sort((a, b) => all.findIndex((r) => r.id === a) - all.findIndex((r) => r.id === b)),
      );
      await patchSkillLines(file, drop, fresh, scan);
      const expected = join(dir, "expected");
      await writeSkills(expected, [...all.filter((r) => !drop.has(r.id)), ...fresh]);
      expect(readFileSync(file).equals(readFileSync(join(expected, DATASET_FILES.skills)))).toBe(true);
      expect(readdirSync(dir).sort()).toEqual(["expected", DATASET_FILES.skills]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("finds every line's bytes across the reader's chunks in a file of several megabytes", async () => {
    const dir = mkdtempSync(join(tmpdir(), "patch-ranges-"));
    try {
      const base = await records();
      // 400 records of about 25 KB each (10 MB): lines cross the reader's 4 MB chunks and the copy's 8 MB ones.
      const many = Array.from({ length: 400 }, (_, i) => {
        const r = base[i % base.length]!;
        const pad = 'é"x'.repeat(2000 + ((i * 37) % 1500));
        return {
          ...r,
          id: String(1_000_000 + i),
          owner: `o${String(i).padStart(4, "0")}`,
          files: r.files.map((f) => ({ ...f, content: `${f.content}${pad}` })),
        };
      });
      const file = join(dir, DATASET_FILES.skills);
      await writeSkills(dir, many);
      const scan = await scanSkillLines(file, () => false);
      if ("unusable" in scan) throw new Error(scan.unusable);
      const whole = readFileSync(file);
      for (const [i, l] of scan.lines.entries()) {
        expect(l.id).toBe(many[i]!.id);
        expect(JSON.parse(whole.toString("utf8", l.start, l.end)).id).toBe(l.id);
        expect(whole[l.end]).toBe(0x0a);
      }
      const drop = new Set(many.filter((_, i) => i % 97 === 5 || i === 399).map((r) => r.id));
      const fresh = many.filter((_, i) => i % 97 === 5).map((r) => ({ ...r, stars: r.stars + 1 }));
      await patchSkillLines(file, drop, fresh, scan);
      const expected = join(dir, "expected");
      await writeSkills(expected, [...many.filter((r) => !drop.has(r.id)), ...fresh]);
      expect(readFileSync(file).equals(readFileSync(join(expected, DATASET_FILES.skills)))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses a file that changed after the scan and leaves it whole", async () => {
    const dir = mkdtempSync(join(tmpdir(), "patch-ranges-"));
    try {
      const all = await records();
      const file = join(dir, DATASET_FILES.skills);
      await writeSkills(dir, all);
      const scan = await scanSkillLines(file, () => false);
      if ("unusable" in scan) throw new Error(scan.unusable);
      // Another writer: one line shorter, so every later range would be cut in the wrong place.
      await writeSkills(dir, all.slice(1));
      const changed = readFileSync(file);
      await expect(patchSkillLines(file, new Set([all[2]!.id]), [], scan)).rejects.toThrow(/changed since it was scanned/);
      expect(readFileSync(file).equals(changed)).toBe(true);
      expect(readdirSync(dir)).toEqual([DATASET_FILES.skills]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("finds a damaged line before anything is patched", async () => {
    const dir = mkdtempSync(join(tmpdir(), "patch-ranges-"));
    try {
      const all = await records();
      const file = join(dir, DATASET_FILES.skills);
      await writeSkills(dir, all);
      const lines = readFileSync(file, "utf8").split("\n");
      // A line cut short in its SKILL.md text, and one whose nested value lost a bracket.
      for (const damaged of [lines[3]!.slice(0, lines[3]!.length / 2), lines[3]!.replace('"files":[', '"files":')]) {
        writeFileSync(file, [...lines.slice(0, 3), damaged, ...lines.slice(4)].join("\n"));
        expect(await scanSkillLines(file, () => false)).toEqual({ unusable: "line 4 does not name its record" });
        await expect(patchSkillLines(file, new Set([all[0]!.id]), [])).rejects.toThrow(/line 4 does not name its record/);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
