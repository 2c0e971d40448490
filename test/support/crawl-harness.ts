// Test harness for the crawler: a local GitHub server over a dataset folder, and crawls run with the
// real Octokit client over HTTP against it, with retry and rate-limit waits scaled down to milliseconds.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { type CrawlState, emptyCrawlState } from "../../src/dataset/crawl-state.js";
import { type ClientTiming, createGitHubClient } from "../../src/ingest/client.js";
import { type CrawlOptions, type CrawlOutput, runCrawl } from "../../src/ingest/crawl.js";
import { silentProgress } from "../../src/ingest/progress.js";
import { buildRepos, loadSources, synthesize } from "../../src/node/github-fixture/model.js";
import { type FixtureOptions, type GitHubFixture, startGitHubFixture } from "../../src/node/github-fixture/server.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { scriptArgs } from "../../src/node/run-script.js";
import type { SourcesFile } from "../../src/schemas/dataset.js";
import { CategoriesFile, PlatformsFile, type SkillRecord } from "../../src/schemas/dataset.js";

export { PROJECT_ROOT };
export const HANDMADE = join(PROJECT_ROOT, "test", "fixtures", "github");

export const categories = CategoriesFile.parse(JSON.parse(readFileSync(join(PROJECT_ROOT, "data", "categories.json"), "utf8")));
export const platforms = PlatformsFile.parse(JSON.parse(readFileSync(join(PROJECT_ROOT, "data", "platforms.json"), "utf8")));

export const FAST: Partial<ClientTiming> = {
  secondMs: 20,
  requestTimeoutMs: 3000,
  graphqlMinTimeMs: 0,
  searchMinTimeMs: 0,
  retries: 4,
  concurrency: 8,
};

export async function startFixture(dir: string, opts: FixtureOptions & { synthesize?: number } = {}): Promise<GitHubFixture> {
  const sources = await loadSources(dir);
  const repos = buildRepos(opts.synthesize ? synthesize(sources, opts.synthesize) : sources);
  return startGitHubFixture(repos, { searchLimit: 1_000_000, codeSearchLimit: 1_000_000, rateLimit: 1_000_000, ...opts });
}

export const sourcesWith = (over: Partial<SourcesFile> = {}): SourcesFile => ({
  repos: [],
  topics: ["agent-skills"],
  codeSearch: { enabled: true, query: "filename:SKILL.md", minSize: 0, maxSize: 1024 * 1024, everyHours: 168 },
  exclude: [],
  ...over,
});

export interface Previous {
  records: SkillRecord[];
  state: CrawlState;
}

export const EMPTY: Previous = { records: [], state: emptyCrawlState() };

/** One crawl with a fresh client (as one run of `npm run crawl` would have). */
export async function crawl(
  fixture: GitHubFixture,
  prev: Previous,
  opts: { sources?: SourcesFile; now?: string; timing?: Partial<ClientTiming>; crawl?: CrawlOptions } = {},
): Promise<CrawlOutput> {
  const client = createGitHubClient({ baseUrl: fixture.url, timing: { ...FAST, ...opts.timing } });
  const now = new Date(opts.now ?? "2026-11-21T09:00:00Z");
  return runCrawl(
    { octokit: client.octokit, requests: client.requests, progress: silentProgress, clock: () => now },
    { previous: prev.records, state: prev.state, sources: opts.sources ?? sourcesWith(), categories, platforms },
    { concurrency: 8, ...opts.crawl },
  );
}

export const next = (out: CrawlOutput): Previous => ({ records: out.records, state: out.state });

/** Scripts the fixture over HTTP, as a test in another process would. */
export async function fixtureCall(fixture: GitHubFixture, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(fixture.url + path, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

export async function serverCounts(fixture: GitHubFixture): Promise<{ total: number; byKind: Record<string, number> }> {
  const res = await fetch(`${fixture.url}/__fixture/requests`);
  const body: unknown = await res.json();
  if (typeof body !== "object" || body === null || !("total" in body) || !("byKind" in body)) throw new Error("bad counts");
  const { total, byKind } = body;
  if (typeof total !== "number" || typeof byKind !== "object" || byKind === null) throw new Error("bad counts");
  return { total, byKind: Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, Number(v)])) };
}

/** Node's arguments for `npm run crawl` against the local server, with waits scaled down as above. */
export const crawlScriptArgs = (githubUrl: string, dataDir: string, sourcesFile: string, ...more: string[]): string[] =>
  crawlingScriptArgs("crawl.ts", githubUrl, dataDir, sourcesFile, ...more);

/** The same for any script that crawls first (`crawl.ts`, `rebuild.ts`). */
export const crawlingScriptArgs = (script: string, githubUrl: string, dataDir: string, sourcesFile: string, ...more: string[]): string[] =>
  scriptArgs(
    script,
    "--github-url",
    githubUrl,
    "--data",
    dataDir,
    "--sources",
    sourcesFile,
    "--pace-ms",
    "0",
    "--second-ms",
    "10",
    ...more,
  );

export interface CrawlWorkspace {
  /** The temporary folder: `data/` (the dataset the script writes) and `sources.json` inside. */
  work: string;
  dir: string;
  sourcesFile: string;
  /** The hand-made fixture server, started before the suite's tests. */
  fixture(): GitHubFixture;
}

/** A folder and a fixture server for a suite that runs `npm run crawl`, cleaned up after it. */
export function crawlWorkspace(name: string, sources: SourcesFile): CrawlWorkspace {
  const work = mkdtempSync(join(tmpdir(), `${name}-`));
  let server: GitHubFixture | undefined;
  beforeAll(async () => {
    server = await startFixture(HANDMADE);
    writeFileSync(join(work, "sources.json"), JSON.stringify(sources));
  });
  afterAll(async () => {
    await server?.close();
    rmSync(work, { recursive: true, force: true });
  });
  return {
    work,
    dir: join(work, "data"),
    sourcesFile: join(work, "sources.json"),
    fixture: () => {
      if (!server) throw new Error("the fixture server starts in beforeAll");
      return server;
    },
  };
}
