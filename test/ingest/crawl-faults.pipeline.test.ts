// Every fault the local GitHub server can inject is survived with no data lost: the crawl under
// faults ends with the same records as the crawl without them, or, when a repository keeps
// failing, with its previous record untouched and the failure in the report.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CrawlOutput } from "../../src/ingest/crawl.js";
import { writeCrawlOutput } from "../../src/ingest/dataset-io.js";
import type { FaultRule } from "../../src/node/github-fixture/faults.js";
import type { GitHubFixture } from "../../src/node/github-fixture/server.js";
import {
  categories,
  crawl,
  crawlScriptArgs,
  EMPTY,
  fixtureCall,
  HANDMADE,
  next,
  PROJECT_ROOT,
  platforms,
  serverCounts,
  sourcesWith,
  startFixture,
} from "../support/crawl-harness.js";

const sources = sourcesWith({ repos: ["acme/pdf-tools"] });
type Fault = Partial<FaultRule> & { kind: FaultRule["kind"] };

describe("faults", () => {
  let fixture: GitHubFixture;
  let baseline: CrawlOutput;

  beforeAll(async () => {
    fixture = await startFixture(HANDMADE);
    baseline = await crawl(fixture, EMPTY, { sources });
  });
  afterAll(() => fixture.close());

  const withFaults = async (faults: Fault[]) => {
    await fixtureCall(fixture, "DELETE", "/__fixture/faults");
    await fixtureCall(fixture, "POST", "/__fixture/faults", { faults });
    fixture.resetCounts();
    const out = await crawl(fixture, EMPTY, { sources, timing: { requestTimeoutMs: 400 } });
    const served = await fixtureCall(fixture, "GET", "/__fixture/faults");
    await fixtureCall(fixture, "DELETE", "/__fixture/faults");
    return { out, served: JSON.stringify(served) };
  };

  const cases: [string, Fault[]][] = [
    [
      "5xx on GraphQL, trees and code search",
      [
        { kind: "status", status: 502, requestKind: "graphql", times: 2 },
        { kind: "status", status: 500, requestKind: "tree", times: 3 },
        { kind: "status", status: 503, requestKind: "search-code", times: 1 },
      ],
    ],
    [
      "secondary rate limit: 403 with Retry-After",
      [
        { kind: "secondary", status: 403, retryAfter: 1, requestKind: "graphql", times: 2 },
        { kind: "secondary", status: 403, requestKind: "tree", times: 2 },
      ],
    ],
    [
      "secondary rate limit: 429 with Retry-After",
      [
        { kind: "secondary", status: 429, retryAfter: 2, requestKind: "search-code", times: 1 },
        { kind: "secondary", status: 429, requestKind: "tree", times: 2 },
      ],
    ],
    [
      "primary rate limit exhausted until the reset",
      [
        { kind: "primary", retryAfter: 1, requestKind: "graphql", times: 1 },
        { kind: "primary", retryAfter: 1, requestKind: "tree", times: 1 },
      ],
    ],
    [
      "slow answers past the request timeout",
      [
        { kind: "slow", delayMs: 1200, requestKind: "graphql", times: 1 },
        { kind: "slow", delayMs: 1200, requestKind: "tree", times: 2 },
      ],
    ],
    [
      "bodies cut off midway",
      [
        { kind: "truncate", requestKind: "graphql", times: 2 },
        { kind: "truncate", requestKind: "tree", times: 2 },
        { kind: "truncate", requestKind: "search-code", times: 1 },
      ],
    ],
  ];

  for (const [name, faults] of cases) {
    it(`survives ${name} with the same records`, async () => {
      const { out, served } = await withFaults(faults);
      expect(served).toContain('"fired":');
      expect(served).not.toContain('"fired":0');
      expect(out.report.failed).toEqual([]);
      expect(out.records).toEqual(baseline.records);
      const counts = await serverCounts(fixture);
      expect(counts.total).toBeGreaterThan(baseline.report.requests.total);
    });
  }

  it("reads a tree too large for one answer from the archive in one request, not folder by folder", async () => {
    const small = await startFixture(HANDMADE, { treeEntryLimit: 3 });
    try {
      const out = await crawl(small, EMPTY, { sources });
      expect(out.records).toEqual(baseline.records);
      const truncated = out.report.folders.notes.filter((n) => n.path === "(tree)").map((n) => n.key);
      expect(truncated.length).toBeGreaterThan(0);
      const counts = small.counts();
      // One tree request and one archive per repository read: no folder walk.
      expect(counts.byKind.tree).toBe(baseline.report.requests.byKind.tree!);
      expect(counts.byKind.archive).toBe(out.report.folders.archives);
      expect(counts.byKind.archive).toBeGreaterThanOrEqual(truncated.length);
    } finally {
      await small.close();
    }
  });

  it("waits out Retry-After before retrying a secondary rate limit", async () => {
    const started = Date.now();
    const { out } = await withFaults([{ kind: "secondary", status: 429, retryAfter: 10, requestKind: "graphql", times: 1 }]);
    // FAST timing: one Retry-After second lasts 20 ms, so 10 seconds are at least 200 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(out.report.requests.rateLimited.secondary).toBe(1);
    expect(out.records).toEqual(baseline.records);
  });

  it("a repository that keeps failing keeps its previous record and is reported", async () => {
    await fixtureCall(fixture, "POST", "/__fixture/repos/acme/agent-collection/commits", {
      files: { "skills/new/SKILL.md": "---\nname: new\ndescription: New.\n---\n" },
    });
    await fixtureCall(fixture, "POST", "/__fixture/faults", {
      faults: [{ kind: "status", status: 500, requestKind: "tree", pathIncludes: "agent-collection", times: -1 }],
    });
    const out = await crawl(fixture, next(baseline), { sources, now: "2026-11-22T09:00:00Z" });
    await fixtureCall(fixture, "DELETE", "/__fixture/faults");
    expect(out.report.failed).toEqual([{ key: "acme/agent-collection", reason: expect.stringMatching(/^tree: /) }]);
    const prev = baseline.records.find((r) => r.repo === "agent-collection");
    expect(out.records.find((r) => r.repo === "agent-collection")).toEqual(prev);
    // Its state is not advanced, so the next crawl reads it again.
    const again = await crawl(fixture, next(out), { sources, now: "2026-11-22T10:00:00Z" });
    expect(again.records.find((r) => r.repo === "agent-collection")?.files.map((f) => f.path)).toContain("skills/new/SKILL.md");
  });

  it("a crawl killed midway leaves the previous dataset byte-identical", async () => {
    const dir = mkdtempSync(join(tmpdir(), "crawl-kill-"));
    await writeCrawlOutput(
      dir,
      { records: baseline.records, state: baseline.state, finishedAt: "2026-11-21T09:00:00Z" },
      { categories, platforms },
    );
    const sourcesFile = join(dir, "sources.json");
    writeFileSync(sourcesFile, JSON.stringify(sources));
    const files = ["skills.jsonl", "crawl-state.json", "meta.json", "categories.json", "platforms.json"];
    const before = files.map((f) => readFileSync(join(dir, f)));
    // Every tree answers slowly, so the crawl is surely midway when it is killed.
    await fixtureCall(fixture, "POST", "/__fixture/faults", { faults: [{ kind: "slow", delayMs: 5000, requestKind: "tree", times: -1 }] });
    fixture.resetCounts();
    const child = spawn(process.execPath, crawlScriptArgs(fixture.url, dir, sourcesFile, "--full"), {
      cwd: PROJECT_ROOT,
      stdio: "ignore",
    });
    const exited = new Promise<NodeJS.Signals | null>((ok) => child.on("exit", (_code, signal) => ok(signal)));
    for (let i = 0; i < 300; i++) {
      if (((await serverCounts(fixture)).byKind.tree ?? 0) >= 1) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await serverCounts(fixture)).byKind.tree).toBeGreaterThanOrEqual(1);
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
    await fixtureCall(fixture, "DELETE", "/__fixture/faults");
    files.forEach((f, i) => expect(readFileSync(join(dir, f)).equals(before[i]!), f).toBe(true));
    rmSync(dir, { recursive: true, force: true });
  });
});
