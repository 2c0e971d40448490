// `update [name]`: each installed skill (or the one named) brought to what the directory serves now,
// through the same checks as an install; a folder the user changed is kept unless --force.
import { dirFor, folderOnDisk, guardFolder, lockedFrom, passTrust, sameFiles, short, writeInstalled } from "./apply.js";
import type { InstallContext } from "./context.js";
import { downloadFiles } from "./download.js";
import { InstallError } from "./errors.js";
import { folderState } from "./folder-state.js";
import { entriesFor, type Lock, type LockedSkill, parentOf, sourceParts, withSkill } from "./lock.js";
import { readLock, writeLock } from "./lock-file.js";
import { planFolder } from "./plan.js";

export async function updateEntry(ctx: InstallContext, lock: Lock, dir: string, locked: LockedSkill): Promise<Lock> {
  await guardFolder(ctx, dir, locked);
  const [owner, repo] = sourceParts(locked.source);
  const { data: detail } = await ctx.source.getSkill(owner, repo);
  await passTrust(ctx, detail);
  const skill = detail.skills.find((s) => s.path === locked.skillPath) ?? detail.skills.find((s) => s.name === locked.name);
  if (skill === undefined) throw new InstallError(`${dir}: ${locked.source} no longer has the skill ${locked.name} (${locked.skillPath})`);
  const { data: listing } = await ctx.source.listSkillFiles(owner, repo);
  const plan = planFolder(detail, listing, skill.name);
  if (dirFor({ ...ctx.target, skills: parentOf(dir) }, plan.name) !== dir)
    throw new InstallError(`${dir}: the skill is now named ${plan.name}; remove it and install ${locked.source}/${plan.name}`);
  const entry = lockedFrom(plan);
  if (sameFiles(locked, entry)) {
    const { state } = await folderState(folderOnDisk(ctx.target, dir), locked.files);
    if (state === "unchanged") {
      const next = withSkill(lock, dir, entry);
      if (entry.indexedCommit !== locked.indexedCommit || entry.skillPath !== locked.skillPath) await writeLock(ctx.target.lockFile, next);
      ctx.say(`${locked.name} in ${dir} is up to date (${locked.source}@${short(entry.indexedCommit)})`);
      return next;
    }
  }
  const files = await downloadFiles(ctx.source, owner, repo, plan.files, ctx.progress);
  const next = await writeInstalled(ctx, lock, dir, entry, files);
  ctx.say(
    `updated ${locked.name} in ${dir}: ${locked.source}@${short(locked.indexedCommit)} -> ${short(entry.indexedCommit)} (${files.length} file${files.length === 1 ? "" : "s"})`,
  );
  return next;
}

export async function updateSkills(ctx: InstallContext, name?: string): Promise<void> {
  let lock = await readLock(ctx.target.lockFile);
  const entries = entriesFor(lock, name, ctx.only);
  if (entries.length === 0) {
    if (name !== undefined)
      throw new InstallError(
        `${name} is not installed (no entry in ${ctx.target.lockFile}${ctx.only === undefined ? "" : ` under ${ctx.only}`})`,
      );
    ctx.say(`nothing to update: ${ctx.target.lockFile} lists no skill`);
    return;
  }
  for (const [dir, locked] of entries) lock = await updateEntry(ctx, lock, dir, locked);
}
