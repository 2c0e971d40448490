// The steps every operation shares: the trust gate with the user's say, the guard that keeps a
// folder the user changed, and the write of a checked folder together with its lock entry (the
// folder is put back if the lock cannot be written).
import { join } from "node:path";
import type { Target } from "./agents.js";
import type { InstallContext } from "./context.js";
import { InstallError } from "./errors.js";
import { folderState } from "./folder-state.js";
import { type Lock, type LockedSkill, withSkill } from "./lock.js";
import { writeLock } from "./lock-file.js";
import type { FolderPlan } from "./plan.js";
import type { DetailForInstall } from "./source.js";
import { trustGate } from "./trust.js";
import { type FileToWrite, replaceFolder } from "./writer.js";

/** The folder of a lock entry on disk. */
export const folderOnDisk = (target: Target, dir: string) => join(target.root, ...dir.split("/"));

/** The lock key of skill `name` in the target's skills folder. */
export const dirFor = (target: Target, name: string) => (target.skills === "" ? name : `${target.skills}/${name}`);

export async function passTrust(ctx: InstallContext, detail: DetailForInstall): Promise<void> {
  const gate = trustGate(detail);
  if (gate.action === "install") return;
  const source = `${detail.owner}/${detail.repo}`;
  if (!(await ctx.confirm(`${source} was judged suspicious`, gate.findings)))
    throw new InstallError(`not installed: ${source} was judged suspicious; read the findings above, and pass --yes to install it anyway`);
}

/**
 * Refuses to replace the folder at `dir` when it is not the installer's to replace: changed since it
 * was installed, or there without a lock entry. --force overrides both.
 */
export async function guardFolder(ctx: InstallContext, dir: string, locked: LockedSkill | undefined): Promise<void> {
  if (ctx.force) return;
  const at = folderOnDisk(ctx.target, dir);
  const state = await folderState(at, locked?.files ?? {});
  if (state.state === "missing") return;
  if (locked === undefined)
    throw new InstallError(
      `${dir} already exists and was not installed by skills-directory (no entry in ${ctx.target.lockFile}); --force replaces it`,
    );
  if (state.state === "changed")
    throw new InstallError(
      `${dir} was changed since it was installed; --force replaces it`,
      state.changed.map((p) => `  changed: ${p}`),
    );
}

export const lockedFrom = (plan: FolderPlan): LockedSkill => {
  const executable = plan.files.filter((f) => f.executable).map((f) => f.rel);
  return {
    name: plan.name,
    source: plan.source,
    skillPath: plan.skillPath,
    indexedCommit: plan.indexedCommit,
    files: Object.fromEntries(plan.files.map((f) => [f.rel, f.sha256])),
    ...(executable.length > 0 ? { executable } : {}),
  };
};

/** Writes the folder, then the lock with its entry; if the lock cannot be written, the folder is put back. */
export async function writeInstalled(
  ctx: InstallContext,
  lock: Lock,
  dir: string,
  entry: LockedSkill,
  files: FileToWrite[],
): Promise<Lock> {
  const swap = await replaceFolder(ctx.target.root, folderOnDisk(ctx.target, dir), files);
  const next = withSkill(lock, dir, entry);
  try {
    await writeLock(ctx.target.lockFile, next);
  } catch (e) {
    await swap.undo();
    throw e;
  }
  await swap.commit();
  return next;
}

/** Whether a plan would write exactly the locked files. */
export const sameFiles = (a: LockedSkill, b: LockedSkill) =>
  JSON.stringify(Object.entries(a.files).sort()) === JSON.stringify(Object.entries(b.files).sort()) &&
  JSON.stringify([...(a.executable ?? [])].sort()) === JSON.stringify([...(b.executable ?? [])].sort());

export const short = (commit: string) => commit.slice(0, 7);
