// npm run docs:examples: rebuilds the embedded dataset, sends the example requests to the API
// in-process, and rewrites the generated samples of docs/EXAMPLES.md and the README's tour
// (src/node/api-examples.ts).
import { mkdtempSync, rmSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCommand } from "../src/node/cli.js";

await runCommand({
  name: "docs:examples",
  usage: `(no options)
  rebuilds the embedded dataset into a temporary folder, sends the example requests to the API
  in-process and rewrites the samples of docs/EXAMPLES.md and the README's tour, each between its
  <!-- ...:start --> and <!-- ...:end --> markers`,
  options: {},
  async run() {
    // Loaded here, not at the top: `--help` and a usage error answer without loading the build and the API (seconds).
    const [{ build }, { EXAMPLE_PATHS, README_EXAMPLE, renderExamples, SECTIONS, withSection }] = await Promise.all([
      import("../src/build/build.js"),
      import("../src/node/api-examples.js"),
    ]);
    const siteDir = mkdtempSync(join(tmpdir(), "skills-examples-"));
    try {
      await build({ dataDir: "data", outDir: siteDir, page: false });
      for (const [where, paths] of [
        [SECTIONS.examples, EXAMPLE_PATHS],
        [SECTIONS.readme, [README_EXAMPLE]],
      ] as const) {
        const text = await readFile(where.file, "utf8");
        await writeFile(where.file, withSection(text, where, await renderExamples(siteDir, paths)));
        console.log(`${where.file}: ${paths.length} ${paths.length === 1 ? "sample" : "samples"} rewritten`);
      }
    } finally {
      rmSync(siteDir, { recursive: true, force: true });
    }
    return 0;
  },
});
