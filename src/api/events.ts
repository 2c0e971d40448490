// GET /events: the changes feed, oldest first, strictly after `since`, optionally of one type.
// A page reads the index, at most one id shard and a few chunks; a filtered page scans a bounded
// number of chunks and may hold fewer than `limit` events while `meta.next` still points further.

import { invalidParams } from "../contract/errors.js";
import { chunkOf, EventChunk, EventIdShard, EventsIndex, idShardOf } from "../contract/events.js";
import { EVENTS_INDEX_FILE, eventChunkFile, eventIdShardFile } from "../contract/paths.js";
import { eventsQuery, type LoggedEvent, type SkillEvent } from "../schemas/events.js";
import { parseQuery } from "./query.js";
import type { HandlerResult, RequestScope } from "./scope.js";

export const EVENTS_PARAMS = ["since", "limit", "type"] as const;
/** Chunks one filtered page may scan (500 events each) before answering with what it found. */
export const SCAN_CHUNKS = 8;

export async function eventFeed(scope: RequestScope): Promise<HandlerResult> {
  const q = parseQuery(scope.url, eventsQuery, EVENTS_PARAMS);
  const index = await scope.store.json(EVENTS_INDEX_FILE, EventsIndex);
  let start = index.first ?? 0;
  if (q.since !== undefined) {
    const shard = index.count > 0 ? await scope.store.json(eventIdShardFile(idShardOf(q.since, index.idShards)), EventIdShard) : {};
    const seq = Object.hasOwn(shard, q.since) ? shard[q.since] : undefined;
    if (typeof seq !== "number") {
      throw invalidParams(
        `\`since\` names an unknown or pruned event (${q.since}); events are kept for a limited time, so list the skills again (GET /skills) and read the feed from its start without \`since\``,
      );
    }
    start = seq + 1;
  }

  const data: SkillEvent[] = [];
  let lastSeen: LoggedEvent | undefined;
  let scanned = 0;
  const from = index.chunks.findIndex((n) => n >= chunkOf(start));
  for (let i = from < 0 ? index.chunks.length : from; i < index.chunks.length; i++) {
    if (scanned === SCAN_CHUNKS || data.length === q.limit) break;
    const chunk = await scope.store.json(eventChunkFile(index.chunks[i]!), EventChunk);
    scanned++;
    // Validated once per isolate when the chunk was loaded (the store caches the parsed file).
    for (const item of chunk) {
      if (item.seq < start) continue;
      if (data.length === q.limit) break;
      lastSeen = item;
      if (q.type === undefined || item.event.type === q.type) data.push(item.event);
    }
  }
  // A cursor is any event id: the last event this page looked at, when the feed goes on after it.
  const next = lastSeen !== undefined && index.last !== null && lastSeen.seq < index.last ? lastSeen.event.id : null;
  return { body: { data, meta: { next } }, cache: "data" };
}
