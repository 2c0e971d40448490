// The events feed of the built site: the retained events of the dataset's log, in chunks by seq,
// with an index and an id -> seq lookup (format in src/contract/events.ts).
import { chunkOf, EventIdShard, EventsIndex, idShardCount, idShardOf } from "../contract/events.js";
import { EVENTS_INDEX_FILE, eventChunkFile, eventIdShardFile } from "../contract/paths.js";
import { stableStringify } from "../dataset/json.js";
import type { LoggedEvent } from "../schemas/events.js";
import type { OutputSink } from "./output.js";

const json = (value: unknown) => `${stableStringify(value)}\n`;

export async function renderEventFeed(log: readonly LoggedEvent[], sink: OutputSink): Promise<EventsIndex> {
  const chunks = new Map<number, LoggedEvent[]>();
  const idShards = idShardCount(log.length);
  // Every id shard is written, empty ones too, so any id the function hashes has a file to look in.
  const ids = new Map<number, Record<string, number>>(Array.from({ length: log.length > 0 ? idShards : 0 }, (_, n) => [n, {}]));
  // The log was checked against LoggedEvent as it was read (src/dataset/event-log.ts): at 100k
  // skills a second parse of every event cost seconds of a rebuild for one changed skill.
  for (const e of log) {
    const c = chunks.get(chunkOf(e.seq)) ?? [];
    c.push(e);
    chunks.set(chunkOf(e.seq), c);
    const s = idShardOf(e.event.id, idShards);
    const shard = ids.get(s) ?? {};
    shard[e.event.id] = e.seq;
    ids.set(s, shard);
  }
  for (const [n, events] of [...chunks].sort(([a], [b]) => a - b)) await sink.write(eventChunkFile(n), json(events));
  for (const [n, shard] of [...ids].sort(([a], [b]) => a - b)) await sink.write(eventIdShardFile(n), json(EventIdShard.parse(shard)));
  const index = EventsIndex.parse({
    count: log.length,
    first: log[0]?.seq ?? null,
    last: log.at(-1)?.seq ?? null,
    chunks: [...chunks.keys()].sort((a, b) => a - b),
    idShards,
  });
  await sink.write(EVENTS_INDEX_FILE, json(index));
  return index;
}
