// Every npm script, tried as a new user would: `--help` prints its usage; a bad option, a missing
// folder or a busy port ends in one line and exit code 2 with no stack trace and no process left
// behind; `npm start` offline serves without stack traces and stops cleanly on Ctrl-C.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, type ExpectStatic, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../../src/api/rate-limit/tiers.js";
import { LOCAL_DEVELOPMENT_LIMITS } from "../../src/node/local-limits.js";
import { freePort } from "../../src/node/pages-dev.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { endProcessGroups, spawnGroup } from "../support/process-groups.js";

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

/**
 * One line on stderr naming the script, exit code 2, no stack trace. `check` is the running test's own
 * expect: the tests that each start a script run concurrently (each start is a second or more of Node
 * and tsx loading modules, on one core), and a concurrent test asserts through its own context.
 */
function expectUsageError(name: string, r: Run, pattern: RegExp, check: ExpectStatic = expect): void {
  check(r.status, `${name}: ${r.stderr}`).toBe(2);
  const lines = r.stderr.trim().split("\n");
  check(lines, r.stderr).toHaveLength(1);
  check(lines[0]).toMatch(new RegExp(`^npm run ${name.replace(":", "\\:")}: `));
  check(lines[0]).toMatch(pattern);
  check(r.stderr).not.toMatch(/^\s+at /m);
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

  it.concurrent.for(SCRIPTS)("npm run %s -- --help prints its usage and exits 0", async ([name, file], { expect }) => {
    const r = await run(file, ["--help"]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^usage: npm (run ${name.replace(":", "\\:")}|${name})\\b`));
  });

  it.concurrent.for(SCRIPTS)("npm run %s -- --no-such-option: one line and exit code 2", async ([name, file], { expect }) => {
    const r = await run(file, ["--no-such-option"]);
    expectUsageError(name, r, /unknown option --no-such-option \(the options are .*--help\)/, expect);
    // One plain sentence: not Node's hint about positionals, whose quotes do not balance.
    expect(r.stderr).not.toMatch(/To specify a positional/);
    expect((r.stderr.match(/'/g) ?? []).length % 2).toBe(0);
  });
});

describe("missing inputs", () => {
  const missing = "/nonexistent/skills-folder";
  it.concurrent.for([
    ["build", "scripts/build.ts", ["--data", missing]],
    ["synth", "scripts/synth.ts", ["--skills", "1", "--out", ".tmp/unused-synth", "--data", missing]],
    ["github-fixture", "scripts/github-fixture.ts", ["--dataset", missing]],
    ["crawl", "scripts/crawl.ts", ["--sources", `${missing}/sources.json`, "--github-url", "http://127.0.0.1:9"]],
    ["rebuild", "scripts/rebuild.ts", ["--sources", `${missing}/sources.json`, "--github-url", "http://127.0.0.1:9"]],
    ["serve", "scripts/serve.ts", ["--dir", missing]],
  ] as const)("npm run %s names the missing folder or file", async ([name, file, args], { expect }) => {
    expectUsageError(name, await run(file, [...args]), /nonexistent\/skills-folder/, expect);
  });

  it.concurrent("bad values are usage errors too", async ({ expect }) => {
    // Independent runs, started together.
    const [synth, crawl, only, share, start] = await Promise.all([
      run("scripts/synth.ts", ["--skills", "many", "--out", ".tmp/x"]),
      run("scripts/crawl.ts", ["--limit", "-1", "--github-url", "http://127.0.0.1:9"]),
      run("scripts/rebuild.ts", ["--only", "not a repo", "--github-url", "http://127.0.0.1:9"]),
      run("scripts/rebuild.ts", ["--max-failed-share", "2", "--github-url", "http://127.0.0.1:9"]),
      run("scripts/start.ts", [], { PORT: "http" }),
    ]);
    expectUsageError("synth", synth, /--skills/, expect);
    expectUsageError("crawl", crawl, /--limit/, expect);
    expectUsageError("rebuild", only, /--only/, expect);
    expectUsageError("rebuild", share, /--max-failed-share/, expect);
    expectUsageError("start", start, /PORT/, expect);
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

/** A local server started by an npm script in its own process, with its output gathered. */
interface Started {
  child: ChildProcess;
  port: number;
  output(): string;
}

async function startScript(file: string, args: string[], env: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  // A group of its own, ended with everything in it after the file even if a test fails midway.
  const child = spawnGroup(process.execPath, ["--import", "tsx", file, ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
  });
  let out = "";
  child.stdout!.on("data", (b: Buffer) => (out += b.toString()));
  child.stderr!.on("data", (b: Buffer) => (out += b.toString()));
  const deadline = Date.now() + 120_000;
  while (!/Ready on/.test(out) && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 200));
  expect(out).toMatch(/Ready on/);
  return { child, port, output: () => out };
}

/** Ctrl-C, then the exit code; everything the script started must be gone. */
async function interrupt(started: Started): Promise<number | null> {
  const spawned = descendants(started.child.pid!);
  const exited = new Promise<number | null>((ok) => started.child.once("exit", (code) => ok(code)));
  started.child.kill("SIGINT");
  const code = await exited;
  // The script waits for its children before exiting, but a loaded machine may take a moment to reap
  // them: look again every 100 ms for up to 15 s rather than once after a fixed second.
  for (const deadline = Date.now() + 15_000; spawned.some(alive) && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 100));
  expect(spawned.filter(alive)).toEqual([]);
  return code;
}

describe("npm start", () => {
  // Its own site and state folders: the person's dist/ and .wrangler/state are never touched, so what
  // their own runs left (a spent budget, keys, a build) cannot change what the suite sees.
  const work = mkdtempSync(join(tmpdir(), "npm-start-"));
  const site = join(work, "site");
  afterAll(async () => {
    // Not a SIGKILL of the script alone, which would leave wrangler and workerd running in their own group.
    await endProcessGroups();
    rmSync(work, { recursive: true, force: true });
  });

  it("builds and serves offline without stack traces, with development limits it prints, and Ctrl-C stops everything it started", async () => {
    // A copy of the embedded dataset: the build records the events of hand edits into its folder, and a test run leaves the checkout as it was.
    const data = join(work, "data");
    cpSync(join(PROJECT_ROOT, "data"), data, { recursive: true });
    const embedded = () =>
      ["events-state.json", "events.jsonl"].map((name) => {
        const file = join(PROJECT_ROOT, "data", name);
        return existsSync(file) ? readFileSync(file, "utf8") : null;
      });
    const before = embedded();
    const started = await startScript("scripts/start.ts", ["--out", site, "--state", join(work, "state-start"), "--data", data]);
    expect(embedded()).toEqual(before);
    const res = await fetch(`http://127.0.0.1:${started.port}/api/v1/status`);
    expect(res.status).toBe(200);
    const { anonymous } = LOCAL_DEVELOPMENT_LIMITS;
    expect(res.headers.get("x-ratelimit-limit")).toBe(String(anonymous));
    expect(started.output()).toContain(`rate limits per hour: anonymous ${anonymous}`);
    expect(started.output()).toContain(`production has anonymous ${DEFAULT_LIMITS.anonymous}`);
    expect(descendants(started.child.pid!).length).toBeGreaterThan(0);
    expect(await interrupt(started)).toBe(130);
    const out = started.output();
    expect(out).not.toMatch(/^\s+at /m);
    expect(out).not.toMatch(/ENOTFOUND|getaddrinfo/);
    expect(out).not.toMatch(/wrote 0 term shards/);
  }, 180_000);

  it("a budget spent in one state folder is not spent in another, and the 429 says when to retry and how to lift it", async () => {
    // A person's server with a tiny budget, spent to the last request...
    const spent = await startScript("scripts/serve.ts", ["--dir", site, "--state", join(work, "state-person")], {
      RATE_LIMIT_ANONYMOUS: "2",
    });
    const url = `http://127.0.0.1:${spent.port}/api/v1/categories`;
    for (let i = 0; i < 2; i++) expect((await fetch(url)).status).toBe(200);
    const refused = await fetch(url);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const { error } = (await refused.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe("RATE_LIMITED");
    expect(error.message).toMatch(/retry after \d+ s/);
    expect(error.message).toMatch(/local server.*RATE_LIMIT_ANONYMOUS/);
    await interrupt(spent);
    // ...leaves another run with its own state folder untouched.
    const fresh = await startScript("scripts/serve.ts", ["--dir", site, "--state", join(work, "state-suite")], {
      RATE_LIMIT_ANONYMOUS: "2",
    });
    expect((await fetch(`http://127.0.0.1:${fresh.port}/api/v1/categories`)).status).toBe(200);
    await interrupt(fresh);
  }, 180_000);
});
