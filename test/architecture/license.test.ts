// The project is open source under the Apache License 2.0: the licence text is at the root and every
// place a user or a registry looks names it (npm, both clients' manifests and folders, the OpenAPI document).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../src/node/project-root.js";

const read = (path: string) => readFileSync(join(PROJECT_ROOT, path), "utf8");
const APACHE = /^\s*Apache License\s+Version 2\.0, January 2004\b[\s\S]*END OF TERMS AND CONDITIONS/;

describe("the licence", () => {
  it("is the Apache License 2.0 text at the root and in each client's folder, identical", () => {
    const root = read("LICENSE");
    expect(root).toMatch(APACHE);
    expect(read("clients/typescript/LICENSE")).toBe(root);
    expect(read("clients/python/LICENSE")).toBe(root);
  });

  it("is named in package.json and both clients' manifests (the OpenAPI document: test/build/openapi/lint.test.ts)", () => {
    expect(JSON.parse(read("package.json")).license).toBe("Apache-2.0");
    expect(JSON.parse(read("clients/typescript/package.json")).license).toBe("Apache-2.0");
    expect(read("clients/python/pyproject.toml")).toMatch(/^license = \{ text = "Apache-2\.0" \}$/m);
  });
});
