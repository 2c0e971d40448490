// The MCP tools over a skill folder with files of every kind, in-process through the function's own
// handler (src/api/site.ts) on a site built from the test's records: get_skill lists every file as
// /files does, read_skill_file serves a text file with the sha256 of its bytes and refuses the other
// kinds, unlisted paths and path tricks with an error result that says why.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServices } from "../../src/api/services.js";
import { handleSite } from "../../src/api/site.js";
import { folderAssets } from "../../src/node/folder-assets.js";
import { GetSkillOutput, ReadSkillFileOutput } from "../../src/schemas/mcp.js";
import { buildRecordSite, otherFile, type RecordSite, record, sha256, skillMd, textFile } from "../support/record-site.js";

const script = "#!/bin/sh\necho 'formats the report'\n";
const records = [
  record({
    owner: "tools",
    repo: "reporter",
    id: 501,
    files: [skillMd("SKILL.md", "reporter", "Writes reports."), skillMd("skills/chart/SKILL.md", "chart", "Draws charts.")],
    folderFiles: [
      textFile("scripts/format.sh", "SKILL.md", script, "100755"),
      textFile("skills/chart/reference.md", "skills/chart/SKILL.md", "# Chart reference\n"),
      otherFile("assets/logo.png", "SKILL.md", "binary"),
      otherFile("skills/chart/link", "skills/chart/SKILL.md", "symlink", 12, "../../secrets"),
      otherFile("data/huge.csv", "SKILL.md", "omitted", 900_000),
    ],
  }),
];

let site: RecordSite;
let call: (name: string, args: Record<string, unknown>) => Promise<{ isError?: boolean; structuredContent?: unknown; text: string }>;

beforeAll(async () => {
  site = await buildRecordSite("mcp-files-", records);
  const env = { ASSETS: folderAssets(`${site.dir}/site`), RATE_LIMIT_DISABLED: "1" };
  const services = createServices(env.ASSETS);
  let id = 0;
  call = async (name, args) => {
    const request = new Request("http://local/mcp", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method: "tools/call", params: { name, arguments: args } }),
    });
    const res = await handleSite({ request, env, waitUntil: () => {} }, services);
    expect(res.status).toBe(200);
    const { result } = (await res.json()) as { result: { isError?: boolean; structuredContent?: unknown; content: { text: string }[] } };
    return { ...result, text: result.content[0]!.text };
  };
}, 120_000);
afterAll(() => site?.remove());

describe("skill folders through the MCP tools", () => {
  it("get_skill lists every file of the folders as GET /files does", async () => {
    const { files } = GetSkillOutput.parse((await call("get_skill", { owner: "tools", repo: "reporter" })).structuredContent);
    const listing = (await site.get("/skills/tools/reporter/files")).body as { data: unknown };
    expect(files).toEqual(listing.data);
    expect(files.map((f) => [f.path, f.kind])).toEqual([
      ["SKILL.md", "text"],
      ["assets/logo.png", "binary"],
      ["data/huge.csv", "omitted"],
      ["scripts/format.sh", "text"],
      ["skills/chart/SKILL.md", "text"],
      ["skills/chart/link", "symlink"],
      ["skills/chart/reference.md", "text"],
    ]);
  });

  it("read_skill_file serves a listed text file with the sha256 of its bytes", async () => {
    for (const [path, content] of [
      ["scripts/format.sh", script],
      ["skills/chart/reference.md", "# Chart reference\n"],
    ] as const) {
      const result = await call("read_skill_file", { owner: "tools", repo: "reporter", path });
      const file = ReadSkillFileOutput.parse(result.structuredContent);
      expect(file).toMatchObject({
        owner: "tools",
        repo: "reporter",
        path,
        content,
        sha256: sha256(content),
        size: Buffer.byteLength(content),
      });
      expect(result.text).toContain(`sha256 ${sha256(content)}`);
    }
  });

  it.each([
    ["assets/logo.png", /is a binary file: only text files are served \(kind binary\)/],
    ["skills/chart/link", /is a symbolic link: its target is not followed \(kind symlink\)/],
    ["data/huge.csv", /over the crawl's size bounds.*\(kind omitted\)/],
    ["scripts/missing.sh", /was not found/],
    ["./scripts/format.sh", /was not found/],
    ["skills/chart/../../scripts/format.sh", /was not found/],
  ])("read_skill_file refuses %s, saying why", async (path, message) => {
    const result = await call("read_skill_file", { owner: "tools", repo: "reporter", path });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(result.text).toMatch(message);
  });
});
