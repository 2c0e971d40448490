// Reads what changed in repositories whose head commit moved (or that are new): their trees, then
// the SKILL.md and marketplace.json blobs not already known by sha, batched across repositories.
// Each repository comes back read, skipped (nothing readable) or failed (try again next crawl).
import type { Octokit } from "@octokit/rest";
import type { RepoState } from "../dataset/crawl-state.js";
import type { PlatformsFile, SkillFile, SkillRecord } from "../schemas/dataset.js";
import { type BlobLimits, type BlobRequest, fetchBlobs } from "./blobs.js";
import { repositoryOverBudget, type UntrustedBudget } from "./budget.js";
import { messageOf } from "./errors.js";
import type { RepoFacts } from "./github-schemas.js";
import { evidencePaths } from "./platforms.js";
import { mapPool } from "./pool.js";
import type { ProgressSink } from "./progress.js";
import { readMarketplace } from "./record.js";
import type { CrawlReport } from "./report.js";
import { parseSkillFile } from "./skill-file.js";
import { fetchTree, type RepoTree } from "./tree.js";

export interface RepoContent {
  files: SkillFile[];
  hasIndex: boolean;
  evidence: string[];
  marketplace: RepoState["marketplace"];
}

export type ContentResult =
  | { kind: "read"; content: RepoContent }
  | { kind: "skip"; reason: string; content: RepoContent }
  | { kind: "failed"; reason: string };

export interface ReadContext {
  octokit: Octokit;
  progress: ProgressSink;
  previous: ReadonlyMap<string, SkillRecord>;
  state: Readonly<Record<string, RepoState>>;
  platforms: PlatformsFile;
  concurrency: number;
  blobLimits: BlobLimits;
  budget: UntrustedBudget;
  /** Where file-level outcomes are counted and reported. */
  files: CrawlReport["files"];
}

const SYMLINK = "120000";

export async function readChanged(repos: readonly RepoFacts[], ctx: ReadContext): Promise<Map<string, ContentResult>> {
  const { octokit, progress } = ctx;
  const trees = new Map<string, RepoTree | string>();
  progress.start("trees", repos.length);
  await mapPool(repos, ctx.concurrency, async (f) => {
    try {
      trees.set(f.id, await fetchTree(octokit, f.owner, f.repo, f.headSha!));
    } catch (e) {
      trees.set(f.id, `tree: ${messageOf(e)}`);
    }
    progress.tick();
  });
  progress.done();

  // A repository with more SKILL.md files or bytes than the budget fails before any is fetched.
  for (const f of repos) {
    const t = trees.get(f.id);
    const over =
      typeof t === "object"
        ? repositoryOverBudget(
            t.skills.map((e) => ({ size: e.size ?? 0 })),
            ctx.budget,
          )
        : undefined;
    if (over) trees.set(f.id, over);
  }
  const wanted: BlobRequest[] = [];
  for (const f of repos) {
    const t = trees.get(f.id);
    if (typeof t !== "object") continue;
    const known = new Set(ctx.previous.get(f.id)?.files.map((x) => x.sha) ?? []);
    for (const e of t.skills)
      if (e.mode !== SYMLINK && !known.has(e.sha)) wanted.push({ owner: f.owner, repo: f.repo, sha: e.sha, size: e.size ?? 0 });
    if (t.marketplace && ctx.state[f.id]?.marketplace?.sha !== t.marketplace.sha)
      wanted.push({ owner: f.owner, repo: f.repo, sha: t.marketplace.sha, size: t.marketplace.size ?? 0 });
  }
  progress.start("files", wanted.length);
  const blobs = await fetchBlobs(octokit, wanted, ctx.blobLimits, (n) => progress.tick(n));
  progress.done();

  const out = new Map<string, ContentResult>();
  for (const f of repos) {
    const key = `${f.owner}/${f.repo}`;
    const t = trees.get(f.id);
    if (typeof t !== "object") {
      out.set(f.id, { kind: "failed", reason: t ?? "tree: not read" });
      continue;
    }
    if (t.truncated)
      ctx.files.unreadable.push({
        key,
        path: "(tree)",
        reason: "tree too large to list whole: SKILL.md files in unlisted folders are missing",
      });
    const prevFiles = new Map(ctx.previous.get(f.id)?.files.map((x) => [x.sha, x]) ?? []);
    const files: SkillFile[] = [];
    let retry: string | undefined;
    for (const e of t.skills) {
      if (e.mode === SYMLINK) {
        ctx.files.unreadable.push({ key, path: e.path, reason: "symbolic link (the file it points to is read where it lives)" });
        continue;
      }
      const reused = prevFiles.get(e.sha);
      let text: string;
      if (reused) {
        text = reused.content;
        ctx.files.reused++;
      } else {
        const b = blobs.get(e.sha);
        if (!b?.ok) {
          const reason = b && !b.ok ? b.reason : "not fetched";
          if (!b || b.retryable) retry = `file ${e.path}: ${reason}`;
          else ctx.files.unreadable.push({ key, path: e.path, reason });
          continue;
        }
        text = b.text;
        ctx.files.read++;
      }
      const parsed = parseSkillFile(text, e.path, f.repo, ctx.budget);
      if (!parsed.ok && parsed.overBudget) {
        retry = `file ${e.path}: ${parsed.reason}`;
        break;
      }
      if (!parsed.ok) {
        ctx.files.unreadable.push({ key, path: e.path, reason: parsed.reason });
        continue;
      }
      if (!reused && parsed.skill.problems.length) ctx.files.invalid.push({ key, path: e.path, problems: parsed.skill.problems });
      files.push({
        path: e.path,
        name: parsed.skill.name,
        description: parsed.skill.description,
        sha: e.sha,
        size: e.size ?? Buffer.byteLength(text),
        content: text,
      });
    }
    if (retry) {
      out.set(f.id, { kind: "failed", reason: retry });
      continue;
    }
    let marketplace: RepoState["marketplace"] = null;
    if (t.marketplace) {
      const before = ctx.state[f.id]?.marketplace;
      const b = blobs.get(t.marketplace.sha);
      if (before?.sha === t.marketplace.sha) marketplace = before;
      else if (b?.ok) marketplace = { sha: t.marketplace.sha, ...readMarketplace(b.text) };
      // Not read this time: keep what was known, with no sha, so the next crawl fetches it again.
      else marketplace = { sha: "", name: before?.name ?? null, description: before?.description ?? null };
    }
    const content: RepoContent = {
      files,
      hasIndex: t.marketplace !== undefined,
      evidence: evidencePaths(t.paths, ctx.platforms),
      marketplace,
    };
    if (files.length > 0) out.set(f.id, { kind: "read", content });
    else
      out.set(f.id, { kind: "skip", reason: t.skills.length === 0 ? "no SKILL.md at the head commit" : "no readable SKILL.md", content });
  }
  return out;
}
