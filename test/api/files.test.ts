// GET /skills/{owner}/{repo}/files and /content?path= over the files of skill folders, in-process on
// a site built from records written here: every kind of file listed with its hashes, each listed text
// file served with the SHA-256 of what is served, the other kinds refused saying what they are, and
// no spelling of a path (./, .., encoded or doubled slashes, backslashes, case) reaching another file.
// A big folder's files spread over the text shards, so a cold read of one file reads little.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorEnvelope, SkillContentEnvelope, SkillFilesEnvelope } from "../../src/schemas/envelope.js";
import { buildRecordSite, otherFile, type RecordSite, record, sha256, skillMd, textFile } from "../support/record-site.js";

const runSh = "#!/bin/sh\necho 'formatting'\n";
const tabbed = "dir/we ird\tname.md";
const unicode = "skills/b/ドキュメント/ünï.md";

const records = [
  record({
    owner: "Folder",
    repo: "Kit",
    id: 1,
    files: [skillMd("SKILL.md", "kit", "A kit with folders."), skillMd("skills/b/SKILL.md", "b", "The nested skill b.")],
    folderFiles: [
      textFile("scripts/run.sh", "SKILL.md", runSh, "100755"),
      otherFile("assets/logo.png", "SKILL.md", "binary"),
      otherFile("scripts/link", "SKILL.md", "symlink", 14, "run.sh"),
      otherFile("data/huge.csv", "SKILL.md", "omitted", 400_000),
      textFile("skills/b/notes.md", "skills/b/SKILL.md", "# Notes of b\n"),
      textFile(tabbed, "SKILL.md", "tab in the name\n"),
      textFile(unicode, "skills/b/SKILL.md", "Ünïcödé – テキスト\n"),
    ],
  }),
  record({ owner: "plain", repo: "solo", id: 2 }),
  // A big folder: 40 text files of about 60 KB each (2.4 MB in all).
  record({
    owner: "big",
    repo: "folder",
    id: 3,
    folderFiles: Array.from({ length: 40 }, (_, i) =>
      textFile(`refs/part-${String(i).padStart(2, "0")}.md`, "SKILL.md", `${i} `.repeat(20_000)),
    ),
  }),
];

let site: RecordSite;
beforeAll(async () => {
  site = await buildRecordSite("files-api-", records);
}, 120_000);
afterAll(() => site?.remove());

const content = (repo: string, path: string) => site.get(`/skills/${repo}/content?path=${encodeURIComponent(path)}`);

describe("GET /skills/{owner}/{repo}/files", () => {
  it("lists every file of every skill folder, each SKILL.md included, sorted by path, with kind, sizes and hashes", async () => {
    const { status, body } = await site.get("/skills/folder/kit/files");
    expect(status).toBe(200);
    const list = SkillFilesEnvelope.parse(body).data;
    const r = records[0]!;
    const expected = [
      ...r.files.map((f) => ({ path: f.path, size: f.size, kind: "text", sha: f.sha, sha256: sha256(f.content), skill: f.path })),
      ...r.folderFiles!.map((f) => ({
        path: f.path,
        size: f.size,
        kind: f.kind,
        sha: f.sha,
        sha256: f.sha256,
        skill: f.skill,
        ...(f.mode ? { mode: f.mode } : {}),
      })),
    ].sort((a, b) => (a.path < b.path ? -1 : 1));
    expect(list).toEqual(expected);
    // The git mode is listed when it is not a plain file's: an executable script, a symbolic link.
    expect(list.filter((f) => f.mode).map((f) => [f.path, f.mode])).toEqual([
      ["scripts/link", "120000"],
      ["scripts/run.sh", "100755"],
    ]);
    expect(list.map((f) => f.path)).toEqual([...list.map((f) => f.path)].sort());
  });
  it("a skill without other files lists its SKILL.md; an unknown one is 404, a bad name 400", async () => {
    const solo = SkillFilesEnvelope.parse((await site.get("/skills/plain/solo/files")).body).data;
    expect(solo.map((f) => [f.path, f.kind, f.skill])).toEqual([["SKILL.md", "text", "SKILL.md"]]);
    const missing = await site.get("/skills/plain/nothing/files");
    expect(missing.status).toBe(404);
    expect(ErrorEnvelope.parse(missing.body).error.code).toBe("NOT_FOUND");
    expect((await site.get("/skills/bad%20owner/x/files")).status).toBe(400);
  });
});

describe("GET /skills/{owner}/{repo}/content?path=", () => {
  it("serves every listed text file with the SHA-256 of its text, which matches the listing", async () => {
    const list = SkillFilesEnvelope.parse((await site.get("/skills/folder/kit/files")).body).data;
    const texts = list.filter((f) => f.kind === "text");
    expect(texts).toHaveLength(6);
    for (const f of texts) {
      const res = await content("folder/kit", f.path);
      expect(res.status, f.path).toBe(200);
      const data = SkillContentEnvelope.parse(res.body).data;
      expect(data.sha256, f.path).toBe(sha256(data.content));
      expect([data.sha, data.size, data.sha256], f.path).toEqual([f.sha, f.size, f.sha256]);
    }
    expect(SkillContentEnvelope.parse((await content("folder/kit", "scripts/run.sh")).body).data.content).toBe(runSh);
    // Without `path`: the primary SKILL.md, with its hash too.
    const primary = SkillContentEnvelope.parse((await site.get("/skills/folder/kit/content")).body).data;
    expect(primary.sha256).toBe(sha256(records[0]!.files[0]!.content));
  });
  it("a listed binary, symlink or omitted file is a 400 that names its kind", async () => {
    for (const [path, kind] of [
      ["assets/logo.png", "binary"],
      ["scripts/link", "symlink"],
      ["data/huge.csv", "omitted"],
    ] as const) {
      const res = await content("folder/kit", path);
      expect(res.status, path).toBe(400);
      const { error } = ErrorEnvelope.parse(res.body);
      expect(error.code).toBe("INVALID_PARAMS");
      expect(error.message).toContain(`kind ${kind}`);
      expect(error.message).toContain(path);
    }
  });
  it("matches paths exactly: no other spelling reaches a file", async () => {
    const spellings = [
      "./scripts/run.sh",
      "scripts/./run.sh",
      "scripts/../scripts/run.sh",
      "../kit/scripts/run.sh",
      "/scripts/run.sh",
      "scripts//run.sh",
      "scripts\\run.sh",
      "scripts%2Frun.sh",
      "scripts%252Frun.sh",
      "SCRIPTS/run.sh",
      "scripts/run.sh/",
      "scripts/run.sh\u0000",
      " scripts/run.sh",
      "skills/b/../../scripts/run.sh",
      "skills/b",
      "scripts",
    ];
    for (const path of spellings) {
      const res = await content("folder/kit", path);
      expect(res.status, JSON.stringify(path)).toBe(404);
      expect(ErrorEnvelope.parse(res.body).error.code).toBe("NOT_FOUND");
    }
    // Another repository's file is not reachable by naming it from this one.
    expect((await content("plain/solo", "scripts/run.sh")).status).toBe(404);
    expect((await content("folder/kit", "refs/part-00.md")).status).toBe(404);
    // A path with a tab, and one in other scripts, are served as listed.
    expect(SkillContentEnvelope.parse((await content("folder/kit", tabbed)).body).data.content).toBe("tab in the name\n");
    expect(SkillContentEnvelope.parse((await content("folder/kit", unicode)).body).data.content).toBe("Ünïcödé – テキスト\n");
    // An encoded slash in the query is the query's own encoding: it decodes to the listed path.
    expect((await site.get("/skills/folder/kit/content?path=scripts%2Frun.sh")).status).toBe(200);
  });
  it("a path of over 1,024 characters or an empty one is a 400 naming `path`", async () => {
    for (const path of ["", "a".repeat(1025)]) {
      const res = await site.get(`/skills/folder/kit/content?path=${path}`);
      expect(res.status).toBe(400);
      expect(ErrorEnvelope.parse(res.body).error.message).toContain("path");
    }
  });
});

describe("cold reads of a big folder", () => {
  it("spreads its files over the text shards: one file reads a small part of the folder", async () => {
    const total = records[2]!.folderFiles!.reduce((n, f) => n + f.size, 0);
    expect(site.report.manifest.shards.texts).toBeGreaterThanOrEqual(8);
    const texts = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const res = await site.cold(`/skills/big/folder/content?path=refs/part-${String(i).padStart(2, "0")}.md`);
      expect(res.status).toBe(200);
      expect(SkillContentEnvelope.parse(res.body).data.content.startsWith(`${i} `)).toBe(true);
      const read = res.files.filter((f) => f.startsWith("texts/"));
      expect(read).toHaveLength(1);
      for (const f of read) texts.add(f);
      // The detail shard, one text shard and the manifest: well under half the folder.
      expect(res.bytes, `part ${i}`).toBeLessThan(total / 2);
    }
    expect(texts.size).toBeGreaterThan(4);
    // Listing the folder reads no file text at all.
    const listing = await site.cold("/skills/big/folder/files");
    expect(listing.files.some((f) => f.startsWith("texts/"))).toBe(false);
    expect(listing.bytes).toBeLessThan(total / 10);
  });
});
