// Reads what changed in repositories whose head commit moved (or that are new): their trees, then
// their SKILL.md files and every other file of their skill folders. A repository whose folder files
// are all known by sha from its previous record (or that has none) has its new SKILL.md blobs read
// in GraphQL batches across repositories, as before; any other is read from its archive in one
// request, every file checked against the tree's git sha. Each repository has a read budget
// (src/ingest/read-budget.ts) and comes back read, skipped (nothing readable) or failed (its
// previous record kept; tried again next crawl).
import type { Octokit } from "@octokit/rest";
import type { RepoState } from "../dataset/crawl-state.js";
import type { FolderFile, PlatformsFile, SkillFile, SkillRecord } from "../schemas/dataset.js";
import { type ArchiveContents, type ArchiveFile, type ArchiveLimits, hashes, readArchive, textOf } from "./archive.js";
import { type BlobLimits, type BlobRequest, type BlobResult, fetchBlobBytes, fetchBlobs } from "./blobs.js";
import { repositoryOverBudget, type UntrustedBudget } from "./budget.js";
import { messageOf } from "./errors.js";
import {
  type FolderBounds,
  folderEntries,
  type KnownBytes,
  keepFolderFiles,
  knownEnough,
  knownFromRecord,
  type RepoFile,
  SYMLINK_MODE,
  textCandidates,
} from "./folders.js";
import type { RepoFacts } from "./github-schemas.js";
import { evidencePaths } from "./platforms.js";
import { mapPool } from "./pool.js";
import type { ProgressSink } from "./progress.js";
import { OverBudgetError, ReadBudget } from "./read-budget.js";
import { readMarketplace } from "./record.js";
import type { CrawlReport } from "./report.js";
import { parseSkillFile } from "./skill-file.js";
import { fetchTree, isSkillPath, MARKETPLACE, type RepoTree } from "./tree.js";

export interface RepoContent {
  files: SkillFile[];
  folderFiles: FolderFile[];
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
  /** Requests one repository may cost (src/ingest/read-budget.ts). */
  readBudget: number;
  folderBounds: FolderBounds;
  archiveLimits: ArchiveLimits;
  /** Where file-level outcomes are counted and reported. */
  files: CrawlReport["files"];
  folders: CrawlReport["folders"];
}

/** One repository on its way through the reads. */
interface Pending {
  f: RepoFacts;
  key: string;
  budget: ReadBudget;
  tree?: RepoTree;
  /** Why it failed, once it has. */
  failed?: string;
  /** The SKILL.md files that may be skills: not symlinks, within the file size bound. */
  skillPaths: string[];
  /** The files of those SKILL.md files' folders. */
  entries: (RepoFile & { skill: string })[];
  candidates: Set<string>;
  known: Map<string, KnownBytes>;
  /** Files read from the archive (or over REST where it fell short), by path, checked against the tree. */
  read?: Map<string, ArchiveFile>;
}

const failOf = (e: unknown, what: string) => (e instanceof OverBudgetError ? e.message : `${what}: ${messageOf(e)}`);

export async function readChanged(repos: readonly RepoFacts[], ctx: ReadContext): Promise<Map<string, ContentResult>> {
  const { octokit, progress } = ctx;
  const pending: Pending[] = repos.map((f) => ({
    f,
    key: `${f.owner}/${f.repo}`,
    budget: new ReadBudget(ctx.readBudget),
    skillPaths: [],
    entries: [],
    candidates: new Set(),
    known: knownFromRecord(ctx.previous.get(f.id)?.folderFiles),
  }));

  progress.start("trees", pending.length);
  await mapPool(pending, ctx.concurrency, async (p) => {
    try {
      p.budget.spend("tree");
      p.tree = await fetchTree(octokit, p.f.owner, p.f.repo, p.f.headSha!);
    } catch (e) {
      p.failed = failOf(e, "tree");
    }
    progress.tick();
  });
  progress.done();

  // What each repository needs: a truncated tree, or folder files not known by sha, mean its archive.
  const viaArchive: Pending[] = [];
  for (const p of pending) {
    if (!p.tree || p.failed) continue;
    if (p.tree.truncated) viaArchive.push(p);
    else if (plan(p, p.tree, ctx)) viaArchive.push(p);
  }

  // SKILL.md and marketplace.json blobs of the others, batched in GraphQL across repositories.
  const archived = new Set(viaArchive);
  const wanted: BlobRequest[] = [];
  for (const p of pending) {
    if (!p.tree || p.failed || archived.has(p)) continue;
    const known = new Set(ctx.previous.get(p.f.id)?.files.map((x) => x.sha) ?? []);
    for (const e of p.tree.skills)
      if (e.mode !== SYMLINK_MODE && !known.has(e.sha)) wanted.push({ owner: p.f.owner, repo: p.f.repo, sha: e.sha, size: e.size ?? 0 });
    if (p.tree.marketplace && ctx.state[p.f.id]?.marketplace?.sha !== p.tree.marketplace.sha)
      wanted.push({ owner: p.f.owner, repo: p.f.repo, sha: p.tree.marketplace.sha, size: p.tree.marketplace.size ?? 0 });
  }
  const byName = new Map(pending.map((p) => [p.key, p]));
  progress.start("files", wanted.length);
  const blobs = await fetchBlobs(
    octokit,
    wanted,
    ctx.blobLimits,
    (n) => progress.tick(n),
    (r) => byName.get(`${r.owner}/${r.repo}`)?.budget.spend("blob"),
  );
  progress.done();

  progress.start("archives", viaArchive.length);
  await mapPool(viaArchive, ctx.concurrency, async (p) => {
    try {
      await readFromArchive(p, ctx);
      ctx.folders.archives++;
    } catch (e) {
      p.failed = failOf(e, "archive");
    }
    progress.tick();
  });
  progress.done();

  const out = new Map<string, ContentResult>();
  for (const p of pending) out.set(p.f.id, assemble(p, blobs, ctx));
  return out;
}

/**
 * Works out a repository's skill folders from its tree: which files they hold, which are read for
 * their text, and whether every one is already known by sha. Returns whether the archive is needed.
 */
function plan(p: Pending, tree: RepoTree, ctx: ReadContext): boolean {
  const over = repositoryOverBudget(
    tree.skills.map((e) => ({ size: e.size ?? 0 })),
    ctx.budget,
  );
  if (over) {
    p.failed = over;
    return false;
  }
  p.skillPaths = tree.skills.filter((e) => e.mode !== SYMLINK_MODE && (e.size ?? 0) <= ctx.blobLimits.maxFileBytes).map((e) => e.path);
  const skillBlobs = new Set(tree.skills.filter((e) => e.mode !== SYMLINK_MODE).map((e) => e.path));
  p.entries = folderEntries(
    tree.files.filter((e) => !skillBlobs.has(e.path)),
    p.skillPaths,
  );
  if (p.entries.length > ctx.folderBounds.repositoryFiles) {
    p.failed = `over budget: ${p.entries.length} files in the skill folders, more than the ${ctx.folderBounds.repositoryFiles} a repository may have`;
    return false;
  }
  p.candidates = textCandidates(p.entries, ctx.folderBounds);
  return p.entries.some((e) => !knownEnough(e, p.known.get(e.sha), p.candidates.has(e.path)));
}

/** Reads the repository's archive and checks every file it needs against the tree (REST for any it lacks). */
async function readFromArchive(p: Pending, ctx: ReadContext): Promise<void> {
  const truncated = p.tree!.truncated;
  const maxSkill = ctx.blobLimits.maxFileBytes;
  const textBytes = ctx.folderBounds.textFileBytes;
  // A truncated tree does not say what the folders hold: every small file is kept, all are hashed.
  const want = truncated
    ? (path: string, size: number) =>
        (isSkillPath(path) || path === MARKETPLACE ? size <= maxSkill : size <= textBytes) ? ("bytes" as const) : ("hash" as const)
    : (() => {
        const skills = new Set(p.skillPaths);
        const entries = new Set(p.entries.map((e) => e.path));
        return (path: string) =>
          skills.has(path) || path === MARKETPLACE || p.candidates.has(path)
            ? ("bytes" as const)
            : entries.has(path)
              ? ("hash" as const)
              : ("skip" as const);
      })();
  p.budget.spend("archive");
  const archive = await readArchive(ctx.octokit, { owner: p.f.owner, repo: p.f.repo, sha: p.f.headSha! }, want, ctx.archiveLimits);
  for (const problem of archive.problems) ctx.folders.notes.push({ key: p.key, ...problem });
  if (truncated) {
    p.tree = treeFromArchive(archive);
    ctx.folders.notes.push({ key: p.key, path: "(tree)", reason: "GitHub truncated the tree: the repository was listed from its archive" });
    plan(p, p.tree, ctx);
    p.read = archive.files;
    return;
  }
  // Every file the record will hold must match the tree's sha; one the archive lacks or changed (an
  // export-ignore or export-subst attribute can do either) is read as a blob, within the budget.
  const tree = new Map(p.tree!.files.map((e) => [e.path, e]));
  const needed = [...p.skillPaths, ...(p.tree!.marketplace ? [MARKETPLACE] : []), ...p.entries.map((e) => e.path)];
  p.read = new Map();
  for (const path of needed) {
    const expected = tree.get(path)!;
    let got = archive.files.get(path);
    if (!got || got.sha !== expected.sha) {
      p.budget.spend("blob");
      const bytes = await fetchBlobBytes(ctx.octokit, p.f.owner, p.f.repo, expected.sha);
      const h = hashes(bytes);
      if (h.sha !== expected.sha) throw new Error(`${path}: the bytes GitHub served do not hash to the tree's sha ${expected.sha}`);
      const text = textOf(bytes);
      got = {
        path,
        mode: expected.mode,
        size: bytes.length,
        ...h,
        binary: text === null,
        bytes,
        ...(expected.mode === SYMLINK_MODE ? { target: bytes.toString("utf8") } : {}),
      };
      ctx.folders.notes.push({ key: p.key, path, reason: "the archive lacked this file or held other bytes: read as a blob" });
    }
    p.read.set(path, got);
  }
}

/** The tree a truncated listing could not give, from the archive's entries (shas computed from the bytes). */
function treeFromArchive(archive: ArchiveContents): RepoTree {
  const files = [...archive.files.values()]
    .map((a) => ({ path: a.path, mode: a.mode, sha: a.sha, size: a.size }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const skills = files.filter((e) => isSkillPath(e.path)).map((e) => ({ ...e, type: "blob" as const }));
  const market = files.find((e) => e.path === MARKETPLACE);
  return {
    skills,
    marketplace: market ? { ...market, type: "blob" } : undefined,
    files,
    paths: [...archive.dirs, ...files.map((e) => e.path)],
    truncated: false,
  };
}

/** A SKILL.md's or marketplace.json's text: read from the archive, else from the GraphQL batches. */
function blobFor(p: Pending, path: string, sha: string, blobs: ReadonlyMap<string, BlobResult>): BlobResult | undefined {
  const a = p.read?.get(path);
  if (!a) return blobs.get(sha);
  if (!a.bytes)
    return { ok: false, reason: "not kept: the repository's archive holds more small files than a crawl keeps", retryable: false };
  const text = textOf(a.bytes);
  return text === null ? { ok: false, reason: "binary content", retryable: false } : { ok: true, text };
}

function assemble(p: Pending, blobs: ReadonlyMap<string, BlobResult>, ctx: ReadContext): ContentResult {
  const { f, key } = p;
  const t = p.tree;
  if (!t || p.failed) return { kind: "failed", reason: p.failed ?? "tree: not read" };
  const prevFiles = new Map(ctx.previous.get(f.id)?.files.map((x) => [x.sha, x]) ?? []);
  const files: SkillFile[] = [];
  let retry: string | undefined;
  for (const e of t.skills) {
    if (e.mode === SYMLINK_MODE) {
      ctx.files.unreadable.push({ key, path: e.path, reason: "symbolic link (the file it points to is read where it lives)" });
      continue;
    }
    const reused = p.read ? undefined : prevFiles.get(e.sha);
    let text: string;
    if (reused) {
      text = reused.content;
      ctx.files.reused++;
    } else {
      const b = (e.size ?? 0) > ctx.blobLimits.maxFileBytes ? undefined : blobFor(p, e.path, e.sha, blobs);
      if (!b?.ok) {
        const reason =
          (e.size ?? 0) > ctx.blobLimits.maxFileBytes
            ? `too large (${e.size} bytes, limit ${ctx.blobLimits.maxFileBytes})`
            : b && !b.ok
              ? b.reason
              : "not fetched";
        if ((e.size ?? 0) <= ctx.blobLimits.maxFileBytes && (!b || b.retryable)) retry = `file ${e.path}: ${reason}`;
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
  if (retry) return { kind: "failed", reason: retry };

  let marketplace: RepoState["marketplace"] = null;
  if (t.marketplace) {
    const before = ctx.state[f.id]?.marketplace;
    const b = blobFor(p, MARKETPLACE, t.marketplace.sha, blobs);
    if (before?.sha === t.marketplace.sha) marketplace = before;
    else if (b?.ok) marketplace = { sha: t.marketplace.sha, ...readMarketplace(b.text) };
    // Not read this time: keep what was known, with no sha, so the next crawl fetches it again.
    else marketplace = { sha: "", name: before?.name ?? null, description: before?.description ?? null };
  }

  // The folders are those of the SKILL.md files that are skills; each file goes to the deepest.
  const readable = files.map((x) => x.path);
  const skillBlobs = new Set(t.skills.filter((e) => e.mode !== SYMLINK_MODE).map((e) => e.path));
  const entries = folderEntries(
    t.files.filter((e) => !skillBlobs.has(e.path)),
    readable,
  );
  const known = (e: RepoFile): KnownBytes => {
    const a = p.read?.get(e.path);
    if (a) {
      const text = a.bytes && !a.binary ? (textOf(a.bytes) ?? undefined) : undefined;
      return {
        sha256: a.sha256,
        binary: a.binary,
        ...(text !== undefined ? { text } : {}),
        ...(a.target !== undefined ? { target: a.target } : {}),
      };
    }
    const k = p.known.get(e.sha);
    if (!k) throw new Error(`${e.path}: neither read nor known`);
    ctx.folders.reused++;
    return k;
  };
  let kept: ReturnType<typeof keepFolderFiles>;
  try {
    kept = keepFolderFiles(entries, known, ctx.folderBounds);
  } catch (e) {
    return { kind: "failed", reason: `folder files: ${messageOf(e)}` };
  }
  for (const x of kept.files) ctx.folders[x.kind]++;
  for (const o of kept.omitted)
    ctx.folders.notes.push({ key, path: o.skill, reason: `${o.count} file${o.count === 1 ? "" : "s"} omitted: ${o.reason}` });

  const content: RepoContent = {
    files,
    folderFiles: kept.files,
    hasIndex: t.marketplace !== undefined,
    evidence: evidencePaths(t.paths, ctx.platforms),
    marketplace,
  };
  if (files.length > 0) return { kind: "read", content };
  return { kind: "skip", reason: t.skills.length === 0 ? "no SKILL.md at the head commit" : "no readable SKILL.md", content };
}
