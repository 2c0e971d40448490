// Discovery and facts: which repositories this crawl looks at (previous dataset and state, the
// curated list, topic searches, code search when due) and their facts from GitHub, in GraphQL
// batches: known repositories by node id, new ones by name, topic searches riding along.
import type { Octokit } from "@octokit/rest";
import { isoSeconds as iso } from "../contract/iso-time.js";
import { skillKey } from "../contract/key.js";
import type { CrawlState } from "../dataset/crawl-state.js";
import type { SkillRecord, SourcesFile } from "../schemas/dataset.js";
import { searchCode } from "./code-search.js";
import { fetchFacts, NAMES_PER_QUERY, NODES_PER_QUERY, type SearchPage, type SearchRequest } from "./facts.js";
import type { RepoFacts } from "./github-schemas.js";
import type { ProgressSink } from "./progress.js";
import type { CrawlReport } from "./report.js";
import { isExcluded } from "./sources.js";

export interface DiscoveryInput {
  previous: readonly SkillRecord[];
  state: CrawlState;
  sources: SourcesFile;
  full: boolean;
  now: Date;
  /** Look only at these repositories (owner/repo): no topic or code search, no other known repository. */
  only?: readonly string[];
}

export interface Discovery {
  /** Facts by repository id. */
  facts: Map<string, RepoFacts>;
  /** Known repositories GitHub no longer resolves, with the reason. */
  missing: Map<string, string>;
  /** Repositories whose facts could not be had this time, with the reason. */
  failed: Map<string, string>;
  /** Names that are not (or not yet) repositories, with the reason. */
  unresolved: { key: string; reason: string }[];
  next: CrawlState["discovery"];
  report: CrawlReport["discovery"];
}

const chunk = <T>(xs: readonly T[], n: number): T[][] =>
  Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));
const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const TOPIC_EPOCH = "2008-01-01";
const SEARCHES_PER_QUERY = 10;

/** Splits a YYYY-MM-DD range in two halves, or undefined when it is one day. */
export function halves(lo: string, hi: string): [[string, string], [string, string]] | undefined {
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

export async function discover(octokit: Octokit, progress: ProgressSink, input: DiscoveryInput): Promise<Discovery> {
  const { previous, state, sources, full, now } = input;
  const only = input.only?.length ? input.only : undefined;
  const day = iso(now).slice(0, 10);
  const prevById = new Map(previous.map((r) => [r.id, r]));
  const nameToId = new Map<string, string>();
  for (const r of previous) {
    nameToId.set(skillKey(r.owner, r.repo), r.id);
    for (const a of r.aliases) if (!nameToId.has(a.toLowerCase())) nameToId.set(a.toLowerCase(), r.id);
  }
  for (const [id, s] of Object.entries(state.repos))
    if (!nameToId.has(skillKey(s.owner, s.repo))) nameToId.set(skillKey(s.owner, s.repo), id);
  const nodeIdOf = new Map<string, string>(Object.entries(state.repos).map(([id, s]) => [id, s.nodeId]));
  const report: CrawlReport["discovery"] = {
    curated: (only ?? sources.repos).length,
    topics: { since: null, repositories: 0, failed: [] },
    codeSearch: { ran: false, note: "", repositories: 0, pages: 0, notModified: 0, capped: [] },
    excluded: 0,
  };
  const next: CrawlState["discovery"] = { ...state.discovery, pages: { ...state.discovery.pages } };
  const candidateIds = only
    ? new Set(only.flatMap((name) => nameToId.get(name.toLowerCase()) ?? []))
    : new Set<string>([...prevById.keys(), ...Object.keys(state.repos)]);

  // Code search has no date filter, so it runs in full on its own schedule.
  const cs = sources.codeSearch;
  const last = state.discovery.codeSearchAt ? Date.parse(state.discovery.codeSearchAt) : undefined;
  const due = !only && cs.enabled && (full || last === undefined || now.getTime() - last >= cs.everyHours * 3_600_000);
  if (only) report.codeSearch.note = "not run: only named repositories were crawled";
  else if (!cs.enabled) report.codeSearch.note = "disabled in sources.json";
  else if (!due) report.codeSearch.note = `not due: last ran ${state.discovery.codeSearchAt}, runs every ${cs.everyHours}h`;
  else {
    progress.note(`code search: ${cs.query}, sizes ${cs.minSize}..${cs.maxSize}`);
    const res = await searchCode(octokit, cs, full ? {} : state.discovery.pages);
    report.codeSearch = {
      ran: true,
      note: res.failed.length ? `${res.failed.length} pages failed: ${res.failed[0]!.reason}` : "complete",
      repositories: res.repos.size,
      pages: res.requests,
      notModified: res.notModified,
      capped: res.capped,
    };
    Object.assign(next.pages, res.pages);
    if (res.failed.length === 0) next.codeSearchAt = iso(now);
    for (const hit of res.repos.values()) {
      if (isExcluded(hit.name, sources.exclude)) continue;
      candidateIds.add(hit.id);
      if (!nodeIdOf.has(hit.id)) nodeIdOf.set(hit.id, hit.nodeId);
      if (!nameToId.has(hit.name.toLowerCase())) nameToId.set(hit.name.toLowerCase(), hit.id);
    }
  }

  // Known repositories by node id (stable across renames); the others by name.
  const ids = [...candidateIds].filter((id) => nodeIdOf.has(id)).sort(byKey);
  const names = new Set<string>();
  for (const id of candidateIds) {
    const r = prevById.get(id);
    if (!nodeIdOf.has(id) && r) names.add(`${r.owner}/${r.repo}`);
  }
  for (const name of only ?? sources.repos) {
    if (isExcluded(name, sources.exclude)) continue;
    const id = nameToId.get(name.toLowerCase());
    if (id === undefined || !nodeIdOf.has(id)) names.add(name);
  }

  // Topic searches: incremental after the first run; split by creation date past 1,000 results.
  const since = !full && state.discovery.topicsAt ? iso(new Date(Date.parse(state.discovery.topicsAt) - 86_400_000)).slice(0, 10) : null;
  report.topics.since = since;
  const ranges = new Map<string, { topic: string; lo: string; hi: string }>();
  const topicQuery = (topic: string, range?: { lo: string; hi: string }) =>
    `topic:${topic}${since ? ` pushed:>=${since}` : ""}${range ? ` created:${range.lo}..${range.hi}` : ""}`;
  const pending: SearchRequest[] = (only ? [] : sources.topics).map((t) => {
    ranges.set(t, { topic: t, lo: TOPIC_EPOCH, hi: day });
    return { key: t, query: topicQuery(t), after: null };
  });

  const facts = new Map<string, RepoFacts>();
  const idOfNode = new Map(ids.map((id) => [nodeIdOf.get(id)!, id]));
  const missing = new Map<string, string>();
  const failed = new Map<string, string>();
  const unresolved: { key: string; reason: string }[] = [];
  const topicFound = new Set<string>();
  const onSearch = (page: SearchPage, req: SearchRequest) => {
    for (const f of page.facts) {
      topicFound.add(f.id);
      if (!facts.has(f.id)) facts.set(f.id, f);
    }
    const range = ranges.get(req.key);
    const split = page.total > 1000 && req.after === null && range ? halves(range.lo, range.hi) : undefined;
    if (split && range) {
      for (const [lo, hi] of split) {
        const key = `${range.topic}|${lo}|${hi}`;
        ranges.set(key, { topic: range.topic, lo, hi });
        pending.push({ key, query: topicQuery(range.topic, { lo, hi }), after: null });
      }
    } else if (page.next) pending.push({ key: req.key, query: req.query, after: page.next });
  };

  const idChunks = chunk(
    ids.map((id) => nodeIdOf.get(id)!),
    NODES_PER_QUERY,
  );
  const nameChunks = chunk([...names].sort(byKey), NAMES_PER_QUERY);
  const rounds = Math.max(idChunks.length, nameChunks.length, pending.length ? 1 : 0);
  progress.start("facts", rounds);
  for (let i = 0; i < rounds || pending.length > 0; i++) {
    const searches = pending.splice(0, SEARCHES_PER_QUERY);
    const res = await fetchFacts(octokit, { ids: idChunks[i] ?? [], names: nameChunks[i] ?? [], searches });
    for (const f of res.byNodeId.values()) facts.set(f.id, f);
    for (const [name, f] of res.byName) {
      facts.set(f.id, f);
      nameToId.set(name, f.id);
    }
    for (const nodeId of res.missingIds)
      missing.set(idOfNode.get(nodeId)!, "GitHub no longer resolves the repository (deleted, private or blocked)");
    for (const name of res.missingNames) {
      const id = nameToId.get(name.toLowerCase());
      if (id && prevById.has(id)) missing.set(id, `GitHub answers not found for ${name}`);
      else unresolved.push({ key: name, reason: "not found on GitHub" });
    }
    for (const f of res.failed) {
      const id = idOfNode.get(f.key) ?? nameToId.get(f.key.toLowerCase());
      if (id) failed.set(id, `facts: ${f.reason}`);
      else unresolved.push({ key: f.key, reason: `facts: ${f.reason}` });
    }
    for (const s of res.failedSearches) report.topics.failed.push({ key: s.key, reason: s.reason });
    for (const page of res.searches) onSearch(page, searches.find((s) => s.key === page.key)!);
    if (i < rounds) progress.tick();
  }
  progress.done();
  report.topics.repositories = topicFound.size;
  if (!only && report.topics.failed.length === 0) next.topicsAt = iso(now);
  return { facts, missing, failed, unresolved, next, report };
}
