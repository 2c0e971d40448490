// npm run clients:generate: writes the clients' types from the OpenAPI document of the embedded
// dataset (the document `npm start` serves). A test fails while they are stale.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { GENERATED, generatedFiles } from "../clients/codegen/generate.js";
import { stableStringify } from "../src/dataset/json.js";
import { runCommand } from "../src/node/cli.js";

await runCommand({
  name: "clients:generate",
  usage: `(no options)
  writes ${Object.values(GENERATED).join(" and ")} from the OpenAPI document of the embedded dataset`,
  options: {},
  async run() {
    // Loaded here, not at the top: `--help` and a usage error answer without loading the build (seconds).
    const [{ vocabularyOf }, { openApiDocument }, { readDataset }] = await Promise.all([
      import("../src/build/build.js"),
      import("../src/build/openapi.js"),
      import("../src/dataset/files.js"),
    ]);
    const root = join(import.meta.dirname, "..");
    const document = openApiDocument(vocabularyOf(await readDataset(join(root, "data"))));
    // As the build writes it (keys sorted), so the output is that of the served document.
    const files = await generatedFiles(JSON.parse(stableStringify(document)));
    for (const [kind, path] of Object.entries(GENERATED)) {
      writeFileSync(join(root, path), files[kind as keyof typeof GENERATED]);
      console.log(`wrote ${path}`);
    }
    return 0;
  },
});
