// Skill folders: the folder of each SKILL.md, recursively, and every other file in it. Which files of
// a folder are read, and how each is kept: text with its content, binary, symlink (its target), or
// omitted (over a bound: size and hashes only). Pure: the tree, what is known of each file's bytes
// and the bounds decide, so a file is kept the same way whichever request brought its bytes.
import type { FolderFile } from "../schemas/dataset.js";
import { SKILL_FILE } from "./tree.js";

export interface FolderBounds {
  /** A text file larger than this is omitted (its size and hashes only). */
  textFileBytes: number;
  /** Text kept per skill folder; a text file that would pass it is omitted. */
  folderTextBytes: number;
  /** Files read per skill folder, in path order; the others are omitted. */
  folderFiles: number;
  /** Files in all the skill folders of one repository; over it the repository is over budget. */
  repositoryFiles: number;
}

export const DEFAULT_FOLDER_BOUNDS: FolderBounds = {
  textFileBytes: 256 * 1024,
  folderTextBytes: 2 * 1024 * 1024,
  folderFiles: 300,
  repositoryFiles: 5_000,
};

export const SYMLINK_MODE = "120000";

/** A file of the repository as the tree (or the archive) lists it. */
export interface RepoFile {
  path: string;
  mode: string;
  sha: string;
  size: number;
}

/** What is known of a file's bytes: its SHA-256, and its text, or that it is binary, or a symlink's target. */
export interface KnownBytes {
  sha256: string;
  /** The text of a file read as text (valid UTF-8, no NUL byte). */
  text?: string;
  /** Read, and not text. */
  binary?: boolean;
  /** A symlink's target. */
  target?: string;
}

/** `a/b/SKILL.md` -> `a/b/`; the root `SKILL.md` -> `` (its folder is the whole repository). */
export const folderPrefix = (skillPath: string): string => skillPath.slice(0, skillPath.length - SKILL_FILE.length);

const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/**
 * Every file under a skill folder that is not one of `skillPaths`, with the SKILL.md whose folder
 * holds it (the deepest), sorted by path. Submodules (mode 160000) hold no bytes and are left out.
 */
export function folderEntries<T extends RepoFile>(files: readonly T[], skillPaths: readonly string[]): (T & { skill: string })[] {
  const skills = new Set(skillPaths);
  const prefixes = [...skills].map((p) => ({ skill: p, prefix: folderPrefix(p) })).sort((a, b) => b.prefix.length - a.prefix.length);
  const out: (T & { skill: string })[] = [];
  for (const f of files) {
    if (skills.has(f.path) || f.mode === "160000") continue;
    const owner = prefixes.find((p) => f.path.startsWith(p.prefix));
    if (owner) out.push({ ...f, skill: owner.skill });
  }
  return out.sort(byPath);
}

/**
 * The files whose bytes are worth reading for their text: not symlinks, within the size bound, and
 * among the first `folderFiles` of their folder. The others need only their hashes.
 */
export function textCandidates(entries: readonly (RepoFile & { skill: string })[], bounds: FolderBounds): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const e of entries) {
    const index = seen.get(e.skill) ?? 0;
    seen.set(e.skill, index + 1);
    if (e.mode !== SYMLINK_MODE && index < bounds.folderFiles && e.size <= bounds.textFileBytes) out.add(e.path);
  }
  return out;
}

/** Whether what is known of a file is enough to keep it (a candidate needs its text or to be known binary). */
export function knownEnough(e: RepoFile, known: KnownBytes | undefined, candidate: boolean): boolean {
  if (!known) return false;
  if (e.mode === SYMLINK_MODE) return known.target !== undefined;
  return !candidate || known.text !== undefined || known.binary === true;
}

export interface FolderOutcome {
  files: FolderFile[];
  /** Per folder, files omitted and why (the report's lines). */
  omitted: { skill: string; count: number; reason: string }[];
}

/** Decides each file's kind under the bounds, in path order per folder. Every entry must have its KnownBytes. */
export function keepFolderFiles(
  entries: readonly (RepoFile & { skill: string })[],
  known: (e: RepoFile) => KnownBytes,
  bounds: FolderBounds,
): FolderOutcome {
  const state = new Map<string, { index: number; text: number }>();
  const omitted = new Map<string, { skill: string; count: number; reason: string }>();
  const omit = (skill: string, reason: string) => {
    const key = `${skill}\n${reason}`;
    const o = omitted.get(key) ?? { skill, count: 0, reason };
    o.count++;
    omitted.set(key, o);
  };
  const files: FolderFile[] = [];
  for (const e of [...entries].sort(byPath)) {
    const s = state.get(e.skill) ?? { index: 0, text: 0 };
    state.set(e.skill, s);
    const k = known(e);
    const base = {
      path: e.path,
      skill: e.skill,
      size: e.size,
      sha: e.sha,
      sha256: k.sha256,
      ...(e.mode !== "100644" ? { mode: e.mode } : {}),
    };
    const index = s.index++;
    if (e.mode === SYMLINK_MODE) files.push({ ...base, kind: "symlink", target: k.target ?? "" });
    else if (index >= bounds.folderFiles) {
      files.push({ ...base, kind: "omitted" });
      omit(e.skill, `past the first ${bounds.folderFiles} files of the folder`);
    } else if (e.size > bounds.textFileBytes) {
      files.push({ ...base, kind: k.binary ? "binary" : "omitted" });
      if (!k.binary) omit(e.skill, `larger than ${bounds.textFileBytes} bytes`);
    } else if (k.binary) files.push({ ...base, kind: "binary" });
    else if (k.text === undefined) {
      files.push({ ...base, kind: "omitted" });
      omit(e.skill, "not read (the repository was too large to read whole)");
    } else if (s.text + e.size > bounds.folderTextBytes) {
      files.push({ ...base, kind: "omitted" });
      omit(e.skill, `past the ${bounds.folderTextBytes} bytes of text a folder keeps`);
    } else {
      s.text += e.size;
      files.push({ ...base, kind: "text", content: k.text });
    }
  }
  return { files, omitted: [...omitted.values()] };
}

/** What a previous record's folder files tell about blobs by sha, so an unchanged file is not read again. */
export function knownFromRecord(files: readonly FolderFile[] | undefined): Map<string, KnownBytes> {
  const out = new Map<string, KnownBytes>();
  for (const f of files ?? []) {
    const prev = out.get(f.sha);
    // A symlink's blob is its target's text, so either tells the other.
    const k: KnownBytes =
      f.kind === "text"
        ? { sha256: f.sha256, text: f.content, target: f.content }
        : f.kind === "binary"
          ? { sha256: f.sha256, binary: true }
          : f.kind === "symlink"
            ? { sha256: f.sha256, target: f.target ?? "", text: f.target ?? "" }
            : { sha256: f.sha256 };
    // The same blob at several paths: keep what tells the most.
    if (!prev || (prev.text === undefined && !prev.binary && prev.target === undefined)) out.set(f.sha, k);
  }
  return out;
}
