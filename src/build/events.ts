// The events feed of the built site: the retained events of the dataset's log, in chunks by seq,
// with an index and an id -> seq lookup (format in src/contract/events.ts). The log is appended to,
// so an incremental build whose log starts with the bytes the previous build read (checked by their
// SHA-256) parses only the lines from the previous last chunk on: the chunks before it and the id
// shards no new event lands in are the previous build's files, kept. Anything else (a log pruned or
// edited, a bad line after the previous ones, another id shard count) renders the feed whole.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { chunkOf, EventIdShard, EventsIndex, idShardCount, idShardOf } from "../contract/events.js";
import { EVENTS_INDEX_FILE, eventChunkFile, eventIdShardFile } from "../contract/paths.js";
import { EVENT_FILES, readEventLog } from "../dataset/event-log.js";
import { stableStringify } from "../dataset/json.js";
import { parseJsonLines } from "../dataset/json-lines.js";
import type { EventsCache } from "../schemas/build-cache.js";
import { LoggedEvent } from "../schemas/events.js";
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

/** The previous build's feed (an incremental build): its record, and its files by path under the data folder. */
export interface PreviousFeed {
  record: EventsCache;
  /** Whether the build cache records the file. */
  has: (path: string) => boolean;
  /** Keeps the previous build's file as it is. */
  keep: (path: string) => Promise<void>;
  /** The previous build's file, checked against the hash the cache recorded; undefined if it is not that file. */
  read: (path: string) => Promise<Buffer | undefined>;
}

export interface FeedOutcome {
  index: EventsIndex;
  /** What the next build compares the log against. */
  record: EventsCache;
}

const isBlank = (bytes: Buffer, from: number, to: number) => bytes.toString("utf8", from, to).trim() === "";

/** Where the line of each of the last `n` events starts (events are the non-blank lines of bytes[0, end)), first to last. */
function lastLineStarts(bytes: Buffer, end: number, n: number): number[] {
  const starts: number[] = [];
  // `lineEnd` is the position of a line's "\n"; the line before it ends at the "\n" before that.
  for (let lineEnd = end - 1; starts.length < n && lineEnd >= 0; ) {
    const start = lineEnd === 0 ? 0 : bytes.lastIndexOf(10, lineEnd - 1) + 1;
    if (!isBlank(bytes, start, lineEnd)) starts.push(start);
    lineEnd = start - 1;
  }
  return starts.reverse();
}

/** The record of a feed whose events are `events` (from the complete lines of `bytes`, whose hash is `sha256`). */
function recordOf(bytes: Buffer, complete: number, sha256: string, events: readonly LoggedEvent[], index: EventsIndex): EventsCache {
  const last = events.at(-1);
  let inLast = 0;
  while (last && inLast < events.length && chunkOf(events[events.length - 1 - inLast]!.seq) === chunkOf(last.seq)) inLast++;
  const starts = lastLineStarts(bytes, complete, inLast);
  return {
    bytes: complete,
    sha256,
    count: events.length,
    first: index.first,
    last: index.last,
    chunks: index.chunks,
    idShards: index.idShards,
    tailAt: starts[0] ?? 0,
    tailCount: events.length - inLast,
  };
}

/** Writes the events feed of `dataDir`'s log into `sink`, patching the previous build's when it can. */
export async function writeEventFeed(
  dataDir: string,
  sink: OutputSink,
  previous: PreviousFeed | undefined,
  log: (line: string) => void,
): Promise<FeedOutcome> {
  const file = join(dataDir, EVENT_FILES.log);
  const bytes = existsSync(file) ? await readFile(file) : Buffer.alloc(0);
  // A last line without its "\n" is a torn write, which the log's reader leaves out too.
  const complete = bytes.lastIndexOf(10) + 1;
  if (previous) {
    const patched = await patchFeed(file, bytes, complete, sink, previous);
    if (typeof patched !== "string") {
      log(
        `rendering the events feed (${patched.index.count} events, ${patched.rendered} of them parsed: the rest is the previous build's)`,
      );
      return patched;
    }
    log(`  the events feed is rendered whole: ${patched}`);
  }
  const { events } = await readEventLog(dataDir);
  log(`rendering the events feed (${events.length} events)`);
  const index = await renderEventFeed(events, sink);
  const sha256 = createHash("sha256").update(bytes.subarray(0, complete)).digest("hex");
  return { index, record: recordOf(bytes, complete, sha256, events, index) };
}

/** The feed patched for the events appended since the previous build, or why it cannot be. */
async function patchFeed(
  file: string,
  bytes: Buffer,
  complete: number,
  sink: OutputSink,
  previous: PreviousFeed,
): Promise<(FeedOutcome & { rendered: number }) | string> {
  const before = previous.record;
  if (before.count === 0 || before.last === null) return "the previous feed was empty";
  if (complete < before.bytes) return "the log is shorter than the one the previous build read";
  const hash = createHash("sha256").update(bytes.subarray(0, before.bytes));
  if (hash.copy().digest("hex") !== before.sha256) return "the log was rewritten (pruned or edited) since the previous build";
  const sha256 = hash.update(bytes.subarray(before.bytes, complete)).digest("hex");

  // The lines from the previous last chunk on, each with where it starts; a bad one is reported by the whole read.
  const lines: string[] = [];
  const starts: number[] = [];
  for (let at = before.tailAt; at < complete; ) {
    const end = bytes.indexOf(10, at);
    if (!isBlank(bytes, at, end)) {
      lines.push(bytes.toString("utf8", at, end));
      starts.push(at);
    }
    at = end + 1;
  }
  const { rows: tail, problems } = parseJsonLines(lines, LoggedEvent, file);
  if (problems.length > 0) return "a line since the previous build's is not a valid event";
  if (tail.length === 0 || tail.some((e, i) => i > 0 && e.seq <= tail[i - 1]!.seq))
    return "the events since the previous build are not in seq order";
  const count = before.tailCount + tail.length;
  const idShards = idShardCount(count);
  if (idShards !== before.idShards) return "the id index has another shard count";

  const lastBefore = chunkOf(before.last);
  const keptChunks = before.chunks.filter((c) => c < lastBefore);
  const chunks = new Map<number, LoggedEvent[]>();
  for (const e of tail) {
    const list = chunks.get(chunkOf(e.seq)) ?? [];
    list.push(e);
    chunks.set(chunkOf(e.seq), list);
  }
  // Only the new events change the id shards (the previous last chunk's are in them already).
  const added = new Map<number, LoggedEvent[]>();
  for (const e of tail) {
    if (e.seq <= before.last) continue;
    const n = idShardOf(e.event.id, idShards);
    added.set(n, [...(added.get(n) ?? []), e]);
  }
  const keptShards = Array.from({ length: idShards }, (_, n) => n).filter((n) => !added.has(n));
  // Everything kept must be the previous build's, and every shard patched readable, before anything is written.
  for (const path of [...keptChunks.map(eventChunkFile), ...keptShards.map(eventIdShardFile)])
    if (!previous.has(path)) return `the build cache does not record ${path}`;
  const patchedShards = new Map<number, Record<string, number>>();
  for (const [n, events] of added) {
    const old = await previous.read(eventIdShardFile(n));
    if (!old) return `${eventIdShardFile(n)} is not the previous build's`;
    const parsed = EventIdShard.safeParse(JSON.parse(old.toString("utf8")));
    if (!parsed.success) return `${eventIdShardFile(n)} does not parse`;
    const shard = parsed.data;
    for (const e of events) shard[e.event.id] = e.seq;
    patchedShards.set(n, shard);
  }

  for (const c of keptChunks) await previous.keep(eventChunkFile(c));
  const fresh = [...chunks.keys()].sort((a, b) => a - b);
  for (const c of fresh) await sink.write(eventChunkFile(c), json(chunks.get(c)));
  for (let n = 0; n < idShards; n++) {
    const shard = patchedShards.get(n);
    if (shard) await sink.write(eventIdShardFile(n), json(EventIdShard.parse(shard)));
    else await previous.keep(eventIdShardFile(n));
  }
  const index = EventsIndex.parse({ count, first: before.first, last: tail.at(-1)!.seq, chunks: [...keptChunks, ...fresh], idShards });
  await sink.write(EVENTS_INDEX_FILE, json(index));
  const lastChunk = chunkOf(index.last!);
  const inLast = tail.findIndex((e) => chunkOf(e.seq) === lastChunk);
  return {
    index,
    rendered: tail.length,
    record: {
      bytes: complete,
      sha256,
      count,
      first: index.first,
      last: index.last,
      chunks: index.chunks,
      idShards,
      tailAt: starts[inLast]!,
      tailCount: before.tailCount + inLast,
    },
  };
}
