// The build's spill folder beside the output (src/build/spill.ts writes into it). Its name holds the
// building process's id, `.build-spill-<pid>-XXXXXX`, so a later build can tell a folder an
// interrupted build left (its process gone) from one a live build holds. A build removes its own
// folder when it ends, when the process exits, and on SIGINT or SIGTERM; a SIGKILL or a crash of the
// machine leaves it, and the next build into the same parent removes it.
import { rmSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { join } from "node:path";

const PREFIX = ".build-spill-";
/** A spill folder's name: the prefix, the pid, mkdtemp's six characters. */
const SPILL_NAME = /^\.build-spill-(\d+)-[A-Za-z0-9]{6}$/;

/** Whether a process with this id runs on this machine (one owned by another user counts). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Removes the spill folders in `parent` whose build is gone; returns their names. */
export async function removeStaleSpillFolders(parent: string): Promise<string[]> {
  const removed: string[] = [];
  for (const entry of await readdir(parent, { withFileTypes: true }).catch(() => [])) {
    const pid = SPILL_NAME.exec(entry.name)?.[1];
    if (!entry.isDirectory() || pid === undefined || alive(Number(pid))) continue;
    await rm(join(parent, entry.name), { recursive: true, force: true, maxRetries: 3 });
    removed.push(entry.name);
  }
  return removed.sort();
}

export interface SpillFolder {
  dir: string;
  /** Removes the folder and its exit hooks. */
  remove(): Promise<void>;
}

const SIGNALS = ["SIGINT", "SIGTERM"] as const;

/** Creates this build's spill folder in `parent`, removed on exit and on SIGINT or SIGTERM until `remove()`. */
export async function createSpillFolder(parent: string): Promise<SpillFolder> {
  const dir = await mkdtemp(join(parent, `${PREFIX}${process.pid}-`));
  // Synchronous: on exit, and on a signal the process may be gone before a promise settles.
  const removeNow = () => rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  const unhook = () => {
    process.off("exit", removeNow);
    for (const signal of SIGNALS) process.off(signal, onSignal);
  };
  function onSignal(signal: NodeJS.Signals) {
    removeNow();
    unhook();
    // A listener stops the signal's default exit: with no other listener to end the process, raise it again.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  }
  process.on("exit", removeNow);
  // First in line, so the other listeners are still there to count (a `once` one leaves as it runs).
  for (const signal of SIGNALS) process.prependListener(signal, onSignal);
  return {
    dir,
    async remove() {
      unhook();
      await rm(dir, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}
