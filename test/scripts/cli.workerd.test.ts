// Every npm script, tried as a new user would: `--help` prints its usage; a bad option, a missing
// folder or a busy port ends in one line and exit code 2 with no stack trace and no process left
// behind; `npm start` offline serves without stack traces and stops cleanly on Ctrl-C.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../src/node/pages-dev.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";

const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
/** Scripts run with tsx (all but `test`), with the file each runs. */
const SCRIPTS = Object.entries(pkg.scripts)
  .map(([name, command]) => [name, /^tsx (\S+\.ts)$/.exec(command)?.[1]] as const)
  .filter((entry): entry is readonly [string, string] => entry[1] !== undefined);

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function run(file: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((ok) => {
    const child = spawn(process.execPath, ["--import", "tsx", file, ...args], { cwd: PROJECT_ROOT, env: { ...process.env, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (b: Buffer) => (stdout += b.toString()));
    child.stderr.on("data", (b: Buffer) => (stderr += b.toString()));
    child.on("close", (status) => ok({ status, stdout, stderr }));
  });
}

/** One line on stderr naming the script, exit code 2, no stack trace. */
function expectUsageError(name: string, r: Run, pattern: RegExp): void {
  expect(r.status, `${name}: ${r.stderr}`).toBe(2);
  const lines = r.stderr.trim().split("\n");
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^npm run ${name.replace(":", "\\:")}: `));
  expect(lines[0]).toMatch(pattern);
  expect(r.stderr).not.toMatch(/^\s+at /m);
}

/** Processes whose command line mentions `text` (wrangler, workerd or esbuild left behind). */
const processesMentioning = (text: string): string[] => {
  try {
    // `--`: the text may start with dashes ("--port N"), which pgrep would take for an option.
    return execFileSync("pgrep", ["-af", "--", text], { encoding: "utf8" })
      .trim()
      .split("\n")
      .filter((l) => l && !l.includes("pgrep"));
  } catch (e) {
    // pgrep exits 1 when nothing matches; anything else is a broken check, not an empty answer.
    if ((e as { status?: number }).status === 1) return [];
    throw e;
  }
};

/** Every process started below `pid`, children first found by their parent id. */
function descendants(pid: number): number[] {
  let children: number[] = [];
  try {
    children = execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
      .trim()
      .split("\n")
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
  return children.flatMap((c) => [c, ...descendants(c)]);
}

/** Whether a process still runs (a zombie, already dead and waiting to be reaped, does not). */
const alive = (pid: number): boolean => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
};

describe("every npm script", () => {
  it("has a tsx entry point (all scripts but test)", () => {
    expect(SCRIPTS.map(([n]) => n)).toEqual(
      expect.arrayContaining(["start", "build", "serve", "crawl", "synth", "github-fixture", "bench", "keys", "rebuild", "dataset"]),
    );
  });

  it.each(SCRIPTS)("npm run %s -- --help prints its usage and exits 0", async (name, file) => {
    const r = await run(file, ["--help"]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^usage: npm (run ${name.replace(":", "\\:")}|${name})\\b`));
  });

  it.each(SCRIPTS)("npm run %s -- --no-such-option: one line and exit code 2", async (name, file) => {
    expectUsageError(name, await run(file, ["--no-such-option"]), /no-such-option/);
  });
});

describe("missing inputs", () => {
  const missing = "/nonexistent/skills-folder";
  it.each([
    ["build", "scripts/build.ts", ["--data", missing]],
    ["synth", "scripts/synth.ts", ["--skills", "1", "--out", ".tmp/unused-synth", "--data", missing]],
    ["github-fixture", "scripts/github-fixture.ts", ["--dataset", missing]],
    ["crawl", "scripts/crawl.ts", ["--sources", `${missing}/sources.json`, "--github-url", "http://127.0.0.1:9"]],
    ["rebuild", "scripts/rebuild.ts", ["--sources", `${missing}/sources.json`, "--github-url", "http://127.0.0.1:9"]],
    ["serve", "scripts/serve.ts", ["--dir", missing]],
  ] as const)("npm run %s names the missing folder or file", async (name, file, args) => {
    expectUsageError(name, await run(file, [...args]), /nonexistent\/skills-folder/);
  });

  it("bad values are usage errors too", async () => {
    expectUsageError("synth", await run("scripts/synth.ts", ["--skills", "many", "--out", ".tmp/x"]), /--skills/);
    expectUsageError("crawl", await run("scripts/crawl.ts", ["--limit", "-1", "--github-url", "http://127.0.0.1:9"]), /--limit/);
    expectUsageError("rebuild", await run("scripts/rebuild.ts", ["--only", "not a repo", "--github-url", "http://127.0.0.1:9"]), /--only/);
    expectUsageError(
      "rebuild",
      await run("scripts/rebuild.ts", ["--max-failed-share", "2", "--github-url", "http://127.0.0.1:9"]),
      /--max-failed-share/,
    );
    expectUsageError("start", await run("scripts/start.ts", [], { PORT: "http" }), /PORT/);
  });
});

describe("a busy port", () => {
  let blocker: Server;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    blocker = createServer();
    await new Promise<void>((ok) => blocker.listen(port, "127.0.0.1", () => ok()));
  });
  afterAll(() => new Promise<void>((ok) => blocker.close(() => ok())));

  it.each([
    ["start", "scripts/start.ts"],
    ["serve", "scripts/serve.ts"],
  ] as const)("npm run %s says so in one line, exits 2 and leaves no process behind", async (name, file) => {
    expectUsageError(name, await run(file, [], { PORT: String(port) }), new RegExp(`port ${port} .*busy`));
    expect(processesMentioning(`--port ${port}`)).toEqual([]);
  });
});

describe("npm start", () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child?.exitCode === null) child.kill("SIGKILL");
  });

  it("builds and serves offline without stack traces, and Ctrl-C stops everything it started", async () => {
    const port = await freePort();
    child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, PORT: String(port) },
    });
    let out = "";
    child.stdout!.on("data", (b: Buffer) => (out += b.toString()));
    child.stderr!.on("data", (b: Buffer) => (out += b.toString()));
    const deadline = Date.now() + 90_000;
    while (!/Ready on/.test(out) && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 200));
    expect(out).toMatch(/Ready on/);
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/status`);
    expect(res.status).toBe(200);
    // wrangler, workerd and esbuild: all of them must be gone after Ctrl-C.
    const started = descendants(child.pid!);
    expect(started.length).toBeGreaterThan(0);
    const exited = new Promise<number | null>((ok) => child!.once("exit", (code) => ok(code)));
    child.kill("SIGINT");
    expect(await exited).toBe(130);
    await new Promise((r) => setTimeout(r, 1000));
    expect(started.filter(alive)).toEqual([]);
    expect(out).not.toMatch(/^\s+at /m);
    expect(out).not.toMatch(/ENOTFOUND|getaddrinfo/);
    expect(out).not.toMatch(/wrote 0 term shards/);
  }, 120_000);
});
