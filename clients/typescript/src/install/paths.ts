// Path safety for everything the installer writes: a path from the API or from a lock file is a
// claim by someone else, so it is checked before it becomes a place on disk. A safe path is
// relative, uses `/` only, and has no empty, `.` or `..` segment: it can never name a place outside
// the folder it is joined to.
import { InstallError } from "./errors.js";

/** Why `path` is not a safe relative path, or undefined when it is. */
export function unsafeReason(path: string): string | undefined {
  if (path.length === 0) return "it is empty";
  if (path.includes("\0")) return "it holds a NUL character";
  if (path.startsWith("/") || /^[A-Za-z]:/.test(path)) return "it is absolute";
  if (path.includes("\\")) return "it holds a backslash";
  const segments = path.split("/");
  if (segments.includes("..")) return "it climbs out with ..";
  if (segments.some((s) => s === "" || s === ".")) return "it has an empty or . segment";
  return undefined;
}

/** `path` when it is safe, else an InstallError naming it and saying why. */
export function checkedPath(path: string, what: string): string {
  const reason = unsafeReason(path);
  if (reason !== undefined) throw new InstallError(`refusing ${what} ${JSON.stringify(path)}: ${reason}`);
  return path;
}

/** The folder of a SKILL.md path (`""` for one at the repository's root). */
export const folderOf = (skillPath: string): string => {
  const cut = skillPath.lastIndexOf("/");
  return cut < 0 ? "" : skillPath.slice(0, cut);
};

/**
 * Where a repository path lands inside the installed folder of the skill whose SKILL.md is at
 * `skillPath`: the path relative to that SKILL.md's folder, or undefined when the file is outside it.
 */
export function relativeToSkill(path: string, skillPath: string): string | undefined {
  const folder = folderOf(skillPath);
  if (folder === "") return path;
  return path.startsWith(`${folder}/`) ? path.slice(folder.length + 1) : undefined;
}

// The Agent Skills name rule (lower-case letters and digits of any script, single hyphens, at most
// 64 characters): a name that passes is one path segment that cannot climb or hide.
const SKILL_NAME = /^[\p{Ll}\p{Lo}\p{Lm}\p{M}\p{N}]+(?:-[\p{Ll}\p{Lo}\p{Lm}\p{M}\p{N}]+)*$/u;

export const isSkillName = (name: string): boolean => name.length <= 64 && SKILL_NAME.test(name);
