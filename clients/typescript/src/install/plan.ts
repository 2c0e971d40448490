// Which files make up the folder of one skill, from the detail and the files listing, with every
// claim checked first: the skill exists and its name is a safe folder name, the indexed commit is
// 40 hex, each path is safe and unique, each digest is a SHA-256, and every file is text the API
// can serve. Pure: the download and the lock both work from the plan.
import { isSha256 } from "./digest.js";
import { InstallError } from "./errors.js";
import { folderOf, isSkillName, relativeToSkill, unsafeReason } from "./paths.js";
import type { DetailForInstall, FileEntry } from "./source.js";

export interface PlannedFile {
  /** Repository path (what /content?path= takes). */
  path: string;
  /** Path inside the installed folder. */
  rel: string;
  sha256: string;
  size: number;
  executable: boolean;
}

export interface FolderPlan {
  source: string;
  name: string;
  skillPath: string;
  indexedCommit: string;
  files: PlannedFile[];
}

/** The skill `name` names in the detail (the primary, listed first, when `name` is absent). */
export function chooseSkill(detail: DetailForInstall, name?: string): { name: string; path: string } {
  const source = `${detail.owner}/${detail.repo}`;
  const skill = name === undefined ? detail.skills[0] : detail.skills.find((s) => s.name === name);
  if (skill === undefined)
    throw new InstallError(
      name === undefined
        ? `${source} lists no skill`
        : `${source} has no skill named ${JSON.stringify(name)}; its skills are: ${detail.skills.map((s) => s.name).join(", ")}`,
    );
  if (!isSkillName(skill.name))
    throw new InstallError(`refusing ${source}: its skill name ${JSON.stringify(skill.name)} is not a safe folder name`);
  const reason = unsafeReason(skill.path);
  if (reason || !/(^|\/)SKILL\.md$/.test(skill.path))
    throw new InstallError(
      `refusing ${source}: the skill's path ${JSON.stringify(skill.path)} is not a safe SKILL.md path${reason ? ` (${reason})` : ""}`,
    );
  return skill;
}

const ENTRY_FIELDS = (e: FileEntry) =>
  typeof e.path === "string" &&
  typeof e.skill === "string" &&
  typeof e.kind === "string" &&
  Number.isSafeInteger(e.size) &&
  e.size >= 0 &&
  (e.mode === undefined || typeof e.mode === "string");

export function planFolder(detail: DetailForInstall, listing: readonly FileEntry[], name?: string): FolderPlan {
  const source = `${detail.owner}/${detail.repo}`;
  const skill = chooseSkill(detail, name);
  if (typeof detail.indexedCommit !== "string" || !/^[0-9a-f]{40}$/.test(detail.indexedCommit))
    throw new InstallError(`refusing ${source}: the API gave no indexed commit (40 hex) to pin it to`);
  const refused: string[] = [];
  const seen = new Set<string>();
  const files: PlannedFile[] = [];
  const folder = folderOf(skill.path);
  for (const entry of listing) {
    if (!ENTRY_FIELDS(entry)) throw new InstallError(`refusing ${source}: the files listing has a malformed entry`);
    const reason = unsafeReason(entry.path);
    if (reason) {
      refused.push(`${JSON.stringify(entry.path)}: ${reason}`);
      continue;
    }
    if (seen.has(entry.path)) refused.push(`${JSON.stringify(entry.path)}: listed twice`);
    seen.add(entry.path);
    const rel = relativeToSkill(entry.path, skill.path);
    if (rel === undefined) {
      if (entry.skill === skill.path) refused.push(`${JSON.stringify(entry.path)}: listed in the skill but outside its folder ${folder}/`);
      continue;
    }
    if (entry.kind !== "text") {
      refused.push(
        `${entry.path}: a ${entry.kind} file, ${entry.kind === "symlink" ? "which the installer never writes" : "which the API does not serve"}`,
      );
      continue;
    }
    if (!isSha256(entry.sha256)) {
      refused.push(`${entry.path}: no SHA-256 to check it against`);
      continue;
    }
    files.push({ path: entry.path, rel, sha256: entry.sha256, size: entry.size, executable: entry.mode === "100755" });
  }
  if (refused.length > 0)
    throw new InstallError(
      `refusing ${source}: ${refused.length} file${refused.length === 1 ? "" : "s"} cannot be installed safely`,
      refused.map((r) => `  ${r}`),
    );
  if (!files.some((f) => f.rel === "SKILL.md"))
    throw new InstallError(`refusing ${source}: the files listing does not include ${skill.path}`);
  files.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  return { source, name: skill.name, skillPath: skill.path, indexedCommit: detail.indexedCommit, files };
}
