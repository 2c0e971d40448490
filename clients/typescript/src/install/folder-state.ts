// Whether an installed folder is still what the lock says was written there: the same files, each
// with its locked digest. A folder that differs was changed by someone since, and the installer
// does not overwrite or remove it without --force.
import { lstat, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { sha256Hex } from "./digest.js";

export type FolderState =
  | { state: "missing" }
  | { state: "unchanged" }
  /** `changed`: the paths (relative to the folder) added, removed or edited since the install. */
  | { state: "changed"; changed: string[] };

/** Every entry under `folder`, relative, `/`-separated; symlinks are listed, never followed. */
async function walk(folder: string, prefix = ""): Promise<{ path: string; file: boolean }[]> {
  const out: { path: string; file: boolean }[] = [];
  for (const entry of await readdir(join(folder, prefix), { withFileTypes: true })) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await walk(folder, path)));
    else out.push({ path, file: entry.isFile() });
  }
  return out;
}

export async function folderState(folder: string, files: Record<string, string>): Promise<FolderState> {
  const stat = await lstat(folder).catch((e: NodeJS.ErrnoException) => {
    if (e.code === "ENOENT") return undefined;
    throw e;
  });
  if (stat === undefined) return { state: "missing" };
  if (!stat.isDirectory()) return { state: "changed", changed: ["."] };
  const changed = new Set<string>();
  const seen = new Set<string>();
  for (const { path, file } of await walk(folder)) {
    seen.add(path);
    const locked = files[path];
    if (!file || locked === undefined || sha256Hex(await readFile(join(folder, path))) !== locked) changed.add(path);
  }
  for (const path of Object.keys(files)) if (!seen.has(path)) changed.add(path);
  return changed.size === 0 ? { state: "unchanged" } : { state: "changed", changed: [...changed].sort() };
}
