// One hostile repository never stops a crawl: `npm run crawl` runs under a memory ceiling against
// the local GitHub server serving alias bombs in every list field, deep nesting, huge keys, an
// oversized frontmatter and too many files, next to an ordinary repository. The crawl must finish,
// list the ordinary one, and report each hostile one as failed with its reason.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readDataset } from "../../src/dataset/files.js";
import { CrawlReport } from "../../src/ingest/report.js";
import type { GitHubFixture } from "../../src/node/github-fixture/server.js";
import { DESCRIPTION_MAX, hasUnsafeCharacters } from "../../src/schemas/untrusted-text.js";
import { PROJECT_ROOT, sourcesWith, startFixture } from "../support/crawl-harness.js";
import { HOSTILE, HOSTILE_OWNER, writeHostileFixture } from "../support/hostile-repos.js";

/** The heap ceiling of the crawl process (MB): a few times what an ordinary small crawl needs. */
const HEAP_MB = 256;

describe("a crawl of hostile repositories", () => {
  let fixture: GitHubFixture;
  const work = mkdtempSync(join(tmpdir(), "crawl-hostile-"));
  const data = join(work, "data");
  const sourcesFile = join(work, "sources.json");

  beforeAll(async () => {
    fixture = await startFixture(writeHostileFixture(join(work, "fixture")));
    writeFileSync(
      sourcesFile,
      JSON.stringify(
        sourcesWith({
          repos: HOSTILE.map((h) => `${HOSTILE_OWNER}/${h.repo}`),
          topics: [],
          codeSearch: { ...sourcesWith().codeSearch, enabled: false },
        }),
      ),
    );
  });
  afterAll(async () => {
    await fixture?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it(`finishes under a ${HEAP_MB} MB heap and reports each hostile repository`, async () => {
    const args = [
      "--import",
      "tsx",
      join(PROJECT_ROOT, "scripts", "crawl.ts"),
      "--github-url",
      fixture.url,
      "--data",
      data,
      "--sources",
      sourcesFile,
    ];
    const result = await new Promise<{ status: number | null; stdout: string; stderr: string }>((ok) => {
      const child = spawn(
        process.execPath,
        [`--max-old-space-size=${HEAP_MB}`, ...args, "--pace-ms", "0", "--second-ms", "10", "--now", "2026-11-21T09:30:00Z"],
        { cwd: PROJECT_ROOT },
      );
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (b: Buffer) => (stdout += b.toString()));
      child.stderr.on("data", (b: Buffer) => (stderr += b.toString()));
      child.on("close", (status) => ok({ status, stdout, stderr }));
    });
    expect(result.status, result.stderr.slice(-2000)).toBe(0);
    const report = CrawlReport.parse(JSON.parse(result.stdout));
    const failed = new Map(report.failed.map((f) => [f.key, f.reason]));
    for (const h of HOSTILE) {
      const key = `${HOSTILE_OWNER}/${h.repo}`;
      if (h.expect === "failed") expect(failed.get(key), key).toMatch(/frontmatter|SKILL\.md files/);
      else expect(failed.has(key), key).toBe(false);
    }
    const records = (await readDataset(data)).records;
    expect(records.map((r) => r.repo).sort()).toEqual(
      HOSTILE.filter((h) => h.expect === "listed")
        .map((h) => h.repo)
        .sort(),
    );
    // Names and descriptions keep the rules: the bad name gave way to the folder's, the description was cleaned and cut.
    const text = records.find((r) => r.repo === "hostile-text")!;
    expect(text.name).toBe("hostile-text");
    expect(text.description.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(text.description.startsWith("Reads fdp files. Reads fdp files.")).toBe(true);
    expect(hasUnsafeCharacters(text.description)).toBe(false);
    expect(report.files.invalid.find((f) => f.key === "hostile/hostile-text")?.problems.join("\n")).toMatch(
      /listed under the folder name "hostile-text"/,
    );
  }, 180_000);
});
