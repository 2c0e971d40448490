// `installed` (also `list --installed`): what the lock records, each folder with its state on disk.
import { folderOnDisk, short } from "./apply.js";
import type { InstallContext } from "./context.js";
import { type FolderState, folderState } from "./folder-state.js";
import { entriesFor, type LockedSkill } from "./lock.js";
import { readLock } from "./lock-file.js";

export interface InstalledSkill extends LockedSkill {
  dir: string;
  state: FolderState["state"];
  changed?: string[];
}

export async function installedSkills(ctx: Pick<InstallContext, "target" | "only">): Promise<InstalledSkill[]> {
  const lock = await readLock(ctx.target.lockFile);
  const out: InstalledSkill[] = [];
  for (const [dir, locked] of entriesFor(lock, undefined, ctx.only)) {
    const state = await folderState(folderOnDisk(ctx.target, dir), locked.files);
    out.push({ dir, ...locked, state: state.state, ...(state.state === "changed" ? { changed: state.changed } : {}) });
  }
  return out;
}

export const installedRow = (s: InstalledSkill): string[] => [
  s.name,
  `${s.source}@${short(s.indexedCommit)}`,
  String(Object.keys(s.files).length),
  s.state,
  s.dir,
];
