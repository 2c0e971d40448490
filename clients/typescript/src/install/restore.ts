// `install` with no argument: every skill of the lock put back exactly as locked. A folder that is
// already as locked is left alone; a missing one is fetched again file by file and checked against
// the locked digests, so a directory that now serves other bytes fails the restore, naming the file
// (`--update` takes what it serves now instead, as `update` does).
import { folderOnDisk, guardFolder, passTrust, short, writeInstalled } from "./apply.js";
import type { InstallContext } from "./context.js";
import { downloadFiles } from "./download.js";
import { InstallError } from "./errors.js";
import { folderState } from "./folder-state.js";
import { entriesFor, type Lock, type LockedSkill, sourceParts } from "./lock.js";
import { readLock } from "./lock-file.js";
import { folderOf } from "./paths.js";
import type { PlannedFile } from "./plan.js";
import { updateEntry } from "./update.js";

/** The locked files as a plan: repository paths under the SKILL.md's folder, the locked digests. */
function lockedPlan(locked: LockedSkill): PlannedFile[] {
  const folder = folderOf(locked.skillPath);
  const executable = new Set(locked.executable ?? []);
  return Object.entries(locked.files)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([rel, sha256]) => ({ path: folder ? `${folder}/${rel}` : rel, rel, sha256, size: 0, executable: executable.has(rel) }));
}

async function restoreEntry(ctx: InstallContext, lock: Lock, dir: string, locked: LockedSkill): Promise<Lock> {
  const state = await folderState(folderOnDisk(ctx.target, dir), locked.files);
  if (state.state === "unchanged") {
    ctx.say(`${locked.name} in ${dir} is as locked (${locked.source}@${short(locked.indexedCommit)})`);
    return lock;
  }
  await guardFolder(ctx, dir, locked);
  const [owner, repo] = sourceParts(locked.source);
  const { data: detail } = await ctx.source.getSkill(owner, repo);
  await passTrust(ctx, detail);
  const { data: listing } = await ctx.source.listSkillFiles(owner, repo);
  const served = new Map(listing.map((e) => [e.path, e]));
  const files = lockedPlan(locked);
  for (const file of files) {
    const entry = served.get(file.path);
    if (entry === undefined || entry.kind !== "text")
      throw new InstallError(
        `${dir}/${file.rel}: the directory no longer serves ${file.path} as a text file; --update installs what it serves now`,
      );
    if (entry.sha256 !== file.sha256)
      throw new InstallError(
        `${dir}/${file.rel}: the directory now serves different bytes for ${file.path} (locked ${file.sha256}, served ${entry.sha256}); --update installs what it serves now`,
      );
  }
  const written = await downloadFiles(ctx.source, owner, repo, files, ctx.progress);
  const next = await writeInstalled(ctx, lock, dir, locked, written);
  ctx.say(
    `restored ${locked.name} in ${dir} (${locked.source}@${short(locked.indexedCommit)}, ${written.length} file${written.length === 1 ? "" : "s"})`,
  );
  return next;
}

export async function restoreLocked(ctx: InstallContext, update: boolean): Promise<void> {
  let lock = await readLock(ctx.target.lockFile);
  const entries = entriesFor(lock, undefined, ctx.only);
  if (entries.length === 0) {
    ctx.say(`nothing to install: ${ctx.target.lockFile} lists no skill${ctx.only === undefined ? "" : ` in ${ctx.only}`}`);
    return;
  }
  for (const [dir, locked] of entries)
    lock = update ? await updateEntry(ctx, lock, dir, locked) : await restoreEntry(ctx, lock, dir, locked);
}
