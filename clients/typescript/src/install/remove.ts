// `remove <name>`: an installed skill's folder and its lock entry gone; a folder the user changed
// since is kept unless --force, and a name installed in several folders must be narrowed first.
import { folderOnDisk, guardFolder } from "./apply.js";
import type { InstallContext } from "./context.js";
import { InstallError } from "./errors.js";
import { entriesFor, withoutSkill } from "./lock.js";
import { readLock, writeLock } from "./lock-file.js";
import { removeFolder } from "./writer.js";

export async function removeSkill(ctx: InstallContext, name: string): Promise<void> {
  const lock = await readLock(ctx.target.lockFile);
  const entries = entriesFor(lock, name, ctx.only);
  if (entries.length === 0)
    throw new InstallError(
      `${name} is not installed (no entry in ${ctx.target.lockFile}${ctx.only === undefined ? "" : ` under ${ctx.only}`})`,
    );
  if (entries.length > 1)
    throw new InstallError(
      `${name} is installed in ${entries.length} folders (${entries.map(([d]) => d).join(", ")}); say which with --agent or --dir`,
    );
  const [[dir, locked]] = entries as [[string, (typeof entries)[number][1]]];
  await guardFolder(ctx, dir, locked);
  await removeFolder(ctx.target.root, folderOnDisk(ctx.target, dir));
  await writeLock(ctx.target.lockFile, withoutSkill(lock, dir));
  ctx.say(`removed ${name} from ${dir}`);
}
