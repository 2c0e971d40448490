// skills-lock.json: what was installed where, pinned by digest, so an install can be repeated
// exactly and a folder the user changed can be told from one the installer wrote. Pure: parsing
// (every field checked, since a lock file can come with a cloned project), the deterministic text
// written back, and the edits the commands make. docs/INSTALL.md describes the format.
import { isSha256 } from "./digest.js";
import { InstallError } from "./errors.js";
import { isSkillName, unsafeReason } from "./paths.js";

export const LOCK_FILE = "skills-lock.json";
export const LOCK_VERSION = 1;

export interface LockedSkill {
  /** The installed folder's name: the skill's name. */
  name: string;
  /** `owner/repo` the skill was installed from. */
  source: string;
  /** Repository path of the skill's SKILL.md. */
  skillPath: string;
  /** The commit the directory had indexed when the files were fetched (40 hex). */
  indexedCommit: string;
  /** Every file of the folder, by path relative to it, with the SHA-256 of its bytes. */
  files: Record<string, string>;
  /** The files written executable, relative to the folder (absent when none). */
  executable?: string[];
}

export interface Lock {
  version: typeof LOCK_VERSION;
  /** Keyed by the installed folder, relative to the lock file's folder, `/`-separated. */
  skills: Record<string, LockedSkill>;
}

export const emptyLock = (): Lock => ({ version: LOCK_VERSION, skills: {} });

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const SOURCE = /^[A-Za-z0-9][A-Za-z0-9-]{0,38}\/(?!\.{1,2}$)[A-Za-z0-9._-]{1,100}$/;
const COMMIT = /^[0-9a-f]{40}$/;

function lockedSkill(dir: string, value: unknown, problem: (text: string) => never): LockedSkill {
  const at = (field: string) => `skills[${JSON.stringify(dir)}].${field}`;
  if (!isRecord(value)) return problem(`skills[${JSON.stringify(dir)}] is not an object`);
  const { name, source, skillPath, indexedCommit, files, executable } = value;
  if (typeof name !== "string" || !isSkillName(name)) return problem(`${at("name")} is not a skill name`);
  if (dir.split("/").at(-1) !== name) return problem(`${at("name")} is not the last segment of its folder`);
  if (typeof source !== "string" || !SOURCE.test(source)) return problem(`${at("source")} is not owner/repo`);
  if (typeof skillPath !== "string" || unsafeReason(skillPath) || !/(^|\/)SKILL\.md$/.test(skillPath))
    return problem(`${at("skillPath")} is not the relative path of a SKILL.md`);
  if (typeof indexedCommit !== "string" || !COMMIT.test(indexedCommit)) return problem(`${at("indexedCommit")} is not a 40-hex commit`);
  if (!isRecord(files) || Object.keys(files).length === 0) return problem(`${at("files")} is not a non-empty object`);
  for (const [path, digest] of Object.entries(files)) {
    const reason = unsafeReason(path);
    if (reason) return problem(`${at("files")} names ${JSON.stringify(path)}: ${reason}`);
    if (!isSha256(digest)) return problem(`${at("files")}[${JSON.stringify(path)}] is not a SHA-256 in hex`);
  }
  if (!Object.hasOwn(files, "SKILL.md")) return problem(`${at("files")} has no SKILL.md`);
  const skill: LockedSkill = { name, source, skillPath, indexedCommit, files: files as Record<string, string> };
  if (executable !== undefined) {
    if (!Array.isArray(executable) || !executable.every((p) => typeof p === "string" && Object.hasOwn(files, p)))
      return problem(`${at("executable")} is not a list of the folder's files`);
    skill.executable = executable;
  }
  return skill;
}

/** The lock in `text`, every field checked; `file` names it in the error. */
export function parseLock(text: string, file: string): Lock {
  const problem = (what: string): never => {
    throw new InstallError(`${file} is not a valid lock file: ${what}`);
  };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return problem(`not JSON (${(e as Error).message})`);
  }
  if (!isRecord(raw)) return problem("not an object");
  if (raw.version !== LOCK_VERSION) return problem(`version is ${JSON.stringify(raw.version)}; this CLI reads version ${LOCK_VERSION}`);
  if (!isRecord(raw.skills)) return problem("skills is not an object");
  const skills: Record<string, LockedSkill> = {};
  for (const [dir, value] of Object.entries(raw.skills)) {
    const reason = unsafeReason(dir);
    if (reason) problem(`the folder ${JSON.stringify(dir)} is not safe: ${reason}`);
    skills[dir] = lockedSkill(dir, value, problem);
  }
  return { version: LOCK_VERSION, skills };
}

const byKey = <T>(record: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** The lock as written: keys in a fixed order and sorted maps, so one state is always the same bytes. */
export function serializeLock(lock: Lock): string {
  const skills = Object.fromEntries(
    Object.entries(byKey(lock.skills)).map(([dir, s]) => [
      dir,
      {
        name: s.name,
        source: s.source,
        skillPath: s.skillPath,
        indexedCommit: s.indexedCommit,
        files: byKey(s.files),
        ...(s.executable && s.executable.length > 0 ? { executable: [...s.executable].sort() } : {}),
      },
    ]),
  );
  return `${JSON.stringify({ version: LOCK_VERSION, skills }, null, 2)}\n`;
}

export const withSkill = (lock: Lock, dir: string, skill: LockedSkill): Lock => ({
  version: LOCK_VERSION,
  skills: { ...lock.skills, [dir]: skill },
});

export const withoutSkill = (lock: Lock, dir: string): Lock => ({
  version: LOCK_VERSION,
  skills: Object.fromEntries(Object.entries(lock.skills).filter(([d]) => d !== dir)),
});

/** [owner, repo] of a checked `owner/repo` source. */
export const sourceParts = (source: string): [string, string] => {
  const cut = source.indexOf("/");
  return [source.slice(0, cut), source.slice(cut + 1)];
};

/** The parent of a locked folder, relative to the lock's folder (`""` for one directly in it). */
export const parentOf = (dir: string): string => dir.split("/").slice(0, -1).join("/");

/** The lock's entries as [folder, skill] pairs, narrowed to `name` and to the skills folder `parent` when given. */
export function entriesFor(lock: Lock, name?: string, parent?: string): [string, LockedSkill][] {
  return Object.entries(byKey(lock.skills)).filter(
    ([dir, s]) => (name === undefined || s.name === name) && (parent === undefined || parentOf(dir) === parent),
  );
}
