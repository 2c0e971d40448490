// Child processes a test starts never outlive its file, whether the test passed, failed or hung.
// spawnGroup starts a child as the leader of a new process group and remembers it; endProcessGroups
// (run after every file by ./process-teardown.ts) ends each remembered group and every process that
// descends from it, including the groups those started themselves: this project's scripts put wrangler
// in a group of its own (spawnTracked in src/node/cli.ts), so killing the script's group alone would
// leave wrangler and workerd running. The tree is read before the first signal; and since a process
// whose parent has died is handed to init and can no longer be traced back through its parents, each
// test file also marks its own environment with a token (markTestFile) that every process it starts
// inherits, and what still carries the token at the end is ended too (Linux: /proc/PID/environ).
import { type ChildProcess, execFileSync, type SpawnOptions, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { stopChildren } from "../../src/node/cli.js";

const groups = new Set<number>();
/** The variable that carries the test file's token into every process it starts. */
export const TEST_FILE_TOKEN = "SKILLS_API_TEST_FILE";

/**
 * Marks this process's environment with a fresh token, inherited by everything it starts from now on.
 * Tokens add up (comma-separated), so a test that runs vitest itself still finds what the inner run left.
 */
export function markTestFile(): string {
  const token = `${process.pid}.${randomUUID()}`;
  const outer = process.env[TEST_FILE_TOKEN];
  process.env[TEST_FILE_TOKEN] = outer ? `${outer},${token}` : token;
  return token;
}

/** This file's own token (the last one added), if it was marked. */
export const testFileToken = (): string | undefined => process.env[TEST_FILE_TOKEN]?.split(",").at(-1);

/** Processes other than this one whose environment carries `token` (none where /proc is missing). */
export function processesCarrying(token: string): number[] {
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const carries = (environ: string) =>
    environ
      .split("\0")
      .find((entry) => entry.startsWith(`${TEST_FILE_TOKEN}=`))
      ?.slice(TEST_FILE_TOKEN.length + 1)
      .split(",")
      .includes(token) ?? false;
  return pids
    .filter((pid) => {
      try {
        return Number(pid) !== process.pid && carries(readFileSync(`/proc/${pid}/environ`, "latin1"));
      } catch {
        return false; // gone meanwhile, or another user's
      }
    })
    .map(Number);
}

/** Starts `command` as the leader of a new process group, ended after the file (endProcessGroups). */
export function spawnGroup(command: string, args: readonly string[], options: SpawnOptions = {}): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  if (child.pid !== undefined) groups.add(child.pid);
  return child;
}

/** Remembers a group a test started some other way (a child spawned with `detached: true`). */
export function trackGroup(pid: number | undefined): void {
  if (pid !== undefined) groups.add(pid);
}

export interface ProcessEntry {
  pid: number;
  ppid: number;
  pgid: number;
}

/** Every live process of the machine (zombies, already dead and waiting to be reaped, left out). */
export function processTable(): ProcessEntry[] {
  const out = execFileSync("ps", ["-A", "-o", "pid=,ppid=,pgid=,stat="], { encoding: "utf8" });
  return out
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f.length >= 4 && !f[3]!.startsWith("Z"))
    .map(([pid, ppid, pgid]) => ({ pid: Number(pid), ppid: Number(ppid), pgid: Number(pgid) }));
}

/** The processes of the groups `pgids`, the processes `pids`, and every process descending from one of them. */
export function membersAndDescendants(
  pgids: ReadonlySet<number>,
  pids: ReadonlySet<number> = new Set(),
  table = processTable(),
): ProcessEntry[] {
  const found = new Map(table.filter((p) => pgids.has(p.pgid) || pids.has(p.pid)).map((p) => [p.pid, p]));
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of table)
      if (!found.has(p.pid) && found.has(p.ppid)) {
        found.set(p.pid, p);
        grew = true;
      }
  }
  return [...found.values()];
}

const signal = (target: number, sig: NodeJS.Signals): void => {
  try {
    process.kill(target, sig);
  } catch {
    /* already gone */
  }
};

/** Whether any of `pids` still runs, as the same process (its group unchanged). */
const stillRunning = (entries: readonly ProcessEntry[]): ProcessEntry[] => {
  const now = new Map(processTable().map((p) => [p.pid, p]));
  return entries.filter((e) => now.get(e.pid)?.pgid === e.pgid);
};

/**
 * Ends every group spawnGroup started (and every spawnTracked child of this process) with what they
 * started: SIGTERM to each group, up to `graceMs` to exit, then SIGKILL to whatever is left. Resolves
 * with the processes that had to be killed.
 */
export async function endProcessGroups(graceMs = 5000): Promise<ProcessEntry[]> {
  await stopChildren("SIGTERM", graceMs);
  const token = testFileToken();
  const marked = new Set(token ? processesCarrying(token) : []);
  if (groups.size === 0 && marked.size === 0) return [];
  const table = processTable();
  const tree = membersAndDescendants(groups, marked, table).filter((p) => p.pid !== process.pid);
  groups.clear();
  if (tree.length === 0) return [];
  // Whole groups, but never this process's own (vitest's worker and its siblings): a child started
  // without a group of its own is in it, and is signalled alone.
  const own = table.find((p) => p.pid === process.pid)?.pgid;
  const pgids = new Set(tree.map((p) => p.pgid).filter((g) => g !== own));
  for (const pgid of pgids) signal(-pgid, "SIGTERM");
  for (const p of tree) if (p.pgid === own) signal(p.pid, "SIGTERM");
  // There is no event for the exit of a process that is not our own child, so the table is read
  // again every 100 ms; a loaded machine only makes this take longer.
  const deadline = Date.now() + graceMs;
  let left = stillRunning(tree);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((ok) => setTimeout(ok, 100));
    left = stillRunning(tree);
  }
  for (const pgid of new Set(left.map((p) => p.pgid).filter((g) => g !== own))) signal(-pgid, "SIGKILL");
  for (const p of left) signal(p.pid, "SIGKILL");
  // SIGKILL cannot be refused, but the table needs a moment to show it.
  for (let wait = 0; wait < 20 && stillRunning(left).length > 0; wait++) await new Promise((ok) => setTimeout(ok, 100));
  return left;
}

// Last resort when the worker itself is ended: SIGKILL the groups without waiting (nothing can wait here).
process.once("exit", () => {
  for (const pgid of groups) signal(-pgid, "SIGKILL");
});
