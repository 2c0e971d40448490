// The crawl's command-line options, shared by `npm run crawl` and `npm run rebuild` (which crawls
// first): one definition of each flag, its help line and its checks.
import { resolve } from "node:path";
import type { CrawlFolderOptions } from "../ingest/crawl-folder.js";
import { DEFAULT_MAX_FAILED_SHARE } from "../ingest/crawl-health.js";
import { existingFile, intOption, listOption, type ParsedArgs, REPO_NAME, UsageError } from "./cli.js";

export const CRAWL_OPTIONS = {
  "github-url": { type: "string", default: "https://api.github.com" },
  sources: { type: "string" },
  full: { type: "boolean", default: false },
  only: { type: "string" },
  now: { type: "string" },
  "max-failed-share": { type: "string" },
  "second-ms": { type: "string" },
  "pace-ms": { type: "string" },
  concurrency: { type: "string" },
} as const;

export const CRAWL_USAGE = `  --github-url URL        GitHub API (default https://api.github.com; token from GITHUB_TOKEN); a local server for offline runs
  --sources FILE          discovery sources and exclusions (default data/sources.json)
  --full                  re-read every tree and re-run code search without ETags
  --only LIST             re-read only these repositories (owner/repo,...); every other record stays as it is
  --now ISO               the crawl's clock (report times, star-history day)
  --max-failed-share N    fail the crawl when more than this share of repositories fail (default ${DEFAULT_MAX_FAILED_SHARE})
  --second-ms N, --pace-ms N, --concurrency N   Retry-After second, request spacing and parallelism, for local servers`;

type CrawlValues = ParsedArgs<typeof CRAWL_OPTIONS>["values"];

/** The crawl settings of parsed options (the dataset folder and output streams come from the caller). */
export function crawlSettings(values: CrawlValues, projectDir: string): Omit<CrawlFolderOptions, "dataDir" | "stderr"> {
  const githubUrl = values["github-url"];
  if (/^https:\/\/api\.github\.com\/?$/.test(githubUrl) && !process.env.GITHUB_TOKEN) {
    throw new UsageError("GITHUB_TOKEN is required for api.github.com (its GraphQL API and code search need authentication)");
  }
  const now = values.now === undefined ? undefined : new Date(values.now);
  if (now && Number.isNaN(now.getTime())) throw new UsageError(`--now must be an ISO timestamp, got ${JSON.stringify(values.now)}`);
  const share = values["max-failed-share"] === undefined ? DEFAULT_MAX_FAILED_SHARE : Number(values["max-failed-share"]);
  if (values["max-failed-share"]?.trim() === "" || !(share >= 0 && share <= 1)) {
    throw new UsageError(`--max-failed-share must be a number from 0 to 1, got ${JSON.stringify(values["max-failed-share"])}`);
  }
  return {
    githubUrl,
    token: process.env.GITHUB_TOKEN,
    defaultsDir: resolve(projectDir, "data"),
    sourcesFile: existingFile(resolve(values.sources ?? resolve(projectDir, "data", "sources.json")), "--sources"),
    full: values.full,
    only: listOption(values.only, "--only", REPO_NAME, "owner/repo names"),
    now,
    maxFailedShare: share,
    timing: {
      secondMs: intOption(values["second-ms"], "--second-ms"),
      paceMs: intOption(values["pace-ms"], "--pace-ms"),
      concurrency: intOption(values.concurrency, "--concurrency", { min: 1, max: 64 }),
    },
  };
}
