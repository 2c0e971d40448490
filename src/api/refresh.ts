// POST /index-status/{owner}/{repo}/refresh: queues a repository for the next re-index run
// (`npm run rebuild -- --queued`, every 15 minutes in rebuild.yml). The function never calls
// GitHub: it checks that the name can be a GitHub repository, that sources.json does not exclude
// it, and the limits, then writes one KV key. docs/API.md "Asking for a re-index" documents the
// answers and limits; src/contract/refresh-queue.ts the keys.
//
// Limits: every request has already been charged to the caller's hourly budget (handle.ts); a
// well-formed one also spends one of REFRESH_PER_ADDRESS_PER_HOUR for its address, counted with the
// rate limiter's batched KV counters (rate-limit/counters.ts, at most one write a second per key,
// as Workers KV allows), and a repository accepted once is refused for REFRESH_REPOSITORY_SECONDS.
// A repository already queued gets the same answer again (its `since` unchanged) and queues
// nothing. KV is eventually consistent across locations (a write may take up to a minute to be
// seen elsewhere), so the limits are exact within one location and close elsewhere.
import { ApiError, invalidParams } from "../contract/errors.js";
import { exclusionRule } from "../contract/exclusion.js";
import { isoSeconds } from "../contract/iso-time.js";
import { INDEX_STATUS_RULES_FILE } from "../contract/paths.js";
import {
  REFRESH_ENTRY_TTL_SECONDS,
  REFRESH_PER_ADDRESS_PER_HOUR,
  REFRESH_QUEUE_LIMIT,
  REFRESH_QUEUE_PREFIX,
  REFRESH_REPOSITORY_SECONDS,
  REFRESH_RUN_EVERY_SECONDS,
  refreshQueueKey,
  refreshRecentKey,
} from "../contract/refresh-queue.js";
import { IndexStatusRules } from "../contract/status.js";
import { RefreshEntry, type RefreshQueued, type RefreshState, repositoryNameProblem } from "../schemas/refresh.js";
import type { ApiContext, KVListing, KVNamespaceLike } from "./env.js";
import { addressBucket } from "./rate-limit/address.js";
import { requestTime } from "./rate-limit/clock.js";
import type { CounterStore } from "./rate-limit/counters.js";
import { counterTtlSeconds, retryAfterSeconds, windowAt } from "./rate-limit/window.js";
import type { AssetStore } from "./store.js";

/** The path segments of the refresh route: `index-status/{owner}/{repo}/refresh`; the names, or undefined. */
export function refreshTarget(segments: readonly string[]): { owner: string; repo: string } | undefined {
  const [head, owner, repo, tail, ...more] = segments;
  if (head !== "index-status" || tail !== "refresh" || more.length > 0 || owner === undefined || repo === undefined) return undefined;
  return { owner, repo };
}

export interface RefreshDeps {
  ctx: ApiContext;
  store: AssetStore;
  /** Per-address refresh counters, kept for the isolate's life like the limiter's. */
  counters: CounterStore;
  /** Wall-clock milliseconds. */
  now: () => number;
}

type Listed = KVListing["keys"][number];

/** The whole queue: at most REFRESH_QUEUE_LIMIT keys, so one page of a listing (KV pages hold up to 1,000) covers it. */
async function listQueue(kv: KVNamespaceLike): Promise<Listed[]> {
  if (!kv.list) throw new Error("the KV binding cannot list keys");
  const keys: Listed[] = [];
  let cursor: string | undefined;
  do {
    const page = await kv.list({ prefix: REFRESH_QUEUE_PREFIX, limit: 1000, ...(cursor ? { cursor } : {}) });
    keys.push(...page.keys);
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor && keys.length <= REFRESH_QUEUE_LIMIT);
  return keys;
}

const parseEntry = (text: string | null): RefreshEntry | undefined => {
  if (text === null) return undefined;
  try {
    const parsed = RefreshEntry.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
};

/** The queue state to answer with: `entry`'s place among the listed entries, oldest first. */
function queued(entry: RefreshEntry, listed: readonly Listed[]): RefreshQueued {
  const own = refreshQueueKey(entry.owner, entry.repo);
  // A listing may lag behind a write made elsewhere a moment ago (KV's eventual consistency): the
  // entry counts itself whether or not the listing shows it yet.
  const others = listed.filter((k) => k.name !== own);
  const ahead = others.filter((k) => {
    const e = RefreshEntry.safeParse(k.metadata);
    return e.success && (e.data.since < entry.since || (e.data.since === entry.since && k.name < own));
  }).length;
  return {
    owner: entry.owner,
    repo: entry.repo,
    queued: true,
    since: entry.since,
    position: ahead + 1,
    queueSize: others.length + 1,
    queueLimit: REFRESH_QUEUE_LIMIT,
  };
}

export async function requestRefresh(deps: RefreshDeps, owner: string, repo: string): Promise<RefreshQueued> {
  const problem = repositoryNameProblem(owner, repo);
  if (problem) throw invalidParams(`${problem} (got ${JSON.stringify(`${owner}/${repo}`.slice(0, 120))})`);
  const { ctx, store } = deps;
  const rules = await store.json(INDEX_STATUS_RULES_FILE, IndexStatusRules);
  const rule = exclusionRule(`${owner}/${repo}`, rules.exclude);
  if (rule) {
    throw invalidParams(
      `${owner}/${repo} is excluded from the directory by the pattern ${JSON.stringify(rule)} of its sources, so a re-index would not list it`,
    );
  }
  const kv = ctx.env.KV;
  // A deployment without KV has no queue: an operator's error, answered as one (500, logged).
  if (!kv?.list) throw new Error("POST refresh needs the KV binding (with list), and this deployment has none");

  const at = requestTime(ctx.request, ctx.env, deps.now);
  const window = windowAt(at);
  const address = addressBucket(ctx.request.headers.get("CF-Connecting-IP"));
  const reserved = await deps.counters.reserve({
    kv,
    name: `rl:refresh:${address}:${window.index}`,
    limit: REFRESH_PER_ADDRESS_PER_HOUR,
    windowEndMs: window.endMs,
    ttlSeconds: counterTtlSeconds(window, at),
    waitUntil: (p) => ctx.waitUntil(p),
  });
  if (!reserved.admitted) {
    const retry = retryAfterSeconds(window, at);
    throw new ApiError(
      "RATE_LIMITED",
      `too many re-index requests: at most ${REFRESH_PER_ADDRESS_PER_HOUR} an hour from one address; retry after ${retry} s`,
      { "Retry-After": String(retry) },
    );
  }

  const existing = parseEntry(await kv.get(refreshQueueKey(owner, repo)));
  if (existing) return queued(existing, await listQueue(kv));

  const recent = await kv.get(refreshRecentKey(owner, repo));
  if (recent !== null) {
    const acceptedAt = Date.parse(recent);
    const left = Number.isNaN(acceptedAt)
      ? REFRESH_REPOSITORY_SECONDS
      : Math.ceil((acceptedAt + REFRESH_REPOSITORY_SECONDS * 1000 - at) / 1000);
    const retry = Math.max(1, Math.min(REFRESH_REPOSITORY_SECONDS, left));
    throw new ApiError(
      "RATE_LIMITED",
      `${owner}/${repo} was queued for a re-index at ${recent} and the queue has handled it since; one request per repository every ${REFRESH_REPOSITORY_SECONDS / 60} minutes: retry after ${retry} s`,
      { "Retry-After": String(retry) },
    );
  }

  const listed = await listQueue(kv);
  if (listed.length >= REFRESH_QUEUE_LIMIT) {
    throw new ApiError(
      "QUEUE_FULL",
      `the re-index queue is full (${REFRESH_QUEUE_LIMIT} repositories wait for the next run); retry after ${REFRESH_RUN_EVERY_SECONDS} s, when the next run has emptied it`,
      { "Retry-After": String(REFRESH_RUN_EVERY_SECONDS) },
    );
  }
  const entry: RefreshEntry = { owner, repo, since: isoSeconds(at) };
  await kv.put(refreshQueueKey(owner, repo), JSON.stringify(entry), { metadata: entry, expirationTtl: REFRESH_ENTRY_TTL_SECONDS });
  await kv.put(refreshRecentKey(owner, repo), entry.since, { expirationTtl: REFRESH_REPOSITORY_SECONDS });
  return queued(entry, listed);
}

/** Whether `owner/repo` waits in the queue (GET /index-status); nothing is queued where KV is not bound. */
export async function refreshState(kv: KVNamespaceLike | undefined, owner: string, repo: string): Promise<RefreshState> {
  if (!kv) return { queued: false, since: null };
  let text: string | null;
  try {
    text = await kv.get(refreshQueueKey(owner, repo));
  } catch (error) {
    // The rest of the answer comes from the build's files: a KV outage must not take it down.
    console.warn(`index-status: reading the re-index queue failed (${String(error)}); answering as not queued`);
    text = null;
  }
  const entry = parseEntry(text);
  return entry ? { queued: true, since: entry.since } : { queued: false, since: null };
}
