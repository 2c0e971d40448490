// fewMallocArenas (src/node/cli.ts), which `npm run build` and `npm run rebuild` call first: on glibc it
// runs the script again with MALLOC_ARENA_MAX set, passing the arguments, output and exit code through
// (the script's work runs once, in the child); a MALLOC_ARENA_MAX already set is left as it is.
import type { ChildProcess } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BUILD_MALLOC_ARENAS, usesGlibc } from "../../src/node/cli.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { runNode } from "../../src/node/run-script.js";

const PROBE = join(PROJECT_ROOT, "test", "fixtures", "malloc-arenas", "probe.ts");
const glibc = usesGlibc();
const { MALLOC_ARENA_MAX: _, ...cleanEnv } = process.env;

interface Report {
  arenas: string | null;
  args: string[];
  pid: number;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const probe = async (code: number, env: NodeJS.ProcessEnv) => {
  const run = await runNode(["--import", "tsx", PROBE, String(code), "second"], { env });
  const lines = run.stdout.trim().split("\n");
  return { status: run.status, stderr: run.stderr, lines, report: JSON.parse(lines.at(-1)!) as Report };
};

describe("fewMallocArenas", () => {
  it("on glibc runs the script once more with MALLOC_ARENA_MAX set, passing arguments and the exit code", async () => {
    const run = await probe(7, cleanEnv);
    expect(run.status, run.stderr).toBe(7);
    expect(run.lines).toHaveLength(1);
    // Another C library has no such setting: the script runs as it was started.
    expect(run.report).toMatchObject({ arenas: glibc ? String(BUILD_MALLOC_ARENAS) : null, args: ["7", "second"] });
  });

  it("leaves a MALLOC_ARENA_MAX already set as it is", async () => {
    const run = await probe(0, { ...cleanEnv, MALLOC_ARENA_MAX: "5" });
    expect(run.status, run.stderr).toBe(0);
    expect(run.lines).toHaveLength(1);
    expect(run.report).toMatchObject({ arenas: "5", args: ["0", "second"] });
  });

  it.runIf(glibc)("ends the process it started when it is killed, even by SIGKILL", async () => {
    let parent: ChildProcess | undefined;
    let out = "";
    const run = runNode(["--import", "tsx", PROBE, "wait"], { env: cleanEnv }, (c) => {
      parent = c;
      c.stdout?.on("data", (b: Buffer) => (out += b.toString()));
    });
    const deadline = Date.now() + 30_000;
    while (!out.includes("\n") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const child = (JSON.parse(out.trim().split("\n")[0]!) as Report).pid;
    expect(child).not.toBe(parent!.pid);
    expect(alive(child)).toBe(true);
    try {
      parent!.kill("SIGKILL");
      expect((await run).status).toBeNull();
      const gone = Date.now() + 10_000;
      while (alive(child) && Date.now() < gone) await new Promise((r) => setTimeout(r, 20));
      expect(alive(child)).toBe(false);
    } finally {
      // A failure must not leave the probe waiting for ever.
      if (alive(child)) process.kill(child, "SIGKILL");
    }
  });
});
