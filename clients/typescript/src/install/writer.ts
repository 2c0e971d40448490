// Writing a skill folder so that a reader sees the old folder or the new one, never half of
// either: the files are staged in a hidden folder beside the target, then renamed into place (the
// old folder moved aside first and removed last). Any failure puts back what was there and removes
// what this call created, parents included.
import { randomBytes } from "node:crypto";
import { chmod, lstat, mkdir, rename, rm, rmdir, writeFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { InstallError } from "./errors.js";
import { checkedPath } from "./paths.js";

export interface FileToWrite {
  /** Relative to the skill folder, checked safe. */
  path: string;
  bytes: Uint8Array;
  executable: boolean;
}

const exists = (path: string) =>
  lstat(path).then(
    (s) => s,
    (e: NodeJS.ErrnoException) => {
      if (e.code === "ENOENT") return undefined;
      throw e;
    },
  );

/**
 * Refuses a target reached through a symlink or a file between `root` and `target` (a cloned project
 * can ship `.agents` as a link to anywhere); returns the folders that do not exist yet, outermost first.
 */
export async function missingParents(root: string, target: string): Promise<string[]> {
  const rel = relative(root, target);
  if (rel.startsWith("..") || rel === "") throw new InstallError(`refusing to write ${target}: it is not inside ${root}`);
  const missing: string[] = [];
  let at = root;
  for (const part of rel.split(sep)) {
    at = join(at, part);
    const stat = await exists(at);
    if (stat === undefined) missing.push(at);
    else if (stat.isSymbolicLink()) throw new InstallError(`refusing to write through ${at}: it is a symlink`);
    else if (!stat.isDirectory() && at !== target) throw new InstallError(`refusing to write ${target}: ${at} is not a folder`);
  }
  return missing;
}

const hidden = (target: string, what: string) =>
  join(dirname(target), `.${target.split(sep).at(-1)}.${what}-${randomBytes(4).toString("hex")}`);

/** Removes folders this call created, innermost first, leaving any that something else filled meanwhile. */
async function removeCreated(created: string[]) {
  for (const folder of [...created].reverse()) await rmdir(folder).catch(() => undefined);
}

export interface Swap {
  /** Puts the previous folder back (or removes the new one if there was none). */
  undo(): Promise<void>;
  /** Drops the previous folder for good. */
  commit(): Promise<void>;
}

/** The folders from the filesystem's root down to `folder` that do not exist yet, outermost first. */
async function missingAncestors(folder: string): Promise<string[]> {
  const missing: string[] = [];
  for (let at = folder; !(await exists(at)); at = dirname(at)) {
    missing.unshift(at);
    if (dirname(at) === at) break;
  }
  return missing;
}

/** Writes `files` as the folder `target` (inside `root`), replacing what is there; commit or undo the result. */
export async function replaceFolder(root: string, target: string, files: readonly FileToWrite[]): Promise<Swap> {
  // A global target's root (~/.codex) may not exist yet: it is made, and unmade on failure, like the rest.
  const parents = await missingAncestors(root);
  try {
    for (const folder of parents) await mkdir(folder);
    for (const folder of await missingParents(root, target)) {
      if (folder === target) continue;
      await mkdir(folder);
      parents.push(folder);
    }
  } catch (e) {
    await removeCreated(parents);
    throw e;
  }
  const stage = hidden(target, "staging");
  let previous: string | undefined;
  try {
    await mkdir(stage);
    for (const file of files) {
      const at = join(stage, ...checkedPath(file.path, "the path").split("/"));
      await mkdir(dirname(at), { recursive: true });
      await writeFile(at, file.bytes, { flag: "wx" });
      await chmod(at, file.executable ? 0o755 : 0o644);
    }
    if (await exists(target)) {
      previous = hidden(target, "previous");
      await rename(target, previous);
    }
    await rename(stage, target);
  } catch (e) {
    await rm(stage, { recursive: true, force: true });
    if (previous) await rename(previous, target);
    await removeCreated(parents);
    throw e;
  }
  return {
    async undo() {
      await rm(target, { recursive: true, force: true });
      if (previous) await rename(previous, target);
      await removeCreated(parents);
    },
    async commit() {
      if (previous) await rm(previous, { recursive: true, force: true });
    },
  };
}

/** Removes an installed folder, and the skills folders above it that are left empty, up to `root`. */
export async function removeFolder(root: string, target: string): Promise<void> {
  await missingParents(root, target);
  await rm(target, { recursive: true, force: true });
  for (let at = dirname(target); relative(root, at) !== "" && !relative(root, at).startsWith(".."); at = dirname(at)) {
    try {
      await rmdir(at);
    } catch {
      return;
    }
  }
}
