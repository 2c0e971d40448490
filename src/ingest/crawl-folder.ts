// One crawl of a dataset folder, as `npm run crawl` and `npm run rebuild` run it: read the folder,
// crawl GitHub, judge the result (src/ingest/crawl-health.ts) and write the folder back only when
// the crawl is healthy, with its summary in last-crawl.json.

import { skillKey } from "../contract/key.js";
import type { LastCrawl } from "../dataset/last-crawl.js";
import { writeLastCrawl } from "../dataset/last-crawl.js";
import type { SkillRecord } from "../schemas/dataset.js";
import type { CrawlSummary } from "../schemas/status.js";
import { createGitHubClient, GITHUB_TIMING } from "./client.js";
import { type CrawlInput, runCrawl } from "./crawl.js";
import { crawlProblems } from "./crawl-health.js";
import { loadCrawlInput, loadNamedCrawlInput, writeCrawlOutput } from "./dataset-io.js";
import type { SkillLinesScan } from "./dataset-patch.js";
import { createProgress } from "./progress.js";
import type { CrawlReport } from "./report.js";

export interface CrawlFolderOptions {
  githubUrl: string;
  token?: string;
  dataDir: string;
  /** Where categories.json and platforms.json come from when the folder lacks them. */
  defaultsDir: string;
  sourcesFile: string;
  full?: boolean;
  /** Re-crawl only these repositories (owner/repo); every other record stays as it is. */
  only?: string[];
  limit?: number;
  dryRun?: boolean;
  now?: Date;
  maxFailedShare: number;
  timing?: { secondMs?: number; paceMs?: number; concurrency?: number };
  /** Progress and warnings (a terminal redraws the progress line). */
  stderr: { write(text: string): unknown; isTTY?: boolean };
}

export interface CrawlFolderResult {
  report: CrawlReport;
  /**
   * The dataset's records after the crawl (written to the folder only when `written`): all of them
   * when `scope` is null; after a crawl of named repositories that patched the dataset, only the
   * records of the repositories it re-read.
   */
  records: SkillRecord[];
  /**
   * Null when `records` is the whole dataset; else the record ids `records` is complete for (the
   * lines re-read and the records written): a skill in it and not in `records` is gone, one outside
   * it is as it was. Events derive from the scope (recordEvents' `scope`).
   */
  scope: ReadonlySet<string> | null;
  summary: CrawlSummary;
  /** Why the crawl may not replace the dataset; empty when it was written. */
  problems: string[];
  written: boolean;
}

export async function crawlFolder(options: CrawlFolderOptions): Promise<CrawlFolderResult> {
  // A crawl of named repositories reads and writes only their lines, unless the file cannot be patched.
  if (options.only?.length && !options.full && options.limit === undefined) {
    const named = await loadNamedCrawlInput(options.dataDir, options.defaultsDir, options.sourcesFile, options.only);
    if ("unusable" in named) options.stderr.write(`note: skills.jsonl is read whole: ${named.unusable}\n`);
    else {
      const patched = await crawlWith(options, named, named.scan);
      if (patched) return patched;
      options.stderr.write("note: a re-read repository took a name or id held by another line; crawling again over the whole dataset\n");
    }
  }
  const input = await loadCrawlInput(options.dataDir, options.defaultsDir, options.sourcesFile);
  return (await crawlWith(options, input, undefined))!;
}

/**
 * One crawl over `input`; with `scan` (a crawl of named repositories over only their lines),
 * undefined when the result would collide with a line it did not read, which only the whole
 * dataset can settle.
 */
async function crawlWith(
  options: CrawlFolderOptions,
  input: CrawlInput,
  scan: SkillLinesScan | undefined,
): Promise<CrawlFolderResult | undefined> {
  const { secondMs, paceMs, concurrency } = options.timing ?? {};
  const client = createGitHubClient({
    baseUrl: options.githubUrl,
    token: options.token,
    timing: {
      ...(secondMs !== undefined ? { secondMs } : {}),
      ...(paceMs !== undefined ? { graphqlMinTimeMs: paceMs, searchMinTimeMs: paceMs } : {}),
      ...(concurrency ? { concurrency } : {}),
    },
    log: { warn: (m) => options.stderr.write(`warning: ${m}\n`) },
  });
  const progress = createProgress({
    write: (t) => options.stderr.write(t),
    tty: options.stderr.isTTY === true,
    now: () => Date.now(),
    stats: () => ({ requests: client.requests.total, remaining: client.requests.remaining() }),
  });
  const clock = () => options.now ?? new Date();
  const out = await runCrawl({ octokit: client.octokit, requests: client.requests, progress, clock }, input, {
    full: options.full ?? false,
    only: options.only,
    limit: options.limit,
    dryRun: options.dryRun ?? false,
    concurrency: concurrency ?? GITHUB_TIMING.concurrency,
  });
  let patch: { dropIds: ReadonlySet<string>; scan: SkillLinesScan } | undefined;
  if (scan) {
    const dropIds = new Set(input.previous.map((r) => r.id));
    const outside = scan.lines.filter((l) => !dropIds.has(l.id));
    const outsideIds = new Set(outside.map((l) => l.id));
    const outsideKeys = new Set(outside.map((l) => skillKey(l.owner, l.repo)));
    if (out.records.some((r) => outsideIds.has(r.id) || outsideKeys.has(skillKey(r.owner, r.repo)))) return undefined;
    patch = { dropIds, scan };
    // The crawl counted the records it saw; the dataset holds the lines it left as they were too.
    out.report.repositories.total += outside.length;
  }
  const problems = crawlProblems(out.report, {
    topics: options.only?.length ? 0 : input.sources.topics.length,
    maxFailedShare: options.maxFailedShare,
  });
  const summary = summarize(out.report, options.only ?? [], client.requests.remaining() ?? null);
  const written = problems.length === 0 && !options.dryRun;
  if (written) {
    await writeCrawlOutput(
      options.dataDir,
      { records: out.records, state: out.state, finishedAt: out.report.finishedAt, ...(patch ? { patch } : {}) },
      input,
    );
    const lastCrawl: LastCrawl = { summary, failed: out.report.failed };
    await writeLastCrawl(options.dataDir, lastCrawl);
  }
  const scope = patch ? new Set([...patch.dropIds, ...out.records.map((r) => r.id)]) : null;
  return { report: out.report, records: out.records, scope, summary, problems, written };
}

function summarize(report: CrawlReport, only: string[], remaining: number | null): CrawlSummary {
  const r = report.repositories;
  return {
    startedAt: report.startedAt,
    finishedAt: report.finishedAt,
    full: report.full,
    only,
    repositories: {
      seen: r.seen,
      added: r.added,
      changed: r.changed,
      removed: r.removed,
      failed: r.failed,
      skipped: r.skipped,
      total: r.total,
    },
    requests: { spent: report.requests.total, remaining },
  };
}
