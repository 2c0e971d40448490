// SKILL.md parsing: every real file of the shared dataset (or of its sample, test/support/shared-dataset.ts)
// parses without throwing and the invalid ones carry a reason; hostile hand-made inputs (broken YAML, BOM, CRLF, binary junk, 5 MB, lists,
// numbers, code-running engines) never crash it; arbitrary text never throws.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { firstParagraph, parseSkillFile } from "../../src/ingest/skill-file.js";
import { DatasetSkill } from "../../src/schemas/shared-dataset.js";
import { unlessMissing } from "../support/not-run.js";
import { NEEDS_FULL, SHARED } from "../support/shared-dataset.js";

/** The dataset's SKILL.md rows, read once for the file (the full dataset holds thousands). */
let rowsRead: DatasetSkill[] | undefined;
const datasetRows = (): DatasetSkill[] =>
  (rowsRead ??= readFileSync(join(SHARED, "skills.jsonl"), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => DatasetSkill.parse(JSON.parse(l))));

/**
 * Every SKILL.md row of the dataset parsed (symlinks left out): how many are valid, the others' reasons
 * by kind, and the rows the parser refused or left nameless. Parsed once, and checked with one
 * assertion over the whole set rather than one per row, which cost more than the parsing.
 */
let parsed: { rows: number; valid: number; reasons: Map<string, number>; broken: string[] } | undefined;
function parseAll() {
  if (parsed) return parsed;
  const rows = datasetRows();
  let valid = 0;
  const reasons = new Map<string, number>();
  const broken: string[] = [];
  for (const row of rows.filter((r) => r.mode !== "120000")) {
    const r = parseSkillFile(row.raw, row.path, row.repo);
    if (!r.ok || r.skill.name.length === 0) {
      broken.push(`${row.owner}/${row.repo}:${row.path}`);
      continue;
    }
    if (r.skill.problems.length === 0) valid++;
    for (const p of r.skill.problems) {
      const kind = p.replace(/:.*$/, "");
      reasons.set(kind, (reasons.get(kind) ?? 0) + 1);
    }
  }
  parsed = { rows: rows.length, valid, reasons, broken };
  return parsed;
}

describe("every SKILL.md of the shared dataset", () => {
  it("parses without throwing; invalid files are kept with reasons, symlink targets are not skills", () => {
    const { rows, valid, reasons, broken } = parseAll();
    expect(broken, "refused or nameless").toEqual([]);
    console.log(`shared SKILL.md files: ${rows} rows, ${valid} valid, reasons for the others:`, Object.fromEntries(reasons));
    expect(valid).toBeGreaterThan(0);
  });
});

describe("the shared dataset's warts, as its README counts and names them", () => {
  unlessMissing(NEEDS_FULL, { ciFails: false });

  it("counts the files without frontmatter, with bad YAML, or over the length limits", () => {
    const { valid, reasons } = parseAll();
    expect(reasons.get("no YAML frontmatter")).toBe(89);
    expect(reasons.get("frontmatter is not valid YAML")).toBe(29);
    expect(reasons.get("description is longer than 1024 characters")).toBe(12);
    expect(reasons.get("name is longer than 64 characters")).toBe(1);
    expect(valid).toBeGreaterThan(3500);
  });

  it("reads the README's named warts as documented", () => {
    const find = (owner: string, repo: string, path: string) =>
      datasetRows().find((r) => r.owner === owner && r.repo === repo && r.path === path)!;
    const bom = find("007M7", "content-signal-screen", "SKILL.md");
    const r1 = parseSkillFile(bom.raw, bom.path, bom.repo);
    expect(r1.ok && r1.skill.data.name).toBeTruthy();
    const crlf = find("FrankHu-HK", "kun-video-promax-hjk", "SKILL.md");
    const r2 = parseSkillFile(crlf.raw, crlf.path, crlf.repo);
    expect(r2.ok && r2.skill.problems).toContain("name is missing or not a string");
    const at = find("affaan-m", "everything-claude-code", "docs/ja-JP/skills/swiftui-patterns/SKILL.md");
    const r3 = parseSkillFile(at.raw, at.path, at.repo);
    expect(r3.ok && r3.skill.problems[0]).toMatch(/^frontmatter is not valid YAML/);
    expect(r3.ok && r3.skill.name).toBe("swiftui-patterns");
  });
});

describe("hostile SKILL.md inputs", () => {
  const parse = (raw: string, path = "skills/demo/SKILL.md") => parseSkillFile(raw, path, "repo");

  it("keeps a valid file valid, BOM and CRLF included", () => {
    const r = parse("\uFEFF---\r\nname: demo\r\ndescription: Does a thing.\r\nmetadata:\r\n  author: me\r\n---\r\n# Demo\r\n");
    expect(r).toMatchObject({ ok: true, skill: { name: "demo", description: "Does a thing.", problems: [], body: "# Demo\n" } });
  });

  it("reports each rule of the frontmatter", () => {
    const problems = (fm: string) => {
      const r = parse(`---\n${fm}\n---\nBody text.\n`);
      return r.ok ? r.skill.problems : ["refused"];
    };
    // A name that breaks the rules is reported, and the skill is listed under its folder's name.
    const fallback = 'the name breaks the naming rules; listed under the folder name "demo" instead';
    expect(problems("name: Bad Name\ndescription: x")).toEqual([
      "name must be lower-case letters, digits and single hyphens, not starting or ending with a hyphen",
      fallback,
    ]);
    expect(problems("name: a--b\ndescription: x")).toHaveLength(2);
    expect(problems("name: -ab\ndescription: x")).toHaveLength(2);
    expect(problems(`name: ${"a".repeat(65)}\ndescription: x`)).toEqual(["name is longer than 64 characters", fallback]);
    expect(problems("name: 議事録まとめ\ndescription: x")).toEqual([]);
    expect(problems(`name: ok\ndescription: ${"d".repeat(1025)}`)).toEqual(["description is longer than 1024 characters"]);
    expect(problems("name: ok\ndescription: ''")).toEqual(["description is empty"]);
    expect(problems("description: only")).toEqual(["name is missing or not a string"]);
    expect(problems("name: ok\ndescription: x\nmetadata: [1, 2]")).toEqual(["metadata must map strings to strings"]);
    expect(problems("name: ok\ndescription: x\nallowed-tools: [Read, Write]")).toEqual(["allowed-tools must be a space-separated string"]);
    expect(problems("name: ok\ndescription: x\nlicense: MIT\ncompatibility: Claude Code\nallowed-tools: Read Write\nextra: kept")).toEqual(
      [],
    );
  });

  it("falls back to the folder name and the first paragraph", () => {
    const r = parse("# Title\n\n![img](x.png)\n\nFirst paragraph\nspans lines.\n\nSecond.\n");
    expect(r).toMatchObject({
      ok: true,
      skill: { name: "demo", description: "First paragraph spans lines.", problems: ["no YAML frontmatter"] },
    });
    expect(parse("# Root\n\nText.", "SKILL.md")).toMatchObject({ ok: true, skill: { name: "repo" } });
    expect(firstParagraph("x".repeat(400))).toHaveLength(300);
  });

  it("survives broken YAML, lists, numbers, strings and code-running engines", () => {
    const cases: [string, RegExp][] = [
      ["---\nname: a: b: c\ndescription: [unclosed\n---\nBody.", /not valid YAML/],
      ["---\n- a\n- b\n---\nBody.", /a list, not a mapping/],
      ["---\n42\n---\nBody.", /a number, not a mapping/],
      ["---\njust a string\n---\nBody.", /a string, not a mapping/],
      ["---\ndescription: @reserved\n---\nBody.", /not valid YAML/],
      ["---js\nprocess.exit(1)\n---\nBody.", /no YAML frontmatter/],
      ["---\nname: x\ndescription: y\n", /not closed/],
      ["---\n!!js/function 'function(){}'\n---\n", /not valid YAML/],
    ];
    for (const [raw, problem] of cases) {
      const r = parse(raw);
      expect(r.ok, raw).toBe(true);
      if (r.ok) expect(r.skill.problems.join("; "), raw).toMatch(problem);
    }
  });

  it("refuses binary junk and empty files with a reason", () => {
    expect(parse("\u0000\u0001\u0002junk")).toEqual({ ok: false, reason: "binary content (NUL bytes)" });
    expect(parse("   \n")).toEqual({ ok: false, reason: "empty file" });
    expect(parse("\uFFFD".repeat(200))).toEqual({ ok: false, reason: "binary content (not UTF-8 text)" });
  });

  it("reads a 5 MB file", () => {
    const big = `---\nname: big\ndescription: A very large skill.\n---\n${"Line of text that repeats.\n".repeat(200_000)}`;
    expect(big.length).toBeGreaterThan(5_000_000);
    const r = parse(big);
    expect(r).toMatchObject({ ok: true, skill: { name: "big", problems: [] } });
  });

  it("never throws on arbitrary text", () => {
    const frontmatterish = fc.tuple(fc.string(), fc.string(), fc.string()).map(([a, b, c]) => `---\n${a}\n---\n${b}${c}`);
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: "binary" }), frontmatterish), (raw) => {
        const r = parseSkillFile(raw, "x/SKILL.md", "repo");
        return r.ok ? typeof r.skill.name === "string" && r.skill.name.length > 0 : r.reason.length > 0;
      }),
      { numRuns: 500 },
    );
  });
});
