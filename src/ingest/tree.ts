// Reads a repository's git tree at its head commit (one REST request) and picks out what the
// crawler needs: every SKILL.md (exact name, any depth), .claude-plugin/marketplace.json, all paths.
import type { Octokit } from "@octokit/rest";
import { type TreeEntry, TreeResponse } from "./github-schemas.js";

export const SKILL_FILE = "SKILL.md";
export const MARKETPLACE = ".claude-plugin/marketplace.json";

export interface RepoTree {
  skills: TreeEntry[];
  marketplace: TreeEntry | undefined;
  paths: string[];
  truncated: boolean;
}

export function pickTree(entries: readonly TreeEntry[], truncated: boolean): RepoTree {
  const skills = entries.filter((e) => e.type === "blob" && (e.path === SKILL_FILE || e.path.endsWith(`/${SKILL_FILE}`)));
  return {
    skills: [...skills].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    marketplace: entries.find((e) => e.type === "blob" && e.path === MARKETPLACE),
    paths: entries.map((e) => e.path),
    truncated,
  };
}

/** Folders read one by one at most, when GitHub truncates a recursive tree (100,000 entries or 7 MB). */
export const MAX_FOLDER_READS = 2000;

export async function fetchTree(
  octokit: Octokit,
  owner: string,
  repo: string,
  sha: string,
  maxFolders = MAX_FOLDER_READS,
): Promise<RepoTree> {
  const read = async (treeSha: string, recursive: boolean) =>
    TreeResponse.parse(
      (
        await octokit.request("GET /repos/{owner}/{repo}/git/trees/{tree_sha}", {
          owner,
          repo,
          tree_sha: treeSha,
          ...(recursive ? { recursive: "1" } : {}),
        })
      ).data,
    );
  const whole = await read(sha, true);
  if (!whole.truncated) return pickTree(whole.tree, false);
  // Too big for one answer: walk the folders, a few at a time, up to a bound.
  const entries: TreeEntry[] = [];
  const queue: { sha: string; prefix: string }[] = [{ sha, prefix: "" }];
  let reads = 0;
  let incomplete = false;
  while (queue.length > 0) {
    const batch = queue.splice(0, 8);
    await Promise.all(
      batch.map(async (t) => {
        if (reads >= maxFolders) {
          incomplete = true;
          return;
        }
        reads++;
        const level = await read(t.sha, false);
        if (level.truncated) incomplete = true;
        for (const e of level.tree) {
          const path = t.prefix + e.path;
          entries.push({ ...e, path });
          if (e.type === "tree") queue.push({ sha: e.sha, prefix: `${path}/` });
        }
      }),
    );
  }
  return pickTree(entries, incomplete);
}
