// How tests and benchmarks start one of this project's scripts in a Node process of its own: through
// tsx, by its path under scripts/, so the child runs the TypeScript sources as `npm run` does.
import { type ChildProcess, type SpawnOptions, spawn } from "node:child_process";
import { join } from "node:path";
import { PROJECT_ROOT } from "./project-root.js";

/** Node's arguments that run scripts/<script> with `args`. */
export const scriptArgs = (script: string, ...args: string[]): string[] => [
  "--import",
  "tsx",
  join(PROJECT_ROOT, "scripts", script),
  ...args,
];

export interface ScriptRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs Node with `args` (e.g. scriptArgs(...)) in the project folder and collects its output. */
export function runNode(args: string[], options: SpawnOptions = {}, started?: (child: ChildProcess) => void): Promise<ScriptRun> {
  return new Promise((ok) => {
    const child = spawn(process.execPath, args, { cwd: PROJECT_ROOT, ...options, stdio: "pipe" });
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (b: Buffer) => (stdout += b.toString()));
    child.stderr?.on("data", (b: Buffer) => (stderr += b.toString()));
    child.on("close", (status) => ok({ status, stdout, stderr }));
    started?.(child);
  });
}
