// The rebuild summary as Markdown: the build's skipped lines are listed (line, repository, why), at
// most SKIPPED_SHOWN of them, with how many more summary.json holds.
import { describe, expect, it } from "vitest";
import { RebuildSummary, summaryMarkdown } from "../../../src/node/rebuild/summary.js";

const summary = (skipped: NonNullable<RebuildSummary["build"]>["skipped"]) =>
  RebuildSummary.parse({
    ok: true,
    failure: null,
    stages: [{ stage: "build", status: "ok", millis: 1200, note: "70 skills (2 bad lines skipped), 55 files in 1.2 s" }],
    skills: null,
    github: null,
    build: { millis: 1200, files: 55, written: 3, bytes: 2_000_000, skipped },
    deployed: null,
    snapshot: null,
  });

describe("the rebuild summary", () => {
  it("lists the lines the build skipped", () => {
    const md = summaryMarkdown(
      summary([
        { line: 2, repository: null, message: "not JSON: Unexpected token" },
        { line: 9, repository: "mallory/evil", message: "stars: Invalid input\nsecond line" },
      ]),
    );
    expect(md).toContain("- Build: 1.2 s, 55 files (3 written), 2.0 MB; 2 bad lines of skills.jsonl skipped:\n");
    expect(md).toContain("  - line 2: not JSON: Unexpected token\n  - line 9 (mallory/evil): stars: Invalid input second line\n");
  });

  it("shows the first 20 and counts the rest; says nothing when none was skipped", () => {
    const many = Array.from({ length: 23 }, (_, i) => ({ line: i + 1, repository: null, message: "not JSON" }));
    const md = summaryMarkdown(summary(many));
    expect(md.match(/^ {2}- line /gm)).toHaveLength(20);
    expect(md).toContain("  - and 3 more (summary.json lists them all)");
    expect(summaryMarkdown(summary([]))).toContain("- Build: 1.2 s, 55 files (3 written), 2.0 MB\n");
  });
});
