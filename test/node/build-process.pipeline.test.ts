// asBuildProcess (src/node/cli.ts), which `npm run build` and `npm run rebuild` call first: it runs the
// script again with UV_THREADPOOL_SIZE (and, on glibc, MALLOC_ARENA_MAX and the malloc thresholds) set, passing the arguments,
// output and exit code through (the script's work runs once, in the child); a value already set is left
// as it is, and a process that has them all runs as it was started.
import type { ChildProcess } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BUILD_MALLOC_ARENAS, BUILD_MALLOC_THRESHOLD, BUILD_THREAD_POOL, missingBuildSettings, usesGlibc } from "../../src/node/cli.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { runNode } from "../../src/node/run-script.js";

const PROBE = join(PROJECT_ROOT, "test", "fixtures", "build-process", "probe.ts");
const glibc = usesGlibc();
const { MALLOC_ARENA_MAX: _, UV_THREADPOOL_SIZE: __, MALLOC_MMAP_THRESHOLD_: ___, MALLOC_TRIM_THRESHOLD_: ____, ...cleanEnv } = process.env;
const THRESHOLD = String(BUILD_MALLOC_THRESHOLD);
/** The malloc thresholds as set by hand, so a probe that has them need not be run again. */
const thresholds = { MALLOC_MMAP_THRESHOLD_: "65536", MALLOC_TRIM_THRESHOLD_: "65536" };

interface Report {
  arenas: string | null;
  thresholds: [string | null, string | null];
  pool: string | null;
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
  let pid: number | undefined;
  const run = await runNode(["--import", "tsx", PROBE, String(code), "second"], { env }, (child) => (pid = child.pid));
  const lines = run.stdout.trim().split("\n");
  return { status: run.status, stderr: run.stderr, lines, pid, report: JSON.parse(lines.at(-1)!) as Report };
};

describe("missingBuildSettings", () => {
  it("names what is not set, malloc's settings on glibc only, and never a value already set", () => {
    const malloc = { MALLOC_ARENA_MAX: String(BUILD_MALLOC_ARENAS), MALLOC_MMAP_THRESHOLD_: THRESHOLD, MALLOC_TRIM_THRESHOLD_: THRESHOLD };
    const pool = { UV_THREADPOOL_SIZE: String(BUILD_THREAD_POOL) };
    expect(missingBuildSettings({}, true)).toEqual({ ...malloc, ...pool });
    // Another C library has no such settings.
    expect(missingBuildSettings({}, false)).toEqual(pool);
    expect(missingBuildSettings({ MALLOC_ARENA_MAX: "5" }, true)).toEqual({ ...malloc, MALLOC_ARENA_MAX: undefined, ...pool });
    expect(missingBuildSettings({ ...thresholds }, true)).toEqual({ MALLOC_ARENA_MAX: String(BUILD_MALLOC_ARENAS), ...pool });
    expect(missingBuildSettings({ UV_THREADPOOL_SIZE: "3" }, true)).toEqual(malloc);
    expect(missingBuildSettings({ MALLOC_ARENA_MAX: "5", UV_THREADPOOL_SIZE: "3", ...thresholds }, true)).toEqual({});
  });
});

describe("asBuildProcess", () => {
  it("runs the script once more with the build's settings, passing arguments and the exit code", async () => {
    const run = await probe(7, cleanEnv);
    expect(run.status, run.stderr).toBe(7);
    expect(run.lines).toHaveLength(1);
    expect(run.report).toMatchObject({
      arenas: glibc ? String(BUILD_MALLOC_ARENAS) : null,
      thresholds: glibc ? [THRESHOLD, THRESHOLD] : [null, null],
      pool: String(BUILD_THREAD_POOL),
      args: ["7", "second"],
    });
  });

  it("leaves a setting already there as it is, and sets only the other", async () => {
    const run = await probe(0, { ...cleanEnv, MALLOC_ARENA_MAX: "5", ...thresholds });
    expect(run.status, run.stderr).toBe(0);
    expect(run.lines).toHaveLength(1);
    expect(run.report).toMatchObject({
      arenas: "5",
      thresholds: ["65536", "65536"],
      pool: String(BUILD_THREAD_POOL),
      args: ["0", "second"],
    });
  });

  it("runs as it was started when every setting is there", async () => {
    const run = await probe(3, { ...cleanEnv, MALLOC_ARENA_MAX: "5", UV_THREADPOOL_SIZE: "6", ...thresholds });
    expect(run.status, run.stderr).toBe(3);
    expect(run.report).toMatchObject({ arenas: "5", pool: "6", args: ["3", "second"] });
    // The same process: its pid is the one the test started, not a child's.
    expect(run.pid).toBe(run.report.pid);
  });

  it("ends the process it started when it is killed, even by SIGKILL", async () => {
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
