// The rules that decide whether a crawl may replace the dataset: an unreachable GitHub, failed
// discovery or repositories without facts fail it; hostile repositories (failed for their own
// content) and a few transient errors do not.
import { describe, expect, it } from "vitest";
import { crawlProblems } from "../../src/ingest/crawl-health.js";
import { CrawlReport } from "../../src/ingest/report.js";

const RULES = { topics: 2, maxFailedShare: 0.1 };

function report(over: {
  seen?: number;
  failed?: { key: string; reason: string }[];
  skipped?: { key: string; reason: string }[];
  byStatus?: Record<string, number>;
  topicsFailed?: number;
  codeSearchNote?: string;
  codeSearchRepos?: number;
}): CrawlReport {
  const byStatus = over.byStatus ?? { "200": 100 };
  return CrawlReport.parse({
    startedAt: "2026-11-21T09:00:00Z",
    finishedAt: "2026-11-21T09:30:00Z",
    durationMs: 1,
    dryRun: false,
    full: false,
    repositories: {
      seen: over.seen ?? 100,
      read: 0,
      unchanged: 0,
      added: 0,
      changed: 0,
      removed: 0,
      failed: over.failed?.length ?? 0,
      skipped: over.skipped?.length ?? 0,
      total: 100,
    },
    added: [],
    changed: [],
    removed: [],
    renamed: [],
    failed: over.failed ?? [],
    skipped: over.skipped ?? [],
    files: { read: 0, reused: 0, invalid: [], unreadable: [] },
    folders: { text: 0, binary: 0, symlink: 0, omitted: 0, reused: 0, archives: 0, notes: [] },
    duplicates: [],
    discovery: {
      curated: 1,
      topics: {
        since: null,
        repositories: 5,
        failed: Array.from({ length: over.topicsFailed ?? 0 }, (_, i) => ({ key: `t${i}`, reason: "502 Bad Gateway" })),
      },
      codeSearch: {
        ran: true,
        note: over.codeSearchNote ?? "complete",
        repositories: over.codeSearchRepos ?? 10,
        pages: 1,
        notModified: 0,
        capped: [],
      },
      excluded: 0,
    },
    requests: { total: Object.values(byStatus).reduce((a, b) => a + b, 0), byKind: {}, byStatus, rateLimited: {} },
    rateLimit: {},
  });
}

const facts = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `o/r${i}`, reason: "facts: 502 Bad Gateway" }));

describe("crawl health", () => {
  it("a normal crawl passes, with a few transient errors and hostile repositories", () => {
    expect(crawlProblems(report({}), RULES)).toEqual([]);
    expect(crawlProblems(report({ byStatus: { "200": 95, "502": 5 }, failed: facts(3) }), RULES)).toEqual([]);
    const hostile = Array.from({ length: 40 }, (_, i) => ({ key: `bad/r${i}`, reason: "file SKILL.md: frontmatter over its budget" }));
    expect(crawlProblems(report({ failed: hostile }), RULES)).toEqual([]);
  });

  it("an unreachable GitHub fails: requests without answers, discovery, facts", () => {
    const problems = crawlProblems(
      report({
        seen: 0,
        byStatus: { network: 12 },
        topicsFailed: 2,
        codeSearchNote: "1 pages failed: fetch failed",
        codeSearchRepos: 0,
        skipped: facts(30),
      }),
      RULES,
    );
    expect(problems).toEqual([
      "discovery failed: every topic search failed (502 Bad Gateway)",
      "discovery failed: code search 1 pages failed: fetch failed",
      "12 of 12 GitHub requests got no answer or a server error (more than 10%)",
      "GitHub gave no facts for 30 of 30 repositories (more than 10%); first: o/r0: facts: 502 Bad Gateway",
    ]);
  });

  it("the share is a threshold: just above fails, at it passes", () => {
    expect(crawlProblems(report({ failed: facts(10) }), RULES)).toEqual([]);
    expect(crawlProblems(report({ failed: facts(11) }), RULES)).toHaveLength(1);
    expect(crawlProblems(report({ byStatus: { "200": 89, "503": 11 } }), RULES)).toHaveLength(1);
    expect(crawlProblems(report({ failed: facts(11) }), { ...RULES, maxFailedShare: 0.5 })).toEqual([]);
  });
});
