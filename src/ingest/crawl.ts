// One crawl, from the previous dataset and state to the next ones (no file I/O here: the caller
// reads and writes). Discovery and facts -> which repositories are listed -> content of those whose
// head moved (SKILL.md files and their folders) -> records -> lifecycle: added, changed, renamed,
// removed, kept after a failure -> one record per name (src/ingest/one-per-name.ts).
import { isDeepStrictEqual } from "node:util";
import type { Octokit } from "@octokit/rest";
import { isoSeconds as iso } from "../contract/iso-time.js";
import { skillKey } from "../contract/key.js";
import type { CrawlState, RepoState } from "../dataset/crawl-state.js";
import type { CategoriesFile, PlatformsFile, SkillRecord, SourcesFile } from "../schemas/dataset.js";
import { type ArchiveLimits, DEFAULT_ARCHIVE_LIMITS } from "./archive.js";
import { type BlobLimits, DEFAULT_BLOB_LIMITS } from "./blobs.js";
import { DEFAULT_BUDGET, type UntrustedBudget } from "./budget.js";
import { createClassifier } from "./classify.js";
import { discover } from "./discover.js";
import { messageOf } from "./errors.js";
import { DEFAULT_FOLDER_BOUNDS, type FolderBounds } from "./folders.js";
import type { RepoFacts } from "./github-schemas.js";
import { EXCLUDED, unlisted } from "./listing.js";
import { onePerName } from "./one-per-name.js";
import type { ProgressSink } from "./progress.js";
import { DEFAULT_READ_BUDGET } from "./read-budget.js";
import { type RepoContent, readChanged } from "./read-content.js";
import { buildRecord } from "./record.js";
import type { CrawlReport } from "./report.js";
import type { RequestLog } from "./request-log.js";

export interface CrawlDeps {
  octokit: Octokit;
  requests: RequestLog;
  progress: ProgressSink;
  /** The crawl's clock: the report times, the star-history day and discovery times come from it. */
  clock: () => Date;
}

export interface CrawlInput {
  previous: readonly SkillRecord[];
  state: CrawlState;
  sources: SourcesFile;
  categories: CategoriesFile;
  platforms: PlatformsFile;
}

export interface CrawlOptions {
  full?: boolean;
  /** Re-read only these repositories (owner/repo), whatever their head; every other record stays as it is. */
  only?: readonly string[];
  limit?: number;
  dryRun?: boolean;
  concurrency?: number;
  blobLimits?: Partial<BlobLimits>;
  /** What one repository's untrusted text may cost (budget.ts). */
  budget?: Partial<UntrustedBudget>;
  /** Requests one repository may cost when read (read-budget.ts). */
  readBudget?: number;
  /** What of a skill folder is kept (folders.ts). */
  folderBounds?: Partial<FolderBounds>;
  /** What a repository archive may cost to read (archive.ts). */
  archiveLimits?: Partial<ArchiveLimits>;
}

export interface CrawlOutput {
  records: SkillRecord[];
  state: CrawlState;
  report: CrawlReport;
}

const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const nameOf = (r: { owner: string; repo: string }) => `${r.owner}/${r.repo}`;

export async function runCrawl(deps: CrawlDeps, input: CrawlInput, opts: CrawlOptions = {}): Promise<CrawlOutput> {
  const started = deps.clock();
  const startedMs = Date.now();
  const day = iso(started).slice(0, 10);
  const full = opts.full ?? false;
  const { state } = input;
  const ctx = { classifier: createClassifier(input.categories), platforms: input.platforms };
  const prevById = new Map(input.previous.map((r) => [r.id, r]));
  const files: CrawlReport["files"] = { read: 0, reused: 0, invalid: [], unreadable: [] };
  const folders: CrawlReport["folders"] = { text: 0, binary: 0, symlink: 0, omitted: 0, reused: 0, archives: 0, notes: [] };
  const removed: CrawlReport["removed"] = [];
  const skipped: CrawlReport["skipped"] = [];
  const renamed: CrawlReport["renamed"] = [];

  // 1. Discovery and facts.
  const only = opts.only?.length ? opts.only : undefined;
  const found = await discover(deps.octokit, deps.progress, {
    previous: input.previous,
    state,
    sources: input.sources,
    full,
    now: started,
    only,
  });
  const { facts, missing, failed } = found;
  const seen = facts.size + missing.size + failed.size;

  // 2. Which are listed, in key order, up to the limit.
  const skip = unlisted(facts, prevById, input.sources.exclude);
  found.report.excluded = [...skip.values()].filter((r) => r === EXCLUDED).length;
  let order = [...facts.values()]
    .filter((f) => !skip.has(f.id))
    .sort((a, b) => byKey(skillKey(a.owner, a.repo), skillKey(b.owner, b.repo)));
  if (opts.limit !== undefined) order = order.slice(0, opts.limit);

  // 3. Content: unchanged heads reuse everything; the others are read.
  const isUnchanged = (f: RepoFacts) => {
    const st = state.repos[f.id];
    // A record from before the crawl read whole skill folders is read once more, for its folders.
    return (
      !full &&
      !only &&
      st !== undefined &&
      st.headSha === f.headSha &&
      ((prevById.has(f.id) && st.folders === true) || st.skip !== undefined)
    );
  };
  const unchanged = order.filter(isUnchanged);
  const toRead = order.filter((f) => !isUnchanged(f));
  const read = await readChanged(toRead, {
    octokit: deps.octokit,
    progress: deps.progress,
    previous: prevById,
    state: state.repos,
    platforms: input.platforms,
    concurrency: opts.concurrency ?? 8,
    blobLimits: { ...DEFAULT_BLOB_LIMITS, ...opts.blobLimits },
    budget: { ...DEFAULT_BUDGET, ...opts.budget },
    readBudget: opts.readBudget ?? DEFAULT_READ_BUDGET,
    folderBounds: { ...DEFAULT_FOLDER_BOUNDS, ...opts.folderBounds },
    archiveLimits: { ...DEFAULT_ARCHIVE_LIMITS, ...opts.archiveLimits },
    files,
    folders,
  });

  // 4. Records and next state.
  const nextRecords = new Map<string, SkillRecord>();
  const nextRepos: Record<string, RepoState> = { ...state.repos };
  const drop = (id: string, key: string, reason: string) => (prevById.has(id) ? removed : skipped).push({ key, reason });
  const aliasesFor = (f: RepoFacts): string[] => {
    const prev = prevById.get(f.id);
    const st = state.repos[f.id];
    const old = prev ? nameOf(prev) : st ? nameOf(st) : undefined;
    if (old && old !== nameOf(f)) renamed.push({ id: f.id, from: old, to: nameOf(f) });
    return [...(prev?.aliases ?? []), ...(old && old.toLowerCase() !== nameOf(f).toLowerCase() ? [old] : [])];
  };
  // Each repository is built on its own: one that cannot be (a name GitHub would not allow, a
  // record its schema refuses) fails alone and keeps its previous record.
  const record = (f: RepoFacts, c: RepoContent): SkillRecord | undefined => {
    try {
      return buildRecord(
        {
          facts: f,
          files: c.files,
          folderFiles: c.folderFiles,
          evidence: c.evidence,
          hasIndex: c.hasIndex,
          marketplace: c.marketplace,
          aliases: aliasesFor(f),
          previousHistory: prevById.get(f.id)?.starHistory ?? [],
          day,
        },
        ctx,
      );
    } catch (error) {
      failed.set(f.id, `record: ${messageOf(error)}`);
      return undefined;
    }
  };

  for (const f of unchanged) {
    const st = state.repos[f.id]!;
    nextRepos[f.id] = { ...st, owner: f.owner, repo: f.repo, nodeId: f.nodeId, crawledAt: iso(started) };
    if (st.skip !== undefined) {
      aliasesFor(f);
      skipped.push({ key: nameOf(f), reason: st.skip });
      continue;
    }
    const prev = prevById.get(f.id)!;
    files.reused += prev.files.length;
    const built = record(f, {
      files: prev.files,
      folderFiles: prev.folderFiles ?? [],
      hasIndex: prev.hasIndex,
      evidence: st.evidence,
      marketplace: st.marketplace,
    });
    if (built) nextRecords.set(f.id, built);
  }
  for (const f of toRead) {
    const r = read.get(f.id)!;
    if (r.kind === "failed") {
      failed.set(f.id, r.reason);
      continue;
    }
    const base: RepoState = {
      nodeId: f.nodeId,
      owner: f.owner,
      repo: f.repo,
      headSha: f.headSha!,
      evidence: r.content.evidence,
      marketplace: r.content.marketplace,
      crawledAt: iso(started),
      indexedAt: iso(started),
      folders: true,
    };
    if (r.kind === "skip") {
      aliasesFor(f);
      drop(f.id, nameOf(f), r.reason);
      nextRepos[f.id] = { ...base, skip: r.reason };
    } else {
      const built = record(f, r.content);
      if (built) {
        nextRecords.set(f.id, built);
        nextRepos[f.id] = base;
      }
    }
  }
  for (const [id, reason] of missing) {
    const prev = prevById.get(id);
    const st = state.repos[id];
    drop(id, prev ? nameOf(prev) : st ? nameOf(st) : id, reason);
    delete nextRepos[id];
  }
  for (const [id, reason] of skip) {
    const f = facts.get(id)!;
    drop(id, nameOf(f), reason);
    if (reason === EXCLUDED) delete nextRepos[id];
    else
      nextRepos[id] = {
        nodeId: f.nodeId,
        owner: f.owner,
        repo: f.repo,
        headSha: f.headSha ?? "",
        evidence: [],
        marketplace: null,
        skip: reason,
        crawledAt: iso(started),
      };
  }
  skipped.push(...found.unresolved);

  // 5. Lifecycle: records not refreshed stay as they were, unless the repository is gone or unlisted.
  const gone = new Set([...missing.keys(), ...skip.keys()]);
  for (const f of [...toRead, ...unchanged]) if (!nextRecords.has(f.id) && !failed.has(f.id)) gone.add(f.id);
  const kept = input.previous.filter((r) => !gone.has(r.id) && !nextRecords.has(r.id));
  // 6. One record per name: a fresh record wins its name; a kept one that holds it is renamed from
  // its fresh facts, or dropped (a repository kept after a failure must not block another's name).
  const one = onePerName([...nextRecords.values()], kept, {
    facts,
    rename: (prev, f) => {
      const st = state.repos[prev.id];
      const built = record(
        { ...f, headSha: prev.headSha, defaultBranch: prev.defaultBranch },
        {
          files: prev.files,
          folderFiles: prev.folderFiles ?? [],
          hasIndex: prev.hasIndex,
          evidence: st?.evidence ?? [],
          marketplace: st?.marketplace ?? null,
        },
      );
      if (built && st) nextRepos[prev.id] = { ...(nextRepos[prev.id] ?? st), owner: f.owner, repo: f.repo };
      return built;
    },
  });
  const merged = one.records;
  const added: string[] = [];
  const changed: string[] = [];
  for (const r of merged) {
    const prev = prevById.get(r.id);
    if (!prev) added.push(nameOf(r));
    else if (!isDeepStrictEqual(prev, r)) changed.push(nameOf(r));
  }
  merged.sort((a, b) => byKey(skillKey(a.owner, a.repo), skillKey(b.owner, b.repo)));
  const failedList = [...failed].map(([id, reason]) => {
    const named = facts.get(id) ?? prevById.get(id);
    return { key: named ? nameOf(named) : id, reason };
  });
  const sorted = <T extends { key: string }>(xs: T[]) => xs.sort((a, b) => byKey(a.key, b.key));

  const report: CrawlReport = {
    startedAt: iso(started),
    finishedAt: iso(deps.clock()),
    durationMs: Date.now() - startedMs,
    dryRun: opts.dryRun ?? false,
    full,
    repositories: {
      seen,
      read: toRead.filter((f) => read.get(f.id)?.kind === "read").length,
      unchanged: unchanged.filter((f) => nextRecords.has(f.id)).length,
      added: added.length,
      changed: changed.length,
      removed: removed.length,
      failed: failedList.length,
      skipped: skipped.length,
      total: merged.length,
    },
    added: added.sort(byKey),
    changed: changed.sort(byKey),
    removed: sorted(removed),
    renamed,
    failed: sorted(failedList),
    skipped: sorted(skipped),
    files,
    folders,
    duplicates: one.report,
    discovery: found.report,
    requests: {
      total: deps.requests.total,
      byKind: { ...deps.requests.byKind },
      byStatus: { ...deps.requests.byStatus },
      rateLimited: { ...deps.requests.rateLimited },
    },
    rateLimit: structuredClone(deps.requests.rate),
  };
  return { records: merged, state: { version: 1, repos: nextRepos, discovery: found.next }, report };
}
