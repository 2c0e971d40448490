// The re-index queue in Workers KV (binding KV), shared by the function that fills it (POST
// /index-status/{owner}/{repo}/refresh, src/api/refresh.ts) and `npm run rebuild -- --queued`, which
// lists it, crawls what it holds and deletes what it handled (src/node/rebuild/refresh-queue.ts).
// One key per repository, so a request is a single write to its own key and two callers never
// write the same key in the same second (Workers KV allows one write per second to a key:
// https://developers.cloudflare.com/kv/platform/limits/). The entry rides in the key's metadata
// too, so one listing gives the whole queue without a read per key.
import { skillKey } from "./key.js";

/** Every queue entry's key starts so; the rest is the lower-cased owner/repo. */
export const REFRESH_QUEUE_PREFIX = "refresh:queue:";
/** A repository accepted lately: its key lives REFRESH_REPOSITORY_SECONDS and refuses another request meanwhile. */
export const REFRESH_RECENT_PREFIX = "refresh:recent:";

export const refreshQueueKey = (owner: string, repo: string): string => `${REFRESH_QUEUE_PREFIX}${skillKey(owner, repo)}`;
export const refreshRecentKey = (owner: string, repo: string): string => `${REFRESH_RECENT_PREFIX}${skillKey(owner, repo)}`;

/** How many repositories may wait at once: one KV listing (at most 1,000 keys) reads them all. */
export const REFRESH_QUEUE_LIMIT = 500;
/** Refresh requests (well-formed names) per client address (IPv4 address, IPv6 /64) per clock hour. */
export const REFRESH_PER_ADDRESS_PER_HOUR = 10;
/** After a repository's request is accepted, another for it is refused for this long. */
export const REFRESH_REPOSITORY_SECONDS = 600;
/** An entry no run has handled is dropped after this long, so an unattended queue empties itself. */
export const REFRESH_ENTRY_TTL_SECONDS = 7 * 24 * 3600;
/** What a refused request is told to wait when the queue is full: one run of the schedule. */
export const REFRESH_RUN_EVERY_SECONDS = 15 * 60;
