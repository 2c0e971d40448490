// npm run build [-- --data DIR --out DIR]: records the events of dataset changes not recorded yet
// (hand edits; the crawl records its own), then renders the dataset into the static site.
import { resolve } from "node:path";
import { recordEvents } from "../src/events/record.js";
import { existingFolder, intOption, runCommand } from "../src/node/cli.js";
import { build } from "../src/render/build.js";

await runCommand({
  name: "build",
  usage: `[--data DIR] [--out DIR] [--sources FILE] [--workers N] [--quiet]
  --data DIR      the dataset folder (default data)
  --out DIR       the site folder to write (default dist); only changed files are rewritten
  --sources FILE  sources.json, whose exclusions /index-status reports (default: the dataset folder's)
  --workers N     worker threads reading the dataset (default: the cores, at most 4, fewer for a small one); any number builds the same bytes
  --quiet         print only the final line`,
  options: {
    data: { type: "string", default: "data" },
    out: { type: "string", default: "dist" },
    sources: { type: "string" },
    workers: { type: "string" },
    quiet: { type: "boolean", default: false },
  },
  async run({ values }) {
    const dataDir = existingFolder(resolve(values.data), "--data");
    const workers = intOption(values.workers, "--workers", { min: 1 });
    const report = await build({
      dataDir,
      outDir: values.out,
      publicDir: "public",
      sourcesFile: values.sources && resolve(values.sources),
      builtAt: new Date(),
      workers,
      log: values.quiet ? undefined : (line) => console.log(line),
      beforeRender: async ({ records }) => {
        const events = await recordEvents(dataDir, records, { now: new Date() });
        console.log(`events: ${events.recorded.length} recorded, ${events.pruned} pruned, ${events.total} in the log`);
      },
    });
    console.log(
      `built ${report.skills} skills into ${values.out}: ${report.output.files} files, ${(report.output.bytes / 1e6).toFixed(1)} MB`,
    );
    return 0;
  },
});
