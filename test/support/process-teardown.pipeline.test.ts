// A test that fails, and one that hangs, never leave a process behind: vitest runs a fixture file whose
// two tests start a child that starts a grandchild and a group of its own (all ignoring SIGTERM), then
// fail or time out without cleaning up. After the run, none of those processes remains.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { runNode } from "../../src/node/run-script.js";
import config from "../../vitest.config.js";
import { processTable } from "./process-groups.js";

const work = mkdtempSync(join(tmpdir(), "process-teardown-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("the per-file teardown", () => {
  it("is set up for every test file of the project", () => {
    expect(config.test?.setupFiles).toEqual(["test/support/process-teardown.ts"]);
  });

  it("ends every process a failing and a hanging test started, their groups and their children's groups", async () => {
    const ids = join(work, "ids.jsonl");
    writeFileSync(ids, "");
    const vitest = join(PROJECT_ROOT, "node_modules", "vitest", "vitest.mjs");
    const run = await runNode([vitest, "run", "--config", "test/fixtures/process-teardown/vitest.config.ts"], {
      env: { ...process.env, FAMILY_IDS: ids, PROCESS_TEARDOWN_ROOT: PROJECT_ROOT, CI: "true" },
    });
    const output = run.stdout + run.stderr;
    // Both tests went wrong, as they were written to.
    expect(run.status, output).toBe(1);
    expect(output).toMatch(/2 failed/);
    expect(output).toMatch(/Test timed out/);
    const families = readFileSync(ids, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, number>);
    expect(families).toHaveLength(2);
    const started = families.flatMap((f) => Object.values(f));
    expect(started).toHaveLength(6);
    const live = new Set(processTable().map((p) => p.pid));
    expect(started.filter((pid) => live.has(pid))).toEqual([]);
  });
});
