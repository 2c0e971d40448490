// `install <owner>/<repo>[/<skill>]`: the skill's folder fetched and checked, then written with its
// lock entry. Every check (trust, paths, kinds, digests, the folder's state) runs before the disk is
// touched, so a refusal leaves nothing behind.
import { dirFor, folderOnDisk, guardFolder, lockedFrom, passTrust, sameFiles, short, writeInstalled } from "./apply.js";
import type { InstallContext } from "./context.js";
import { downloadFiles } from "./download.js";
import { InstallError } from "./errors.js";
import { folderState } from "./folder-state.js";
import { readLock } from "./lock-file.js";
import { planFolder } from "./plan.js";

export interface SkillRef {
  owner: string;
  repo: string;
  /** A skill of the repository by name; its primary skill when absent. */
  skill?: string;
}

export async function installSkill(ctx: InstallContext, ref: SkillRef): Promise<void> {
  const lock = await readLock(ctx.target.lockFile);
  const { data: detail } = await ctx.source.getSkill(ref.owner, ref.repo);
  await passTrust(ctx, detail);
  const { data: listing } = await ctx.source.listSkillFiles(ref.owner, ref.repo);
  const plan = planFolder(detail, listing, ref.skill);
  const dir = dirFor(ctx.target, plan.name);
  const locked = lock.skills[dir];
  const entry = lockedFrom(plan);
  if (locked !== undefined && locked.source !== plan.source && !ctx.force)
    throw new InstallError(`${dir} holds ${locked.name} from ${locked.source}; remove it first, or --force replaces it`);
  await guardFolder(ctx, dir, locked);
  if (locked && sameFiles(locked, entry) && (await folderState(folderOnDisk(ctx.target, dir), locked.files)).state === "unchanged") {
    ctx.say(`${plan.name} is already installed in ${dir} (${plan.source}@${short(locked.indexedCommit)}), unchanged`);
    return;
  }
  const files = await downloadFiles(ctx.source, ref.owner, ref.repo, plan.files, ctx.progress);
  await writeInstalled(ctx, lock, dir, entry, files);
  ctx.say(
    `installed ${plan.name} from ${plan.source}@${short(plan.indexedCommit)} in ${dir} (${files.length} file${files.length === 1 ? "" : "s"})`,
  );
}
