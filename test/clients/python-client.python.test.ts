// The Python client's own suite, run from `npm test`: a virtual environment from the pinned
// requirements (rebuilt only when they change), the package built as a wheel and installed from
// it, mypy over the package and its tests, then pytest against the API of this test run.
// pytest writes a JUnit report to .tmp/pytest-report.xml.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { PROJECT_ROOT } from "../../src/node/project-root.js";

const PACKAGE = join(PROJECT_ROOT, "clients", "python");
const TMP = join(PROJECT_ROOT, ".tmp");
const VENV = join(TMP, "python-venv");
const WHEELS = join(TMP, "python-wheel");
const REPORT = join(TMP, "pytest-report.xml");
const bin = (name: string) => join(VENV, process.platform === "win32" ? "Scripts" : "bin", name);

function run(command: string, args: string[], options: { cwd?: string; env?: Record<string, string>; timeoutMs?: number } = {}) {
  const r = spawnSync(command, args, {
    cwd: options.cwd ?? PROJECT_ROOT,
    // One retry per index, not pip's five: an index that cannot be reached costs a second, not minutes.
    env: { ...process.env, PIP_DISABLE_PIP_VERSION_CHECK: "1", PIP_RETRIES: process.env.PIP_RETRIES ?? "1", ...options.env },
    encoding: "utf8",
    timeout: options.timeoutMs ?? 300_000,
  });
  return { status: r.status, output: `${r.stdout ?? ""}${r.stderr ?? ""}${r.error ? String(r.error) : ""}` };
}

const must = (what: string, r: { status: number | null; output: string }) => {
  if (r.status !== 0) throw new Error(`${what} failed (exit ${r.status}):\n${r.output.slice(-6000)}`);
  return r.output;
};

/** Python 3.9 or later on PATH, or a failure that says what to install. */
function python(): string {
  for (const candidate of ["python3", "python"]) {
    const r = run(candidate, ["-c", "import sys; print('%d.%d' % sys.version_info[:2])"]);
    if (r.status !== 0) continue;
    const [major, minor] = r.output.trim().split(".").map(Number);
    if (major === 3 && (minor ?? 0) >= 9) return candidate;
  }
  throw new Error(
    "The Python client's tests need Python 3.9 or later as `python3` on PATH (with the venv module: Debian's python3-venv). Install it and run npm test again.",
  );
}

beforeAll(() => {
  const py = python();
  mkdirSync(TMP, { recursive: true });
  const stamp = createHash("sha256")
    .update(readFileSync(join(PACKAGE, "requirements-dev.txt")))
    .update(run(py, ["--version"]).output)
    .digest("hex");
  const stampFile = join(VENV, ".requirements-sha256");
  if (!existsSync(stampFile) || readFileSync(stampFile, "utf8") !== stamp) {
    rmSync(VENV, { recursive: true, force: true });
    must("creating the virtual environment", run(py, ["-m", "venv", VENV]));
    must(
      "installing requirements-dev.txt",
      run(bin("python"), ["-m", "pip", "install", "--quiet", "-r", join(PACKAGE, "requirements-dev.txt")]),
    );
    writeFileSync(stampFile, stamp);
  }
  rmSync(WHEELS, { recursive: true, force: true });
  must(
    "building the wheel",
    run(bin("python"), ["-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "--wheel-dir", WHEELS, PACKAGE]),
  );
  const wheel = readdirSync(WHEELS).find((f) => f.endsWith(".whl"));
  if (!wheel) throw new Error("no wheel was built");
  must(
    "installing the wheel",
    run(bin("python"), ["-m", "pip", "install", "--quiet", "--no-deps", "--force-reinstall", join(WHEELS, wheel)]),
  );
}, 600_000);

describe("the Python client", () => {
  it("builds a wheel named for the distribution, with the typed package", () => {
    const wheel = readdirSync(WHEELS).find((f) => f.endsWith(".whl"));
    expect(wheel).toMatch(/^skills_directory-\d+\.\d+\.\d+-py3-none-any\.whl$/);
    const listing = must("listing the wheel", run(bin("python"), ["-m", "zipfile", "-l", join(WHEELS, wheel!)]));
    expect(listing).toContain("skills_directory/py.typed");
    expect(listing).toContain("skills_directory/_types.py");
  });

  it("type-checks with mypy (strict)", () => {
    const out = must("mypy", run(bin("python"), ["-m", "mypy"], { cwd: PACKAGE }));
    expect(out).toMatch(/^Success: no issues found/m);
  }, 300_000);

  it("passes its pytest suite against the API", () => {
    const r = run(bin("python"), ["-m", "pytest", "-q", "-p", "no:cacheprovider", `--junitxml=${REPORT}`], {
      cwd: PACKAGE,
      env: { SKILLS_API_URL: inject("api") },
    });
    must("pytest", r);
    expect(r.output).toMatch(/\b\d+ passed\b/);
    expect(r.output).not.toMatch(/\b(failed|error)\b/);
    expect(readFileSync(REPORT, "utf8")).toMatch(/<testsuite [^>]*tests="\d+"/);
  }, 300_000);
});
