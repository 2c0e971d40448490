// Crawls GitHub into a dataset folder:
//   npm run crawl -- [--github-url URL] [--data DIR] [--sources FILE] [--report FILE]
//                    [--full] [--limit N] [--dry-run] [--now ISO] [--second-ms N] [--pace-ms N]
// Token from GITHUB_TOKEN. Progress on stderr; the report (JSON) on stdout and in --report FILE.
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { writeJsonFile } from "../src/dataset/files.js";
import { recordEvents } from "../src/events/record.js";
import { createGitHubClient, GITHUB_TIMING } from "../src/ingest/client.js";
import { runCrawl } from "../src/ingest/crawl.js";
import { loadCrawlInput, writeCrawlOutput } from "../src/ingest/dataset-io.js";
import { createProgress } from "../src/ingest/progress.js";

const PROJECT_ROOT = resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    "github-url": { type: "string", default: "https://api.github.com" },
    data: { type: "string", default: resolve(PROJECT_ROOT, "data") },
    sources: { type: "string" },
    report: { type: "string" },
    full: { type: "boolean", default: false },
    limit: { type: "string" },
    "dry-run": { type: "boolean", default: false },
    now: { type: "string" },
    "second-ms": { type: "string" },
    "pace-ms": { type: "string" },
    concurrency: { type: "string" },
  },
});

const positive = (name: string, v: string | undefined): number | undefined => {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a non-negative integer, got ${v}`);
    process.exit(2);
  }
  return n;
};
const fixedNow = values.now === undefined ? undefined : new Date(values.now);
if (fixedNow && Number.isNaN(fixedNow.getTime())) {
  console.error(`--now must be an ISO timestamp, got ${values.now}`);
  process.exit(2);
}
if (/^https:\/\/api\.github\.com\/?$/.test(values["github-url"]) && !process.env.GITHUB_TOKEN) {
  console.error("GITHUB_TOKEN is required for api.github.com (its GraphQL API and code search need authentication)");
  process.exit(2);
}
const dataDir = resolve(values.data);
const secondMs = positive("second-ms", values["second-ms"]);
const paceMs = positive("pace-ms", values["pace-ms"]);
const concurrency = positive("concurrency", values.concurrency);

const input = await loadCrawlInput(
  dataDir,
  resolve(PROJECT_ROOT, "data"),
  resolve(values.sources ?? resolve(PROJECT_ROOT, "data", "sources.json")),
);
const client = createGitHubClient({
  baseUrl: values["github-url"],
  token: process.env.GITHUB_TOKEN,
  timing: {
    ...(secondMs !== undefined ? { secondMs } : {}),
    ...(paceMs !== undefined ? { graphqlMinTimeMs: paceMs, searchMinTimeMs: paceMs } : {}),
    ...(concurrency ? { concurrency } : {}),
  },
  log: { warn: (m) => process.stderr.write(`warning: ${m}\n`) },
});
const progress = createProgress({
  write: (t) => process.stderr.write(t),
  tty: process.stderr.isTTY === true,
  now: () => Date.now(),
  stats: () => ({ requests: client.requests.total, remaining: client.requests.remaining() }),
});
const clock = () => fixedNow ?? new Date();
const out = await runCrawl({ octokit: client.octokit, requests: client.requests, progress, clock }, input, {
  full: values.full,
  limit: positive("limit", values.limit),
  dryRun: values["dry-run"],
  concurrency: concurrency ?? GITHUB_TIMING.concurrency,
});
if (!values["dry-run"])
  await writeCrawlOutput(dataDir, { records: out.records, state: out.state, finishedAt: out.report.finishedAt }, input);
// The events of this crawl's changes are recorded with the dataset, at the crawl's time.
const events = await recordEvents(dataDir, out.records, { now: new Date(out.report.finishedAt), dryRun: values["dry-run"] });
if (values.report) await writeJsonFile(resolve(values.report), out.report);
process.stdout.write(`${JSON.stringify(out.report, null, 2)}\n`);
const r = out.report.repositories;
process.stderr.write(
  `crawl ${values["dry-run"] ? "(dry run) " : ""}done: ${r.total} records; ${r.added} added, ${r.changed} changed, ${r.removed} removed, ` +
    `${r.failed} failed (kept), ${r.skipped} skipped; ${out.report.requests.total} requests\n`,
);
process.stderr.write(`events: ${events.recorded.length} ${values["dry-run"] ? "would be " : ""}recorded, ${events.pruned} pruned\n`);
