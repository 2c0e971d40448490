// The import rule of docs/ARCHITECTURE.md, checked on the real imports by dependency-cruiser with the
// rules of .dependency-cruiser.cjs. A violation fails the test and names the file, the import and the
// rule; a small tree of deliberately wrong imports shows that each kind of breach is caught.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { PROJECT_ROOT } from "../../src/node/project-root.js";

const run = promisify(execFile);
const CONFIG = join(PROJECT_ROOT, ".dependency-cruiser.cjs");
const DEPCRUISE = join(PROJECT_ROOT, "node_modules", ".bin", "depcruise");

const Report = z.object({
  summary: z.object({
    violations: z.array(z.object({ from: z.string(), to: z.string(), rule: z.object({ name: z.string() }) })),
    totalCruised: z.number(),
  }),
});

/** Cruises `paths` under `cwd`; returns "file -> import: rule" lines (depcruise exits non-zero when there are any). */
async function violations(cwd: string, paths: string[]): Promise<{ lines: string[]; cruised: number }> {
  const args = ["--config", CONFIG, "--output-type", "json", ...paths];
  const stdout = await run(DEPCRUISE, args, { cwd, maxBuffer: 64 * 1024 * 1024 }).then(
    (r) => r.stdout,
    (e: { stdout?: string }) => e.stdout ?? "",
  );
  const { summary } = Report.parse(JSON.parse(stdout));
  return { lines: summary.violations.map((v) => `${v.from} -> ${v.to}: ${v.rule.name}`).sort(), cruised: summary.totalCruised };
}

describe("the import rule", () => {
  it("holds for every file of the repository", async () => {
    const { lines, cruised } = await violations(PROJECT_ROOT, ["src", "functions", "scripts", "bench", "test", "web"]);
    expect(cruised).toBeGreaterThan(100);
    expect(lines, `import rule violations:\n${lines.join("\n")}`).toEqual([]);
  });

  const tree = mkdtempSync(join(tmpdir(), "import-rule-"));
  afterAll(() => rmSync(tree, { recursive: true, force: true }));
  const files: Record<string, string> = {
    "tsconfig.json": JSON.stringify({ compilerOptions: { module: "ESNext", moduleResolution: "Bundler", allowJs: true } }),
    "src/contract/a.ts": 'import { x } from "../build/b.js";\nexport const a = x;\n',
    "src/build/b.ts": 'import { y } from "../api/c.js";\nexport const x = y;\n',
    "src/api/c.ts": 'import { readFileSync } from "node:fs";\nimport { z } from "../node/d.js";\nexport const y = [readFileSync, z];\n',
    "src/node/d.ts": "export const z = 1;\n",
    "src/search/e.ts": 'import { y } from "../api/c.js";\nexport const e = y;\n',
    "src/ingest/f.ts": 'import { x } from "../build/b.js";\nexport const f = x;\n',
    "bench/g.ts": 'import { h } from "../test/h.js";\nexport const g = h;\n',
    "test/h.ts": "export const h = 1;\n",
    "scripts/j.ts": 'import { h } from "../test/h.js";\nexport const j = h;\n',
    "web/i.ts": 'import { y } from "../src/api/c.js";\nexport const i = y;\n',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  }

  it("names the file, the import and the rule of each breach", async () => {
    const { lines } = await violations(tree, ["src", "bench", "scripts", "test", "web"]);
    expect(lines).toEqual([
      "bench/g.ts -> test/h.ts: only-tests-import-tests",
      "scripts/j.ts -> test/h.ts: only-tests-import-tests",
      "src/api/c.ts -> fs: function-imports-contract-and-search",
      "src/api/c.ts -> src/node/d.ts: function-imports-contract-and-search",
      "src/api/c.ts -> src/node/d.ts: node-only-stays-out-of-src",
      "src/build/b.ts -> src/api/c.ts: build-imports-contract-dataset-search",
      "src/contract/a.ts -> src/build/b.ts: contract-is-a-leaf",
      "src/ingest/f.ts -> src/build/b.ts: crawler-imports-contract-and-dataset",
      "src/search/e.ts -> src/api/c.ts: search-imports-only-the-contract",
      "web/i.ts -> src/api/c.ts: page-imports-contract-and-schemas",
    ]);
  });
});
