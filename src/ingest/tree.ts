// Reads a repository's git tree at its head commit (one REST request) and picks out what the
// crawler needs: every SKILL.md (exact name, any depth), .claude-plugin/marketplace.json, all paths.
import type { Octokit } from "@octokit/rest";
import { TreeResponse, type TreeEntry } from "./github-schemas.js";

export const SKILL_FILE = "SKILL.md";
export const MARKETPLACE = ".claude-plugin/marketplace.json";

export interface RepoTree {
  skills: TreeEntry[];
  marketplace: TreeEntry | undefined;
  paths: string[];
  truncated: boolean;
}

export function pickTree(entries: readonly TreeEntry[], truncated: boolean): RepoTree {
  const skills = entries.filter((e) => e.type === "blob" && (e.path === SKILL_FILE || e.path.endsWith("/" + SKILL_FILE)));
  return {
    skills: [...skills].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    marketplace: entries.find((e) => e.type === "blob" && e.path === MARKETPLACE),
    paths: entries.map((e) => e.path),
    truncated,
  };
}

export async function fetchTree(octokit: Octokit, owner: string, repo: string, sha: string): Promise<RepoTree> {
  const res = await octokit.request("GET /repos/{owner}/{repo}/git/trees/{tree_sha}", { owner, repo, tree_sha: sha, recursive: "1" });
  const tree = TreeResponse.parse(res.data);
  return pickTree(tree.tree, tree.truncated);
}
