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

/** Path -> JSON text of every status file. */
export function renderStatus(input: StatusInput): Map<string, string> {
  const { dataset, state, lastCrawl } = input;
  const fallbackTime = lastCrawl?.summary.finishedAt ?? dataset.meta.generatedAt;
  const entries = new Map<string, BuiltIndexStatus>();
  // Nothing served: no commit to name.
  const unserved = { indexedCommit: null, indexedAt: null };
  const put = (owner: string, repo: string, value: Omit<BuiltIndexStatus, "owner" | "repo">) =>
    entries.set(skillKey(owner, repo), { owner, repo, ...value });
  const crawledAt = (id: string) => state.repos[id]?.crawledAt ?? fallbackTime;

  // Skipped repositories first, so a listed record with the same name wins.
  for (const [id, repo] of Object.entries(state.repos)) {
    if (repo.skip !== undefined)
      put(repo.owner, repo.repo, {
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
    put(owner, repo, {
      state: "failed",
      listed: false,
      reason: f.reason,
      rule: null,
      lastCrawledAt: lastCrawl!.summary.finishedAt,
      ...unserved,
    });
  }
  for (const r of dataset.records) {
    const reason = failed.get(skillKey(r.owner, r.repo));
    const malicious = input.excluded?.get(skillKey(r.owner, r.repo));
    const served = { indexedCommit: r.headSha, indexedAt: state.repos[r.id]?.indexedAt ?? null };
    // A malicious skill is still served at its own address (with its findings), but listed nowhere.
    const value = malicious
      ? {
          state: "excluded" as const,
          listed: true,
          reason: `The trust scanner judged it malicious, so lists, search and categories leave it out: ${malicious} ${REVIEW_HOW}`,
          rule: null,
          lastCrawledAt: crawledAt(r.id),
          ...served,
        }
      : reason
        ? {
            state: "failed" as const,
            listed: true,
            reason: `${reason} (the previous record is still served)`,
            rule: null,
            lastCrawledAt: lastCrawl!.summary.finishedAt,
            ...served,
          }
        : { state: "indexed" as const, listed: true, reason: null, rule: null, lastCrawledAt: crawledAt(r.id), ...served };
    put(r.owner, r.repo, value);
    // An old name answers for the repository it now points to, unless something else holds it.
    for (const alias of r.aliases)
      if (!entries.has(alias.toLowerCase())) entries.set(alias.toLowerCase(), { owner: r.owner, repo: r.repo, ...value });
  }

  const shards = shardCountFor(entries.size, ENTRIES_PER_SHARD);
  const files = new Map<string, string>();
  const byShard = new Map<number, Record<string, BuiltIndexStatus>>();
  const check = entryCheck();
  for (const key of [...entries.keys()].sort()) {
    const n = shardOf(key, shards);
    const shard = byShard.get(n) ?? {};
    shard[key] = check(key, entries.get(key)!);
    byShard.set(n, shard);
  }
  // Each entry was checked against the schema and made with its keys in order, and the shard's keys
  // are sorted: JSON.stringify gives what stableStringify of the parsed shard gives, without the
  // whole shard parsed and copied twice (at 100k skills, seconds of every build).
  for (let n = 0; n < shards; n++) files.set(indexStatusFile(n), `${JSON.stringify(byShard.get(n) ?? {})}\n`);
  files.set(INDEX_STATUS_RULES_FILE, json(IndexStatusRules.parse({ shards, exclude: [...input.exclude] })));
  files.set(
    STATUS_FILE,
    json(
      Status.parse({
        apiVersion: API_VERSION,
        datasetGeneratedAt: dataset.meta.generatedAt,
        builtAt: input.builtAt,
        counts: {
          skills: dataset.records.length,
          aliases: input.counts.aliases,
          files: input.counts.files,
          categories: dataset.categories.categories.length,
          repositoriesKnown: new Set([...entries.values()].map((e) => skillKey(e.owner, e.repo))).size,
        },
        lastCrawl: lastCrawl?.summary ?? null,
        demo: dataset.meta.demo === true,
        demoNotice: dataset.meta.demo === true ? DEMO_NOTICE : null,
      }),
    ),
  );
  return files;
}

const json = (value: unknown) => `${stableStringify(value)}\n`;

/**
 * Checks one entry against BuiltIndexStatus field by field, with the schema's own field schemas
 * (the times, which repeat across entries, each checked once), and gives it with its keys in sorted
 * order; throws the schema's error for a bad one. The same check as the schema's parse of the shard,
 * without its copy of every entry.
 */
function entryCheck(): (key: string, entry: BuiltIndexStatus) => BuiltIndexStatus {
  const { shape } = BuiltIndexStatus;
  const times = new Map<string | null, boolean>();
  const time = (v: string | null) => {
    let ok = times.get(v);
    if (ok === undefined) times.set(v, (ok = shape.lastCrawledAt.safeParse(v).success));
    return ok;
  };
  return (key, e) => {
    const ok =
      Object.keys(e).length === 9 &&
      typeof e.owner === "string" &&
      typeof e.repo === "string" &&
      shape.state.safeParse(e.state).success &&
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
