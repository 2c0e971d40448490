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
import type { LastCrawl } from "../dataset/last-crawl.js";
import { API_VERSION, type BuiltIndexStatus, Status } from "../schemas/status.js";

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

/** Path -> value of every status file. */
export function renderStatus(input: StatusInput): Map<string, unknown> {
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
  const files = new Map<string, unknown>();
  const byShard = new Map<number, Record<string, BuiltIndexStatus>>();
  for (const key of [...entries.keys()].sort()) {
    const n = shardOf(key, shards);
    const shard = byShard.get(n) ?? {};
    shard[key] = entries.get(key)!;
    byShard.set(n, shard);
  }
  for (let n = 0; n < shards; n++) files.set(indexStatusFile(n), IndexStatusShard.parse(byShard.get(n) ?? {}));
  files.set(INDEX_STATUS_RULES_FILE, IndexStatusRules.parse({ shards, exclude: [...input.exclude] }));
  files.set(
    STATUS_FILE,
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
  );
  return files;
}
