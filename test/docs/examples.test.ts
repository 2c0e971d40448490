// The generated samples of docs/EXAMPLES.md and of the README's tour are what the API answers now:
// the embedded dataset is built, the example requests are sent to the function in-process, and each
// file's section must equal the fresh rendering (else: npm run docs:examples).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { EXAMPLE_PATHS, README_EXAMPLE, renderExamples, SECTIONS, sectionOf } from "../../src/node/api-examples.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { sharedEmbeddedSite } from "../support/embedded-site.js";

let siteDir: string;
beforeAll(async () => {
  siteDir = await sharedEmbeddedSite();
}, 180_000);

const committed = (where: (typeof SECTIONS)[keyof typeof SECTIONS]) =>
  sectionOf(readFileSync(join(PROJECT_ROOT, where.file), "utf8"), where);

describe("the generated samples", () => {
  it("docs/EXAMPLES.md holds the current answer to every example request (run `npm run docs:examples` if not)", async () => {
    const fresh = await renderExamples(siteDir, EXAMPLE_PATHS);
    expect(committed(SECTIONS.examples) === fresh, "docs/EXAMPLES.md is stale: run npm run docs:examples").toBe(true);
    for (const path of EXAMPLE_PATHS) expect(fresh).toContain(`\`GET /api/v1${path}\` answers **`);
  });

  it("the README's tour shows the current answer to its last curl line", async () => {
    const readme = readFileSync(join(PROJECT_ROOT, "README.md"), "utf8");
    expect(readme).toContain(`curl "$API${README_EXAMPLE}"`);
    expect(
      committed(SECTIONS.readme) === (await renderExamples(siteDir, [README_EXAMPLE])),
      "README.md is stale: run npm run docs:examples",
    ).toBe(true);
  });
});
