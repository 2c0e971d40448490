// One crawl, from the previous dataset and state to the next ones (no file I/O here: the caller
// reads and writes). Discovery -> facts in GraphQL batches -> trees and changed files of the
// repositories whose head moved -> records -> lifecycle (added, changed, renamed, removed, kept).
import type { Octokit } from "@octokit/rest";
import type { CrawlState, RepoState } from "../dataset/crawl-state.js";
import { skillKey } from "../dataset/key.js";
import { stableStringify } from "../dataset/json.js";
import type { CategoriesFile, PlatformsFile, SkillFile, SkillRecord } from "../schemas/dataset.js";
import { DEFAULT_BLOB_LIMITS, fetchBlobs, type BlobLimits, type BlobRequest } from "./blobs.js";
import { createClassifier } from "./classify.js";
import { searchCode } from "./code-search.js";
import { messageOf } from "./errors.js";
import { fetchFacts, NAMES_PER_QUERY, NODES_PER_QUERY, type SearchPage, type SearchRequest } from "./facts.js";
import type { RepoFacts } from "./github-schemas.js";
import { evidencePaths } from "./platforms.js";
import { mapPool } from "./pool.js";
import type { ProgressSink } from "./progress.js";
import { buildRecord, readMarketplace, type MarketplaceInfo } from "./record.js";
import type { CrawlReport } from "./report.js";
import type { RequestLog } from "./request-log.js";
import { parseSkillFile } from "./skill-file.js";
import { isExcluded, type SourcesFile } from "./sources.js";
import { fetchTree, type RepoTree } from "./tree.js";

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
  limit?: number;
  dryRun?: boolean;
  concurrency?: number;
  blobLimits?: Partial<BlobLimits>;
}

export interface CrawlOutput {
  records: SkillRecord[];
  state: CrawlState;
  report: CrawlReport;
}

const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");
const chunk = <T>(xs: readonly T[], n: number): T[][] => Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));
const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const TOPIC_EPOCH = "2008-01-01";

/** Splits a YYYY-MM-DD range in two halves, or undefined when it is one day. */
function halves(lo: string, hi: string): [[string, string], [string, string]] | undefined {
  const a = Date.parse(`${lo}T00:00:00Z`);
  const b = Date.parse(`${hi}T00:00:00Z`);
  if (!(b > a)) return undefined;
  const mid = a + Math.floor((b - a) / 86_400_000 / 2) * 86_400_000;
  const day = (t: number) => new Date(t).toISOString().slice(0, 10);
  return [
    [lo, day(mid)],
    [day(mid + 86_400_000), hi],
  ];
}

export async function runCrawl(deps: CrawlDeps, input: CrawlInput, opts: CrawlOptions = {}): Promise<CrawlOutput> {
  const started = deps.clock();
  const startedMs = Date.now();
  const day = iso(started).slice(0, 10);
  const full = opts.full ?? false;
  const concurrency = opts.concurrency ?? 8;
  const blobLimits = { ...DEFAULT_BLOB_LIMITS, ...opts.blobLimits };
  const { octokit, progress } = deps;
  const { sources, state } = input;
  const classifier = createClassifier(input.categories);
  const ctx = { classifier, platforms: input.platforms };

  const prevById = new Map(input.previous.map((r) => [r.id, r]));
  const nameToId = new Map<string, string>();
  for (const r of input.previous) {
    nameToId.set(skillKey(r.owner, r.repo), r.id);
    for (const a of r.aliases) if (!nameToId.has(a.toLowerCase())) nameToId.set(a.toLowerCase(), r.id);
  }
  for (const [id, s] of Object.entries(state.repos)) if (!nameToId.has(skillKey(s.owner, s.repo))) nameToId.set(skillKey(s.owner, s.repo), id);
  const nodeIdOf = new Map<string, string>(Object.entries(state.repos).map(([id, s]) => [id, s.nodeId]));

  const report: CrawlReport = {
    startedAt: iso(started),
    finishedAt: iso(started),
    durationMs: 0,
    dryRun: opts.dryRun ?? false,
    full,
    repositories: { seen: 0, read: 0, unchanged: 0, added: 0, changed: 0, removed: 0, failed: 0, skipped: 0, total: 0 },
    added: [],
    changed: [],
    removed: [],
    renamed: [],
    failed: [],
    skipped: [],
    files: { read: 0, reused: 0, invalid: [], unreadable: [] },
    discovery: {
      curated: sources.repos.length,
      topics: { since: null, repositories: 0, failed: [] },
      codeSearch: { ran: false, note: "", repositories: 0, pages: 0, notModified: 0, capped: [] },
      excluded: 0,
    },
    requests: { total: 0, byKind: {}, byStatus: {}, rateLimited: {} },
    rateLimit: {},
  };
  const nextDiscovery: CrawlState["discovery"] = { ...state.discovery, pages: { ...state.discovery.pages } };

  // 1. Code search, when due (it has no date filter, so it runs in full on its own schedule).
  const cs = sources.codeSearch;
  const last = state.discovery.codeSearchAt ? Date.parse(state.discovery.codeSearchAt) : undefined;
  const due = cs.enabled && (full || last === undefined || started.getTime() - last >= cs.everyHours * 3_600_000);
  const candidateIds = new Set<string>([...prevById.keys(), ...Object.keys(state.repos)]);
  if (!cs.enabled) report.discovery.codeSearch.note = "disabled in sources.json";
  else if (!due) report.discovery.codeSearch.note = `not due: last ran ${state.discovery.codeSearchAt}, runs every ${cs.everyHours}h`;
  else {
    progress.note(`code search: ${cs.query}, sizes ${cs.minSize}..${cs.maxSize}`);
    const res = await searchCode(octokit, cs, full ? {} : state.discovery.pages);
    report.discovery.codeSearch = {
      ran: true,
      note: res.failed.length ? `${res.failed.length} pages failed: ${res.failed[0]!.reason}` : "complete",
      repositories: res.repos.size,
      pages: res.requests,
      notModified: res.notModified,
      capped: res.capped,
    };
    Object.assign(nextDiscovery.pages, res.pages);
    if (res.failed.length === 0) nextDiscovery.codeSearchAt = iso(started);
    for (const hit of res.repos.values()) {
      if (isExcluded(hit.name, sources.exclude)) continue;
      candidateIds.add(hit.id);
      if (!nodeIdOf.has(hit.id)) nodeIdOf.set(hit.id, hit.nodeId);
      if (!nameToId.has(hit.name.toLowerCase())) nameToId.set(hit.name.toLowerCase(), hit.id);
    }
  }

  // 2. Facts: known repositories by node id, the others by name, topic searches riding along.
  const ids = [...candidateIds].filter((id) => nodeIdOf.has(id)).sort(byKey);
  const names = new Set<string>();
  for (const id of candidateIds) {
    const r = prevById.get(id);
    if (!nodeIdOf.has(id) && r) names.add(`${r.owner}/${r.repo}`);
  }
  for (const name of sources.repos) {
    if (isExcluded(name, sources.exclude)) continue;
    const id = nameToId.get(name.toLowerCase());
    if (id === undefined || !nodeIdOf.has(id)) names.add(name);
  }
  const since = !full && state.discovery.topicsAt ? iso(new Date(Date.parse(state.discovery.topicsAt) - 86_400_000)).slice(0, 10) : null;
  report.discovery.topics.since = since;
  const ranges = new Map<string, { topic: string; lo: string; hi: string } | { topic: string }>();
  const topicQuery = (topic: string, range?: { lo: string; hi: string }) =>
    `topic:${topic}${since ? ` pushed:>=${since}` : ""}${range ? ` created:${range.lo}..${range.hi}` : ""}`;
  let pending: SearchRequest[] = sources.topics.map((t) => {
    ranges.set(t, { topic: t });
    return { key: t, query: topicQuery(t), after: null };
  });

  const facts = new Map<string, RepoFacts>();
  const idOfNode = new Map(ids.map((id) => [nodeIdOf.get(id)!, id]));
  const missing = new Map<string, string>();
  const failed = new Map<string, string>();
  const skippedNames: { key: string; reason: string }[] = [];
  const topicFound = new Set<string>();
  const onSearch = (page: SearchPage, req: SearchRequest) => {
    for (const f of page.facts) {
      topicFound.add(f.id);
      if (!facts.has(f.id)) facts.set(f.id, f);
    }
    const range = ranges.get(req.key);
    if (page.total > 1000 && req.after === null && range) {
      const lo = "lo" in range ? range.lo : TOPIC_EPOCH;
      const hi = "hi" in range ? range.hi : day;
      const split = halves(lo, hi);
      if (split) {
        for (const [a, b] of split) {
          const key = `${range.topic}|${a}|${b}`;
          ranges.set(key, { topic: range.topic, lo: a, hi: b });
          pending.push({ key, query: topicQuery(range.topic, { lo: a, hi: b }), after: null });
        }
        return;
      }
    }
    if (page.next) pending.push({ key: req.key, query: req.query, after: page.next });
  };
  const idChunks = chunk(ids.map((id) => nodeIdOf.get(id)!), NODES_PER_QUERY);
  const nameChunks = chunk([...names].sort(byKey), NAMES_PER_QUERY);
  const rounds = Math.max(idChunks.length, nameChunks.length, pending.length ? 1 : 0);
  progress.start("facts", rounds);
  for (let i = 0; i < rounds || pending.length > 0; i++) {
    const searches = pending.splice(0, 10);
    const batch = { ids: idChunks[i] ?? [], names: nameChunks[i] ?? [], searches };
    const res = await fetchFacts(octokit, batch);
    for (const [nodeId, f] of res.byNodeId) facts.set(f.id, f);
    for (const [name, f] of res.byName) {
      facts.set(f.id, f);
      nameToId.set(name, f.id);
    }
    for (const nodeId of res.missingIds) missing.set(idOfNode.get(nodeId)!, "GitHub no longer resolves the repository (deleted, private or blocked)");
    for (const name of res.missingNames) {
      const id = nameToId.get(name.toLowerCase());
      if (id && prevById.has(id)) missing.set(id, `GitHub answers not found for ${name}`);
      else skippedNames.push({ key: name, reason: "not found on GitHub" });
    }
    for (const f of res.failed) {
      const id = idOfNode.get(f.key) ?? nameToId.get(f.key.toLowerCase());
      if (id) failed.set(id, `facts: ${f.reason}`);
      else skippedNames.push({ key: f.key, reason: `facts: ${f.reason}` });
    }
    for (const s of res.failedSearches) report.discovery.topics.failed.push({ key: s.key, reason: s.reason });
    for (const page of res.searches) onSearch(page, searches.find((s) => s.key === page.key)!);
    if (i < rounds) progress.tick();
  }
  progress.done();
  report.discovery.topics.repositories = topicFound.size;
  if (report.discovery.topics.failed.length === 0) nextDiscovery.topicsAt = iso(started);

  // 3. Which repositories are listed: exclusions, forks and mirrors of listed ones, empty ones.
  const skip = new Map<string, string>();
  const listedNames = new Set([...facts.values()].map((f) => skillKey(f.owner, f.repo)));
  for (const [id, f] of facts) {
    const name = `${f.owner}/${f.repo}`;
    if (isExcluded(name, sources.exclude) || prevById.get(id)?.aliases.some((a) => isExcluded(a, sources.exclude))) {
      skip.set(id, "excluded in sources.json");
      report.discovery.excluded++;
    } else if (f.fork && (facts.has(f.fork.id) || prevById.has(f.fork.id))) skip.set(id, `fork of ${f.fork.name}, which is listed`);
    else if (f.mirrorUrl) {
      const m = /github\.com[/:]([^/]+)\/([^/.]+)/i.exec(f.mirrorUrl);
      if (m && listedNames.has(skillKey(m[1]!, m[2]!))) skip.set(id, `mirror of ${m[1]}/${m[2]}, which is listed`);
    }
    if (!skip.has(id) && !f.headSha) skip.set(id, "empty repository (no default branch)");
  }

  let order = [...facts.values()].filter((f) => !skip.has(f.id)).sort((a, b) => byKey(skillKey(a.owner, a.repo), skillKey(b.owner, b.repo)));
  if (opts.limit !== undefined) order = order.slice(0, opts.limit);
  report.repositories.seen = facts.size + missing.size + failed.size;

  // 4. Trees and changed files of repositories whose head moved (or that are new).
  const unchanged: RepoFacts[] = [];
  const toRead: RepoFacts[] = [];
  for (const f of order) {
    const st = state.repos[f.id];
    if (!full && st && st.headSha === f.headSha && (prevById.has(f.id) || st.skip !== undefined)) unchanged.push(f);
    else toRead.push(f);
  }
  const trees = new Map<string, RepoTree | string>();
  progress.start("trees", toRead.length);
  await mapPool(toRead, concurrency, async (f) => {
    try {
      trees.set(f.id, await fetchTree(octokit, f.owner, f.repo, f.headSha!));
    } catch (e) {
      trees.set(f.id, messageOf(e));
    }
    progress.tick();
  });
  progress.done();
  const blobReqs: BlobRequest[] = [];
  for (const f of toRead) {
    const t = trees.get(f.id);
    if (typeof t !== "object") continue;
    const known = new Set(prevById.get(f.id)?.files.map((x) => x.sha) ?? []);
    for (const e of t.skills) if (e.mode !== "120000" && !known.has(e.sha)) blobReqs.push({ owner: f.owner, repo: f.repo, sha: e.sha, size: e.size ?? 0 });
    if (t.marketplace && state.repos[f.id]?.marketplace?.sha !== t.marketplace.sha)
      blobReqs.push({ owner: f.owner, repo: f.repo, sha: t.marketplace.sha, size: t.marketplace.size ?? 0 });
  }
  progress.start("files", blobReqs.length);
  const blobs = await fetchBlobs(octokit, blobReqs, blobLimits, (n) => progress.tick(n));
  progress.done();

  // 5. Records.
  const nextRecords = new Map<string, SkillRecord>();
  const nextRepos: Record<string, RepoState> = { ...state.repos };
  const aliasesFor = (f: RepoFacts): string[] => {
    const prev = prevById.get(f.id);
    const st = state.repos[f.id];
    const old = prev ? `${prev.owner}/${prev.repo}` : st ? `${st.owner}/${st.repo}` : undefined;
    if (old && old !== `${f.owner}/${f.repo}`) report.renamed.push({ id: f.id, from: old, to: `${f.owner}/${f.repo}` });
    return [...(prev?.aliases ?? []), ...(old && old.toLowerCase() !== `${f.owner}/${f.repo}`.toLowerCase() ? [old] : [])];
  };
  const dropRecord = (id: string, key: string, reason: string) => {
    if (prevById.has(id)) report.removed.push({ key, reason });
    else report.skipped.push({ key, reason });
  };

  for (const f of unchanged) {
    const st = state.repos[f.id]!;
    const key = `${f.owner}/${f.repo}`;
    if (st.skip !== undefined) {
      report.skipped.push({ key, reason: st.skip });
      nextRepos[f.id] = { ...st, owner: f.owner, repo: f.repo, nodeId: f.nodeId };
      continue;
    }
    const prev = prevById.get(f.id)!;
    report.files.reused += prev.files.length;
    nextRecords.set(
      f.id,
      buildRecord(
        { facts: f, files: prev.files, evidence: st.evidence, hasIndex: prev.hasIndex, marketplace: st.marketplace, aliases: aliasesFor(f), previousHistory: prev.starHistory, day },
        ctx,
      ),
    );
    nextRepos[f.id] = { ...st, owner: f.owner, repo: f.repo, nodeId: f.nodeId };
  }

  for (const f of toRead) {
    const key = `${f.owner}/${f.repo}`;
    const t = trees.get(f.id);
    if (typeof t !== "object") {
      failed.set(f.id, `tree: ${t ?? "not read"}`);
      continue;
    }
    if (t.truncated) report.files.unreadable.push({ key, path: "(tree)", reason: "tree too large to list whole: SKILL.md files in unlisted folders are missing" });
    const prev = prevById.get(f.id);
    const prevFiles = new Map(prev?.files.map((x) => [x.sha, x]) ?? []);
    const files: SkillFile[] = [];
    let retryable: string | undefined;
    for (const e of t.skills) {
      if (e.mode === "120000") {
        report.files.unreadable.push({ key, path: e.path, reason: "symbolic link (the file it points to is read where it lives)" });
        continue;
      }
      const reused = prevFiles.get(e.sha);
      let text: string;
      if (reused) {
        text = reused.content;
        report.files.reused++;
      } else {
        const b = blobs.get(e.sha);
        if (!b || !b.ok) {
          const reason = b && !b.ok ? b.reason : "not fetched";
          if (!b || b.retryable) retryable = `${e.path}: ${reason}`;
          else report.files.unreadable.push({ key, path: e.path, reason });
          continue;
        }
        text = b.text;
        report.files.read++;
      }
      const parsed = parseSkillFile(text, e.path, f.repo);
      if (!parsed.ok) {
        report.files.unreadable.push({ key, path: e.path, reason: parsed.reason });
        continue;
      }
      if (!reused && parsed.skill.problems.length) report.files.invalid.push({ key, path: e.path, problems: parsed.skill.problems });
      files.push({ path: e.path, name: parsed.skill.name, description: parsed.skill.description, sha: e.sha, size: e.size ?? Buffer.byteLength(text), content: text });
    }
    if (retryable) {
      failed.set(f.id, `file ${retryable}`);
      continue;
    }
    let marketplace: MarketplaceInfo & { sha: string } | null = null;
    if (t.marketplace) {
      const st = state.repos[f.id];
      if (st?.marketplace?.sha === t.marketplace.sha) marketplace = st.marketplace;
      else {
        const b = blobs.get(t.marketplace.sha);
        marketplace = { sha: t.marketplace.sha, ...(b?.ok ? readMarketplace(b.text) : { name: null, description: null }) };
      }
    }
    const evidence = evidencePaths(t.paths, input.platforms);
    const base = { nodeId: f.nodeId, owner: f.owner, repo: f.repo, headSha: f.headSha!, evidence, marketplace };
    if (files.length === 0) {
      const reason = t.skills.length === 0 ? "no SKILL.md at the head commit" : "no readable SKILL.md";
      aliasesFor(f);
      dropRecord(f.id, key, reason);
      nextRepos[f.id] = { ...base, skip: reason };
      continue;
    }
    report.repositories.read++;
    nextRecords.set(
      f.id,
      buildRecord(
        { facts: f, files, evidence, hasIndex: t.marketplace !== undefined, marketplace, aliases: aliasesFor(f), previousHistory: prev?.starHistory ?? [], day },
        ctx,
      ),
    );
    nextRepos[f.id] = base;
  }

  // 6. Lifecycle: removed, skipped, failed (kept), merged in key order.
  for (const [id, reason] of missing) {
    const prev = prevById.get(id);
    const st = state.repos[id];
    dropRecord(id, prev ? `${prev.owner}/${prev.repo}` : st ? `${st.owner}/${st.repo}` : id, reason);
    delete nextRepos[id];
  }
  for (const [id, reason] of skip) {
    const f = facts.get(id)!;
    dropRecord(id, `${f.owner}/${f.repo}`, reason);
    if (reason.startsWith("excluded")) delete nextRepos[id];
    else nextRepos[id] = { nodeId: f.nodeId, owner: f.owner, repo: f.repo, headSha: f.headSha ?? "", evidence: [], marketplace: null, skip: reason };
  }
  report.skipped.push(...skippedNames);
  for (const [id, reason] of failed) {
    const prev = prevById.get(id);
    const f = facts.get(id);
    report.failed.push({ key: f ? `${f.owner}/${f.repo}` : prev ? `${prev.owner}/${prev.repo}` : id, reason });
  }
  const removedIds = new Set([...missing.keys(), ...[...skip.keys()]]);
  for (const f of toRead) if (!nextRecords.has(f.id) && !failed.has(f.id)) removedIds.add(f.id);
  for (const f of unchanged) if (!nextRecords.has(f.id)) removedIds.add(f.id);
  const merged: SkillRecord[] = [];
  for (const r of input.previous) if (!removedIds.has(r.id) && !nextRecords.has(r.id)) merged.push(r);
  for (const [id, r] of nextRecords) {
    merged.push(r);
    const prev = prevById.get(id);
    if (!prev) report.added.push(`${r.owner}/${r.repo}`);
    else if (stableStringify(prev) !== stableStringify(r)) report.changed.push(`${r.owner}/${r.repo}`);
  }
  merged.sort((a, b) => byKey(skillKey(a.owner, a.repo), skillKey(b.owner, b.repo)));

  const finished = deps.clock();
  report.finishedAt = iso(finished);
  report.durationMs = Date.now() - startedMs;
  report.added.sort(byKey);
  report.changed.sort(byKey);
  for (const list of [report.removed, report.failed, report.skipped]) list.sort((a, b) => byKey(a.key, b.key));
  report.repositories = {
    seen: report.repositories.seen,
    read: report.repositories.read,
    unchanged: unchanged.filter((f) => nextRecords.has(f.id)).length,
    added: report.added.length,
    changed: report.changed.length,
    removed: report.removed.length,
    failed: report.failed.length,
    skipped: report.skipped.length,
    total: merged.length,
  };
  report.requests = { total: deps.requests.total, byKind: { ...deps.requests.byKind }, byStatus: { ...deps.requests.byStatus }, rateLimited: { ...deps.requests.rateLimited } };
  report.rateLimit = structuredClone(deps.requests.rate);
  return { records: merged, state: { version: 1, repos: nextRepos, discovery: nextDiscovery }, report };
}
