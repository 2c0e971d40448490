// Record -> the responses of one skill (summary, detail, content, stats). Pure functions.

import type { SkillFile, SkillRecord, StatsFile } from "../schemas/dataset.js";
import type { FileEntry } from "../schemas/files.js";
import type { NestedSkill, SkillContent, SkillDetail, SkillStats, SkillSummary } from "../schemas/resources.js";
import type { Trust, TrustVerdict } from "../schemas/trust.js";
import { bodyStart } from "./skill-body.js";

/** The summary of a record whose trust verdict is `verdict` (the build scans; a record does not carry it). */
export const toSummary = (r: SkillRecord, verdict: TrustVerdict): SkillSummary => ({
  id: r.id,
  owner: r.owner,
  repo: r.repo,
  name: r.name,
  description: r.description,
  stars: r.stars,
  forks: r.forks,
  updatedAt: r.updatedAt,
  categories: r.categories,
  platforms: r.platforms,
  verdict,
});

export const primaryFile = (r: SkillRecord): SkillFile => {
  const file = r.files.find((f) => f.path === r.primary);
  if (!file) throw new Error(`${r.owner}/${r.repo}: primary ${r.primary} is not among its files`);
  return file;
};

/** Every SKILL.md of the repository, the primary first, then by path. */
export const nestedSkills = (r: SkillRecord): NestedSkill[] =>
  [...r.files]
    .sort((a, b) => (a.path === r.primary ? -1 : b.path === r.primary ? 1 : a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map((f) => ({ name: f.name, description: f.description, path: f.path, sha: f.sha, size: f.size }));

/** A SKILL.md as /content serves it; `sha256` is of the UTF-8 bytes of its content (the build hashes it). */
export const toContent = (f: SkillFile, sha256: string): SkillContent => ({ content: f.content, sha: f.sha, size: f.size, sha256 });

/**
 * The listing of every file of the record's skill folders (GET /files): each SKILL.md, as a text file
 * of its own folder, and every other file of the folders, sorted by path. `sha256` gives each
 * SKILL.md's hash, by path.
 */
export function fileList(r: SkillRecord, sha256: (f: SkillFile) => string): FileEntry[] {
  const entries: FileEntry[] = r.files.map((f) => ({
    path: f.path,
    size: f.size,
    kind: "text",
    sha: f.sha,
    sha256: sha256(f),
    skill: f.path,
  }));
  const skills = new Set(r.files.map((f) => f.path));
  for (const f of r.folderFiles ?? [])
    if (!skills.has(f.path)) {
      // The mode says what a listing alone cannot: that a script is executable, that a path is a link.
      const entry: FileEntry = { path: f.path, size: f.size, kind: f.kind, sha: f.sha, sha256: f.sha256, skill: f.skill };
      if (f.mode !== undefined && f.mode !== "100644") entry.mode = f.mode;
      entries.push(entry);
    }
  return entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * The detail of a record with its trust block. A malicious skill keeps its detail (its findings say
 * why) but offers no install command.
 */
export function toDetail(r: SkillRecord, trust: Trust): SkillDetail {
  const raw = primaryFile(r).content;
  return {
    ...toSummary(r, trust.verdict),
    content: raw.slice(bodyStart(raw)),
    watchers: r.watchers,
    openIssues: r.openIssues,
    license: r.license,
    createdAt: r.createdAt,
    pushedAt: r.pushedAt,
    author: r.author,
    installCommands: trust.verdict === "malicious" ? {} : r.installCommands,
    skills: nestedSkills(r),
    trust,
    indexedCommit: r.headSha,
  };
}

export function toStats(r: SkillRecord, stats: StatsFile): SkillStats {
  const counters = stats[`${r.owner}/${r.repo}`];
  return {
    views: counters?.views ?? 0,
    installs: counters?.installs ?? 0,
    favorites: counters?.favorites ?? 0,
    starHistory: r.starHistory,
  };
}
