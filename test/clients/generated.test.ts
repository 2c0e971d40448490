// The clients' generated types are those of the document the API serves: regenerating them from
// the served document (the function run in-process over the embedded build) must give the committed files byte for byte (else: npm run clients:generate).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GENERATED, generatedFiles } from "../../clients/codegen/generate.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { embeddedInProcess } from "../support/in-process-api.js";

const { call } = embeddedInProcess();

describe("the clients' generated types", () => {
  it("match the served OpenAPI document (run `npm run clients:generate` if not)", async () => {
    const files = await generatedFiles((await call("/openapi.json")).body);
    for (const [kind, path] of Object.entries(GENERATED)) {
      const committed = readFileSync(join(PROJECT_ROOT, path), "utf8");
      expect(committed === files[kind as keyof typeof GENERATED], `${path} is stale: run npm run clients:generate`).toBe(true);
    }
  });
});
