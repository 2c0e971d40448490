// The CLI in-process, without a server: one clean line for every kind of wrong command line (no
// Node boilerplate, no stack), help made from the command table, the API address from --api,
// SKILLS_API_URL or the default, the question asked before a suspicious install, and progress.
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { COMMANDS } from "../../clients/typescript/src/cli/commands.js";
import { progressOn } from "../../clients/typescript/src/cli/progress.js";
import { confirmer } from "../../clients/typescript/src/cli/prompt.js";
import { apiBase, apiFromOptions, main } from "../../clients/typescript/src/cli.js";

class Capture {
  text = "";
  isTTY = false;
  columns = 100;
  write(s: string) {
    this.text += s;
    return true;
  }
}

async function run(argv: string[], env: Record<string, string> = {}) {
  const stdout = new Capture();
  const stderr = new Capture();
  // An address nothing answers on: a command that got as far as a request would fail with NETWORK_ERROR.
  const status = await main(argv, {
    stdout,
    stderr,
    env: { SKILLS_API_URL: "http://127.0.0.1:9", ...env },
    cwd: "/nonexistent",
    home: "/nonexistent",
  });
  return { status, stdout: stdout.text, stderr: stderr.text };
}

describe("a wrong command line", () => {
  it.each([
    [["search", "pdf", "--bogus"], "unknown option --bogus (see skills-directory search --help)"],
    [["install", "anvil-dev/pdf", "--limit", "3"], "install does not take --limit (see skills-directory install --help)"],
    [["list", "--limit"], "--limit needs a value: --limit N (see skills-directory list --help)"],
    [["list", "--limit", "--json"], "--limit needs a value: --limit N (see skills-directory list --help)"],
    [["list", "--json=yes"], '--json takes no value (got "yes") (see skills-directory list --help)'],
    [["list", "--page", "two"], '--page takes a whole number (got "two") (see skills-directory list --help)'],
    [["search", "pdf", "--has-index", "maybe"], '--has-index takes true or false (got "maybe") (see skills-directory search --help)'],
    [["frobnicate"], 'unknown command "frobnicate" (see skills-directory --help)'],
    [["get", "not-a-pair"], 'give the skill as owner/repo (got "not-a-pair") (see skills-directory get --help)'],
    [["show"], "get needs a skill as owner/repo (see skills-directory get --help)"],
    [
      ["install", "a/b", "c/d"],
      "install takes one skill (owner/repo or owner/repo/skill), got 2 arguments (see skills-directory install --help)",
    ],
    [
      ["install", "a/b", "--update"],
      "--update goes with install alone (restore the lock) or with the update command (see skills-directory install --help)",
    ],
    [["remove"], "remove needs the name of an installed skill (see skills-directory remove --help)"],
    [["status", "--api", "localhost:8788"], 'the API address "localhost:8788" is not http or https (see skills-directory status --help)'],
    [
      ["status", "--api", "not a url"],
      'the API address "not a url" is not a URL (as in http://127.0.0.1:8788) (see skills-directory status --help)',
    ],
  ])("%j is exit 2 and one line: %s", async (argv, line) => {
    const r = await run(argv);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(`skills-directory: ${line}\n`);
  });

  it("never shows Node's parseArgs text or a stack", async () => {
    for (const argv of [["--nope"], ["list", "-x"], ["search", "--category"], ["get", "--path", "x", "a/b"]]) {
      const r = await run(argv);
      expect(r.status, argv.join(" ")).toBe(2);
      expect(r.stderr.split("\n")).toHaveLength(2);
      expect(r.stderr).not.toMatch(/To specify a positional|ERR_PARSE_ARGS|\n\s+at /);
    }
  });

  it("a failure to reach the API is exit 1 and one line with the code", async () => {
    const r = await run(["status"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^error NETWORK_ERROR: could not reach http:\/\/127\.0\.0\.1:9\/api\/v1\/status: .*\n$/);
  });
});

describe("help", () => {
  it("lists every command, on stdout with --help and on stderr (exit 2) with no command", async () => {
    const asked = await run(["--help"]);
    expect(asked.status).toBe(0);
    for (const c of COMMANDS) expect(asked.stdout).toMatch(new RegExp(`^  ${c.name} `, "m"));
    const bare = await run([]);
    expect([bare.status, bare.stdout, bare.stderr]).toEqual([2, "", asked.stdout]);
  });

  it("for one command lists its flags, the same with `help <command>` and `<command> --help`", async () => {
    const r = await run(["install", "--help"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Usage: skills-directory install \[owner\/repo\[\/skill\]\] \[options\]\n/);
    for (const flag of ["--agent AGENT", "--global", "--dir DIR", "-y, --yes", "--force", "--update", "--api URL", "--verbose"])
      expect(r.stdout).toContain(flag);
    expect(r.stdout).not.toContain("--base-url");
    expect((await run(["help", "install"])).stdout).toBe(r.stdout);
    expect((await run(["show", "-h"])).stdout).toMatch(/^Usage: skills-directory get <owner\/repo>/);
  });
});

describe("the API address", () => {
  it("is --api, else SKILLS_API_URL, else the local server on PORT, else on 8788; an origin alone gets /api/v1", () => {
    expect(apiFromOptions(undefined, {})).toBe("http://127.0.0.1:8788/api/v1");
    expect(apiFromOptions(undefined, { PORT: "9401" })).toBe("http://127.0.0.1:9401/api/v1");
    expect(apiFromOptions(undefined, { PORT: "9401", SKILLS_API_URL: "http://127.0.0.1:9500" })).toBe("http://127.0.0.1:9500/api/v1");
    expect(apiFromOptions("https://skills.example/", { PORT: "9401", SKILLS_API_URL: "http://127.0.0.1:9500" })).toBe(
      "https://skills.example/api/v1",
    );
    expect(() => apiFromOptions(undefined, { PORT: "http" })).toThrow('PORT must be a port number from 1 to 65535, got "http"');
    expect(apiBase("http://localhost:8788")).toBe("http://localhost:8788/api/v1");
    expect(apiBase("http://127.0.0.1:9401/")).toBe("http://127.0.0.1:9401/api/v1");
    expect(apiBase("https://skills.example/api/v1/")).toBe("https://skills.example/api/v1");
  });

  it("is taken in that order", async () => {
    // Each answer names the address it could not reach.
    const viaEnv = await run(["status"], { SKILLS_API_URL: "http://127.0.0.1:7" });
    expect(viaEnv.stderr).toContain("http://127.0.0.1:7/api/v1/status");
    const viaFlag = await run(["status", "--api", "http://127.0.0.1:8"], { SKILLS_API_URL: "http://127.0.0.1:7" });
    expect(viaFlag.stderr).toContain("http://127.0.0.1:8/api/v1/status");
    // The server's own variable moves the CLI too, as it does `npm start`.
    const viaPort = await run(["status"], { SKILLS_API_URL: "", PORT: "6" });
    expect(viaPort.stderr).toContain("http://127.0.0.1:6/api/v1/status");
    const badPort = await run(["status"], { SKILLS_API_URL: "", PORT: "http" });
    expect(badPort.status).toBe(2);
    expect(badPort.stderr).toMatch(/^skills-directory: PORT must be a port number/);
  });
});

describe("the question before a suspicious install", () => {
  const findings = ["  high remote-exec at install.sh:3: pipes a download into a shell"];

  it("shows the findings, then asks on a terminal and takes yes or no", async () => {
    for (const [answer, expected] of [
      ["y\n", true],
      ["yes\n", true],
      ["\n", false],
      ["no\n", false],
    ] as const) {
      const stdin = Object.assign(new PassThrough(), { isTTY: true });
      const stderr = new Capture();
      const asked = confirmer(stdin, stderr, false)("acme/tool was judged suspicious", findings);
      stdin.write(answer);
      expect(await asked).toBe(expected);
      expect(stderr.text).toBe(`acme/tool was judged suspicious; the scanner's findings:\n${findings[0]}\nInstall it anyway? [y/N] `);
    }
  });

  it("is answered yes by --yes, after the findings, and no when there is no terminal", async () => {
    const stderr = new Capture();
    expect(await confirmer(undefined, stderr, true)("acme/tool was judged suspicious", findings)).toBe(true);
    expect(stderr.text).toContain(findings[0]);
    const piped = Object.assign(new PassThrough(), { isTTY: false });
    const quiet = new Capture();
    expect(await confirmer(piped, quiet, false)("acme/tool was judged suspicious", findings)).toBe(false);
    expect(quiet.text).toContain(findings[0]);
    expect(quiet.text).not.toContain("[y/N]");
  });
});

describe("progress", () => {
  it("is one line a file with --verbose, a line rewritten in place on a terminal, and nothing otherwise", () => {
    const verbose = new Capture();
    const p = progressOn(verbose, true)!;
    p.file(1, 2, "SKILL.md", 1200);
    p.file(2, 2, "scripts/run.sh", 30);
    expect(verbose.text).toBe("fetched 1/2 SKILL.md (1,200 bytes)\nfetched 2/2 scripts/run.sh (30 bytes)\n");
    const tty = Object.assign(new Capture(), { isTTY: true });
    const line = progressOn(tty, false)!;
    line.file(1, 40, "a.md", 1);
    line.end();
    expect(tty.text).toBe("\r\u001b[Kfetching 1/40 a.md\r\u001b[K");
    expect(progressOn(new Capture(), false)).toBeUndefined();
  });
});
