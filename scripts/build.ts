// npm run build [-- --data DIR --out DIR]: records the events of dataset changes not recorded yet
// (hand edits; the crawl records its own), then renders the dataset into the static site. A bad
// line of skills.jsonl is skipped and reported, on stderr even with --quiet (src/build/build.ts).
import { resolve } from "node:path";
import { badLines, MAX_BAD_LINE_SHARE, problemText } from "../src/dataset/files.js";
import { existingFolder, intOption, runCommand } from "../src/node/cli.js";

await runCommand({
  name: "build",
  buildProcess: true,
  usage: `[--data DIR] [--out DIR] [--sources FILE] [--workers N] [--full] [--quiet]
  --data DIR      the dataset folder (default data)
  --out DIR       the site folder to write (default dist); only changed files are rewritten
  --sources FILE  sources.json, whose exclusions /index-status reports (default: the dataset folder's)
  --workers N     worker threads reading the dataset (default: the cores, at most 4, fewer for a small one); any number builds the same bytes
  --full          build every skill afresh, not only the changed ones (the build cache, OUT.cache beside the site, is written anew)
  --quiet         print only the final line (and the lines skipped)
Incremental: skills whose dataset line is unchanged are taken from the build cache, and the output is
the same bytes a full build writes; any doubt (another format, rules, code or configuration, a damaged
cache) builds in full and says why.
A line of skills.jsonl that is not a valid record is skipped and reported; the build stops when none
is valid or more than ${MAX_BAD_LINE_SHARE * 100}% are bad. The file itself is never rewritten.`,
  options: {
    data: { type: "string", default: "data" },
    out: { type: "string", default: "dist" },
    sources: { type: "string" },
    workers: { type: "string" },
    full: { type: "boolean", default: false },
    quiet: { type: "boolean", default: false },
  },
  async run({ values }) {
    const dataDir = existingFolder(resolve(values.data), "--data");
    const workers = intOption(values.workers, "--workers", { min: 1 });
    // Loaded here, not at the top: a process that runs itself again (asBuildProcess) keeps only this script's light modules while it waits.
    const [{ build }, { recordEvents }] = await Promise.all([import("../src/build/build.js"), import("../src/events/record.js")]);
    const report = await build({
      dataDir,
      outDir: values.out,
      publicDir: "public",
      sourcesFile: values.sources && resolve(values.sources),
      builtAt: new Date(),
      workers,
      // Incremental by default: the cache of the last build sits beside the site, never in it (it is not deployed).
      cache: { dir: resolve(`${values.out}.cache`), full: values.full },
      log: values.quiet ? undefined : (line) => console.log(line),
      beforeRender: async ({ records }, skipped, verdicts) => {
        // A skipped line may be a skill's: no deletion is recorded until every line reads again.
        const events = await recordEvents(dataDir, records, { now: new Date(), keepMissing: skipped.length > 0, verdicts });
        console.log(`events: ${events.recorded.length} recorded, ${events.pruned} pruned, ${events.total} in the log`);
      },
    });
    if (values.quiet) for (const problem of report.skipped) console.error(`skipped ${problemText(problem)}`);
    const skipped = report.skipped.length > 0 ? `; ${badLines(report.skipped.length)} of skills.jsonl skipped` : "";
    console.log(
      `built ${report.skills} skills into ${values.out}: ${report.output.files} files, ${(report.output.bytes / 1e6).toFixed(1)} MB${skipped}`,
    );
    return 0;
  },
});
