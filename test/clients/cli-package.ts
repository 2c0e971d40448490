// The CLI as its users run it: the package compiled by its own tsconfig into a private folder (so
// that tests building the package in place at the same time cannot pull it from under us), with its
// bin and manifest beside, and a way to run the bin as a separate process.
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PROJECT_ROOT } from "../../src/node/project-root.js";

export const PACKAGE = join(PROJECT_ROOT, "clients", "typescript");

/** Builds the package into a new temporary folder; returns the path of its bin. */
export function buildCliPackage(): { dir: string; bin: string } {
  const dir = mkdtempSync(join(tmpdir(), "skills-cli-"));
  const tsc = join(PROJECT_ROOT, "node_modules", ".bin", "tsc");
  const r = spawnSync(tsc, ["-p", join(PACKAGE, "tsconfig.json"), "--outDir", join(dir, "dist")], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`building the package failed:\n${r.stdout}${r.stderr}`);
  mkdirSync(join(dir, "bin"));
  copyFileSync(join(PACKAGE, "bin", "skills-directory.js"), join(dir, "bin", "skills-directory.js"));
  copyFileSync(join(PACKAGE, "package.json"), join(dir, "package.json"));
  return { dir, bin: join(dir, "bin", "skills-directory.js") };
}

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the bin in `cwd` with `env` on top of a clean one (no colour, no API key, stdin a closed pipe).
 * Asynchronous, so the test's own event loop keeps serving its HTTP connections meanwhile.
 */
export function runCli(bin: string, args: string[], cwd: string, env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? "", NO_COLOR: "1", ...env },
      stdio: ["pipe", "pipe", "pipe"],
      timeout: 60_000,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
    child.stdin.end();
  });
}
