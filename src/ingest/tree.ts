// Reads a repository's git tree at its head commit (one REST request) and picks out what the
// crawler needs: every SKILL.md (exact name, any depth), .claude-plugin/marketplace.json, every file
// (for the skill folders) and every path (for platform evidence). A tree GitHub truncates (over
// 100,000 entries or 7 MB) is not walked folder by folder: the repository's archive lists it whole in
// one request (src/ingest/read-content.ts).
import type { Octokit } from "@octokit/rest";
import { type TreeEntry, TreeResponse } from "./github-schemas.js";

export const SKILL_FILE = "SKILL.md";
export const MARKETPLACE = ".claude-plugin/marketplace.json";

export interface RepoTree {
  skills: TreeEntry[];
  marketplace: TreeEntry | undefined;
  /** Every blob (files and symlinks), sorted by path. */
  files: { path: string; mode: string; sha: string; size: number }[];
  paths: string[];
  truncated: boolean;
}

export const isSkillPath = (path: string): boolean => path === SKILL_FILE || path.endsWith(`/${SKILL_FILE}`);

const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

export function pickTree(entries: readonly TreeEntry[], truncated: boolean): RepoTree {
  const blobs = entries.filter((e) => e.type === "blob");
  return {
    skills: blobs.filter((e) => isSkillPath(e.path)).sort(byPath),
    marketplace: blobs.find((e) => e.path === MARKETPLACE),
    files: blobs.map((e) => ({ path: e.path, mode: e.mode, sha: e.sha, size: e.size ?? 0 })).sort(byPath),
    paths: entries.map((e) => e.path),
    truncated,
  };
}

export async function fetchTree(octokit: Octokit, owner: string, repo: string, sha: string): Promise<RepoTree> {
  const res = await octokit.request("GET /repos/{owner}/{repo}/git/trees/{tree_sha}", { owner, repo, tree_sha: sha, recursive: "1" });
  const whole = TreeResponse.parse(res.data);
  return pickTree(whole.tree, whole.truncated);
}
