// npm run build [-- --data DIR --out DIR]: renders the dataset into the static site.
import { parseArgs } from "node:util";
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
});
console.log(`built ${report.skills} skills into ${values.out}: ${report.output.files} files, ${(report.output.bytes / 1e6).toFixed(1)} MB`);
