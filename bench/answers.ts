// Answer times over an existing build (a site and its dataset from bench/build.ts's work folder),
// without building again: for sizes whose build is measured on its own. Writes bench/results/answers.md.
import { mkdirSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { readDataset } from "../src/dataset/files.js";
import { ANSWERS_NOTE, answersSection, requestKinds, timeQueries, timeServed } from "./support/answers.js";
import { folderBySize } from "./support/folders.js";
import { machineLine } from "./support/machine.js";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "100000" },
    work: { type: "string", default: ".tmp/bench" },
    // A dataset and its site made elsewhere (bench/build-once.ts at 1M): "1000000=DIR,...".
    datasets: { type: "string", default: "" },
    sites: { type: "string", default: "" },
  },
});
const datasets = folderBySize(values.datasets);
const sites = folderBySize(values.sites);
/** The request mixes of a dataset, read in a function of its own so the records are garbage once it returns. */
async function kindsOf(dir: string) {
  const dataset = await readDataset(dir, { texts: false });
  return { kinds: requestKinds(dataset), popular: requestKinds(dataset, "popular") };
}
const sections: string[] = [];
for (const n of values.sizes.split(",").map(Number)) {
  const { kinds, popular } = await kindsOf(datasets.get(n) ?? join(values.work, `synth-${n}`));
  const site = sites.get(n) ?? join(values.work, `site-${n}`);
  process.stderr.write(`[${n}] answer times in-process\n`);
  const q = await timeQueries(site, kinds, popular);
  process.stderr.write(`[${n}] answer times through wrangler pages dev\n`);
  sections.push(answersSection(n, q, await timeServed(site, kinds)));
}
const report = [
  "# Answer times over an existing build",
  "",
  `Machine: ${machineLine()}, shared with other work while measured. Command: \`npx tsx bench/answers.ts --sizes ${values.sizes}\` over the sites bench/build.ts built.`,
  "",
  ANSWERS_NOTE,
  "",
  ...sections.flatMap((s) => [s, ""]),
].join("\n");
mkdirSync("bench/results", { recursive: true });
await writeFile("bench/results/answers.md", report);
console.log(report);
