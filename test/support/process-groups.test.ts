// The teardown that ends what a test started: a child that ignores SIGTERM, its grandchild in the same
// group and a great-grandchild in a group of its own are all gone afterwards, as is what a leader that
// already exited left behind. (test/support/process-teardown.pipeline.test.ts runs it after a real failing test.)
import type { ChildProcess } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { endProcessGroups, processTable, spawnGroup } from "./process-groups.js";

const FAMILY = join(PROJECT_ROOT, "test", "fixtures", "process-teardown", "family.mjs");

interface Family {
  leader: number;
  grandchild: number;
  ownGroup: number;
}

/** Starts the fixture and resolves with the ids it prints once all three processes run. */
function startFamily(...args: string[]): Promise<{ child: ChildProcess; family: Family }> {
  const child = spawnGroup(process.execPath, [FAMILY, ...args], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((ok, fail) => {
    let out = "";
    child.stdout!.on("data", (b: Buffer) => {
      out += b.toString();
      if (out.includes("\n")) ok({ child, family: JSON.parse(out) as Family });
    });
    child.once("error", fail);
  });
}

const running = (pids: number[]) => {
  const live = new Set(processTable().map((p) => p.pid));
  return pids.filter((pid) => live.has(pid));
};

describe("endProcessGroups", () => {
  it("ends a hung child, its grandchild and the group the child started, though all ignore SIGTERM", async () => {
    const { family } = await startFamily();
    const pids = [family.leader, family.grandchild, family.ownGroup];
    expect(running(pids)).toEqual(pids);
    const killed = await endProcessGroups(300);
    // All three refused SIGTERM, so each had to be killed.
    expect(killed.map((p) => p.pid).sort()).toEqual([...pids].sort());
    expect(running(pids)).toEqual([]);
  });

  it("ends what a leader that has already exited left behind", async () => {
    const { child, family } = await startFamily("--exit-leader");
    await new Promise((ok) => (child.exitCode !== null ? ok(undefined) : child.once("exit", ok)));
    expect(running([family.grandchild, family.ownGroup])).toHaveLength(2);
    await endProcessGroups(300);
    expect(running([family.grandchild, family.ownGroup])).toEqual([]);
  });

  it("has nothing to do when nothing was started", async () => {
    expect(await endProcessGroups()).toEqual([]);
  });
});
