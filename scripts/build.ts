// npm run build [-- --data DIR --out DIR]: records the events of dataset changes not recorded yet
// (hand edits; the crawl records its own), then renders the dataset into the static site.
import { parseArgs } from "node:util";
import { recordEvents } from "../src/events/record.js";
import { build } from "../src/render/build.js";

const { values } = parseArgs({
  options: {
    data: { type: "string", default: "data" },
    out: { type: "string", default: "dist" },
    quiet: { type: "boolean", default: false },
  },
});
const report = await build({
  dataDir: values.data,
  outDir: values.out,
  publicDir: "public",
  log: values.quiet ? undefined : (line) => console.log(line),
  beforeRender: async ({ records }) => {
    const events = await recordEvents(values.data, records, { now: new Date() });
    console.log(`events: ${events.recorded.length} recorded, ${events.pruned} pruned, ${events.total} in the log`);
  },
});
console.log(`built ${report.skills} skills into ${values.out}: ${report.output.files} files, ${(report.output.bytes / 1e6).toFixed(1)} MB`);
