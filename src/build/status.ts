// The files behind GET /status and GET /index-status/{owner}/{repo}, made at build time from the
// dataset, the crawl state, the last crawl's summary and the exclusion rules: one status file and
// shards of per-repository answers keyed like the skill shards (lower-cased owner/repo).
import { DEMO_NOTICE } from "../contract/demo-data.js";
import { skillKey } from "../contract/key.js";
import { INDEX_STATUS_RULES_FILE, indexStatusFile, STATUS_FILE } from "../contract/paths.js";
import { shardCountFor, shardOf } from "../contract/shard.js";
import { IndexStatusRules, IndexStatusShard } from "../contract/status.js";
import type { CrawlState } from "../dataset/crawl-state.js";
import type { Dataset } from "../dataset/files.js";
import { stableStringify } from "../dataset/json.js";
import type { LastCrawl } from "../dataset/last-crawl.js";
import { API_VERSION, BuiltIndexStatus, Status } from "../schemas/status.js";

const ENTRIES_PER_SHARD = 2048;

export interface StatusInput {
  dataset: Pick<Dataset, "records" | "categories" | "meta">;
  state: CrawlState;
  lastCrawl: LastCrawl | null;
  exclude: readonly string[];
  counts: { aliases: number; files: number };
  /** Malicious skills by key, with why they are excluded (src/build/scan-record.ts exclusionWhy). */
  excluded?: ReadonlyMap<string, string>;
  builtAt: string;
}

/** How the author of an excluded skill asks for a review (docs/API.md "Trust and files"). */
export const REVIEW_HOW =
  "If this is wrong, open an issue on the directory's repository asking for a review, naming the repository and the commit; a maintainer's review (data/trust-reviews.jsonl) holds while the reviewed files are unchanged, and every new commit is scanned afresh.";

/**
 * Every status file, path and JSON text, one at a time: the index-status shards in order, then the
 * rules and /status. A shard's entries are made when it is written, from the records that hash to it,
 * so no more than one shard's entries are held at once (at 1M skills the whole map of entries was
 * about a gigabyte of heap and half a minute of a build).
 *
 * Which entry answers for a name: a record over a failed crawl of it (the record is served, marked
 * failed) over a skipped repository of that name; an old name (alias) only where no record, failed or
 * skipped repository has the name, and then the first record, in the dataset's order, that claims it.
 */
export function* renderStatus(input: StatusInput): Generator<[path: string, text: string]> {
  const { dataset, state, lastCrawl } = input;
  const { records } = dataset;
  const fallbackTime = lastCrawl?.summary.finishedAt ?? dataset.meta.generatedAt;
  // Nothing served: no commit to name.
  const unserved = { indexedCommit: null, indexedAt: null };
  const crawledAt = (id: string) => state.repos[id]?.crawledAt ?? fallbackTime;

  // The records' keys, in key order (the build's records are in it already).
  const keys = records.map((r) => skillKey(r.owner, r.repo));
  const order = Uint32Array.from(keys.keys());
  if (keys.some((k, i) => i > 0 && k < keys[i - 1]!)) order.sort((x, y) => (keys[x]! < keys[y]! ? -1 : keys[x]! > keys[y]! ? 1 : x - y));
  const isRecord = (key: string) => {
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keys[order[mid]!]! < key) lo = mid + 1;
      else hi = mid;
    }
    return lo < order.length && keys[order[lo]!] === key;
  };

  // The names no record holds: skipped repositories, then failed crawls over them.
  const others = new Map<string, BuiltIndexStatus>();
  for (const [id, repo] of Object.entries(state.repos)) {
    if (repo.skip !== undefined)
      others.set(skillKey(repo.owner, repo.repo), {
        owner: repo.owner,
        repo: repo.repo,
        state: "excluded",
        listed: false,
        reason: repo.skip,
        rule: null,
        lastCrawledAt: crawledAt(id),
        ...unserved,
      });
  }
  const failed = new Map<string, string>();
  for (const f of lastCrawl?.failed ?? []) {
    const [owner, repo] = f.key.split("/");
    if (!owner || !repo) continue; // a repository GitHub never named (only its id is known)
    failed.set(f.key.toLowerCase(), f.reason);
    others.set(skillKey(owner, repo), {
      owner,
      repo,
      state: "failed",
      listed: false,
      reason: f.reason,
      rule: null,
      lastCrawledAt: lastCrawl!.summary.finishedAt,
      ...unserved,
    });
  }
  for (const key of others.keys()) if (isRecord(key)) others.delete(key);
  const recordNames = distinct(order, keys);

  const entryOf = (i: number): BuiltIndexStatus => {
    const r = records[i]!;
    const key = keys[i]!;
    const reason = failed.get(key);
    const malicious = input.excluded?.get(key);
    const indexedAt = state.repos[r.id]?.indexedAt ?? null;
    // A malicious skill is still served at its own address (with its findings), but listed nowhere.
    const [status, why, lastCrawledAt]: [BuiltIndexStatus["state"], string | null, string] = malicious
      ? [
          "excluded",
          `The trust scanner judged it malicious, so lists, search and categories leave it out: ${malicious} ${REVIEW_HOW}`,
          crawledAt(r.id),
        ]
      : reason
        ? ["failed", `${reason} (the previous record is still served)`, lastCrawl!.summary.finishedAt]
        : ["indexed", null, crawledAt(r.id)];
    return {
      owner: r.owner,
      repo: r.repo,
      state: status,
      listed: true,
      reason: why,
      rule: null,
      lastCrawledAt,
      indexedCommit: r.headSha,
      indexedAt,
    };
  };
  // An old name answers for the repository it now points to, unless something else holds it.
  const aliases = new Map<string, number>();
  records.forEach((r, i) => {
    for (const alias of r.aliases) {
      const key = alias.toLowerCase();
      if (!aliases.has(key) && !others.has(key) && !isRecord(key)) aliases.set(key, i);
    }
  });

  const shards = shardCountFor(recordNames + others.size + aliases.size, ENTRIES_PER_SHARD);
  // Each shard's records (in key order) and other names.
  const start = new Uint32Array(shards + 1);
  const shardOfRecord = Uint32Array.from(keys, (k) => shardOf(k, shards));
  for (const n of shardOfRecord) start[n + 1] = start[n + 1]! + 1;
  for (let n = 0; n < shards; n++) start[n + 1] = start[n + 1]! + start[n]!;
  const members = new Uint32Array(records.length);
  const filled = start.slice(0, shards);
  for (const i of order) {
    const n = shardOfRecord[i]!;
    members[filled[n]!] = i;
    filled[n] = filled[n]! + 1;
  }
  const extra = new Map<number, [string, () => BuiltIndexStatus][]>();
  const addExtra = (key: string, entry: () => BuiltIndexStatus) => {
    const n = shardOf(key, shards);
    const list = extra.get(n) ?? [];
    list.push([key, entry]);
    extra.set(n, list);
  };
  for (const [key, entry] of others) addExtra(key, () => entry);
  for (const [key, i] of aliases) addExtra(key, () => entryOf(i));

  const check = entryCheck();
  for (let n = 0; n < shards; n++) {
    const rest = (extra.get(n) ?? []).sort(([a], [b]) => (a < b ? -1 : 1));
    const shard: Record<string, BuiltIndexStatus> = {};
    let e = 0;
    for (let m = start[n]!; m < start[n + 1]!; m++) {
      const i = members[m]!;
      for (; e < rest.length && rest[e]![0] < keys[i]!; e++) shard[rest[e]![0]] = check(rest[e]![0], rest[e]![1]());
      shard[keys[i]!] = check(keys[i]!, entryOf(i));
    }
    for (; e < rest.length; e++) shard[rest[e]![0]] = check(rest[e]![0], rest[e]![1]());
    // Each entry was checked against the schema and made with its keys in order, and the shard's keys
    // are sorted: JSON.stringify gives what stableStringify of the parsed shard gives, without the
    // whole shard parsed and copied twice (at 100k skills, seconds of every build).
    yield [indexStatusFile(n), `${JSON.stringify(shard)}\n`];
  }
  yield [INDEX_STATUS_RULES_FILE, json(IndexStatusRules.parse({ shards, exclude: [...input.exclude] }))];
  yield [
    STATUS_FILE,
    json(
      Status.parse({
        apiVersion: API_VERSION,
        datasetGeneratedAt: dataset.meta.generatedAt,
        builtAt: input.builtAt,
        counts: {
          skills: records.length,
          aliases: input.counts.aliases,
          files: input.counts.files,
          categories: dataset.categories.categories.length,
          // Every name answers for a record's repository or for one no record holds (old names point at records).
          repositoriesKnown: recordNames + others.size,
        },
        lastCrawl: lastCrawl?.summary ?? null,
        demo: dataset.meta.demo === true,
        demoNotice: dataset.meta.demo === true ? DEMO_NOTICE : null,
      }),
    ),
  ];
}

/** How many distinct keys `keys` holds, read in `order` (sorted). */
function distinct(order: Uint32Array, keys: readonly string[]): number {
  let n = 0;
  for (let m = 0; m < order.length; m++) if (m === 0 || keys[order[m]!] !== keys[order[m - 1]!]) n++;
  return n;
}

const json = (value: unknown) => `${stableStringify(value)}\n`;

/**
 * Checks one entry against BuiltIndexStatus field by field, with the schema's own field schemas
 * (the times and states, which repeat across entries, each checked once), and gives it with its keys in sorted
 * order; throws the schema's error for a bad one. The same check as the schema's parse of the shard,
 * without its copy of every entry.
 */
function entryCheck(): (key: string, entry: BuiltIndexStatus) => BuiltIndexStatus {
  const { shape } = BuiltIndexStatus;
  // The times and states repeat across entries: each checked once.
  const known = new Map<string | null, boolean>();
  const time = (v: string | null) => {
    let ok = known.get(v);
    if (ok === undefined) known.set(v, (ok = shape.lastCrawledAt.safeParse(v).success));
    return ok;
  };
  const states = new Map<unknown, boolean>();
  const stateOk = (v: unknown) => {
    let ok = states.get(v);
    if (ok === undefined) states.set(v, (ok = shape.state.safeParse(v).success));
    return ok;
  };
  return (key, e) => {
    const ok =
      Object.keys(e).length === 9 &&
      typeof e.owner === "string" &&
      typeof e.repo === "string" &&
      stateOk(e.state) &&
      typeof e.listed === "boolean" &&
      (e.reason === null || typeof e.reason === "string") &&
      (e.rule === null || typeof e.rule === "string") &&
      time(e.lastCrawledAt) &&
      time(e.indexedAt) &&
      shape.indexedCommit.safeParse(e.indexedCommit).success;
    if (!ok) IndexStatusShard.parse({ [key]: e });
    return {
      indexedAt: e.indexedAt,
      indexedCommit: e.indexedCommit,
      lastCrawledAt: e.lastCrawledAt,
      listed: e.listed,
      owner: e.owner,
      reason: e.reason,
      repo: e.repo,
      rule: e.rule,
      state: e.state,
    };
  };
}
