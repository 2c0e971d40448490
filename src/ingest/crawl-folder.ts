// One crawl of a dataset folder, as `npm run crawl` and `npm run rebuild` run it: read the folder,
// crawl GitHub, judge the result (src/ingest/crawl-health.ts) and write the folder back only when
// the crawl is healthy, with its summary in last-crawl.json.
import type { LastCrawl } from "../dataset/last-crawl.js";
import { writeLastCrawl } from "../dataset/last-crawl.js";
import type { SkillRecord } from "../schemas/dataset.js";
import type { CrawlSummary } from "../schemas/status.js";
import { createGitHubClient, GITHUB_TIMING } from "./client.js";
import { runCrawl } from "./crawl.js";
import { crawlProblems } from "./crawl-health.js";
import { loadCrawlInput, writeCrawlOutput } from "./dataset-io.js";
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
  /** The dataset's records after the crawl (written to the folder only when `written`). */
  records: SkillRecord[];
  summary: CrawlSummary;
  /** Why the crawl may not replace the dataset; empty when it was written. */
  problems: string[];
  written: boolean;
}

export async function crawlFolder(options: CrawlFolderOptions): Promise<CrawlFolderResult> {
  const input = await loadCrawlInput(options.dataDir, options.defaultsDir, options.sourcesFile);
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
  const problems = crawlProblems(out.report, {
    topics: options.only?.length ? 0 : input.sources.topics.length,
    maxFailedShare: options.maxFailedShare,
  });
  const summary = summarize(out.report, options.only ?? [], client.requests.remaining() ?? null);
  const written = problems.length === 0 && !options.dryRun;
  if (written) {
    await writeCrawlOutput(options.dataDir, { records: out.records, state: out.state, finishedAt: out.report.finishedAt }, input);
    const lastCrawl: LastCrawl = { summary, failed: out.report.failed };
    await writeLastCrawl(options.dataDir, lastCrawl);
  }
  return { report: out.report, records: out.records, summary, problems, written };
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
