// Crawls GitHub into a dataset folder (see docs/CRAWLER.md). Progress on stderr; the report (JSON)
// on stdout and in --report FILE. A crawl that fails its threshold (docs/OPERATIONS.md) writes
// nothing to the folder and exits 1 with the reason.
import { resolve } from "node:path";
import { writeJsonFile } from "../src/dataset/files.js";
import { intOption, runCommand } from "../src/node/cli.js";
import { CRAWL_OPTIONS, CRAWL_USAGE, crawlSettings } from "../src/node/crawl-options.js";

const PROJECT_ROOT = resolve(import.meta.dirname, "..");

await runCommand({
  name: "crawl",
  usage: `[--github-url URL] [--data DIR] [--sources FILE] [--report FILE] [--full] [--only owner/repo[,...]]
       [--limit N] [--dry-run] [--now ISO] [--max-failed-share N] [--second-ms N] [--pace-ms N] [--concurrency N]
  --data DIR              the dataset folder to update (default data); created when missing
  --report FILE           also write the crawl report there
  --limit N               process only the first N repositories (by owner/repo)
  --dry-run               do everything but write nothing
${CRAWL_USAGE}`,
  options: {
    ...CRAWL_OPTIONS,
    data: { type: "string", default: resolve(PROJECT_ROOT, "data") },
    report: { type: "string" },
    limit: { type: "string" },
    "dry-run": { type: "boolean", default: false },
  },
  async run({ values }) {
    // Loaded here, not at the top: `--help` and a usage error answer without loading the crawler (seconds).
    const [{ crawlFolder }, { recordEvents }] = await Promise.all([
      import("../src/ingest/crawl-folder.js"),
      import("../src/events/record.js"),
    ]);
    const result = await crawlFolder({
      ...crawlSettings(values, PROJECT_ROOT),
      dataDir: resolve(values.data),
      limit: intOption(values.limit, "--limit"),
      dryRun: values["dry-run"],
      stderr: process.stderr,
    });
    // The events of this crawl's changes are recorded with the dataset, at the crawl's time.
    const events =
      result.problems.length === 0
        ? await recordEvents(resolve(values.data), result.records, {
            now: new Date(result.report.finishedAt),
            dryRun: values["dry-run"],
            scope: result.scope,
          })
        : undefined;
    if (values.report) await writeJsonFile(resolve(values.report), result.report);
    process.stdout.write(`${JSON.stringify(result.report, null, 2)}\n`);
    const r = result.report.repositories;
    process.stderr.write(
      `crawl ${values["dry-run"] ? "(dry run) " : ""}done: ${r.total} records; ${r.added} added, ${r.changed} changed, ${r.removed} removed, ` +
        `${r.failed} failed (kept), ${r.skipped} skipped; ${result.report.requests.total} requests\n`,
    );
    if (events)
      process.stderr.write(`events: ${events.recorded.length} ${values["dry-run"] ? "would be " : ""}recorded, ${events.pruned} pruned\n`);
    if (result.problems.length > 0) throw new Error(`the crawl failed, so the dataset was not written: ${result.problems.join("; ")}`);
    return 0;
  },
});
