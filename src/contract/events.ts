// The format of the events feed under dist/_data/events/: the build writes it, the function reads
// it. Events are cut into chunks by their log number (seq), so appending events rewrites only the
// last chunk and pruning drops whole chunks from the front; an id index sharded by hash turns a
// `since` id into its seq with one small read.
import { z } from "zod";
import { EventId, LoggedEvent } from "../schemas/events.js";
import { fnv1a } from "./fnv.js";
import { shardCountFor } from "./shard.js";

export const EVENT_CHUNK_SIZE = 500;
/** Ids per id-index shard, roughly. */
export const EVENT_IDS_PER_SHARD = 2048;

export const chunkOf = (seq: number): number => Math.floor(seq / EVENT_CHUNK_SIZE);
export const idShardOf = (id: string, shards: number): number => fnv1a(id) % shards;
export const idShardCount = (events: number): number => shardCountFor(events, EVENT_IDS_PER_SHARD);

const Seq = z.number().int().nonnegative();

export const EventsIndex = z
  .object({
    count: z.number().int().nonnegative(),
    /** seq of the oldest and newest retained events; null when there are none. */
    first: Seq.nullable(),
    last: Seq.nullable(),
    /** The chunk numbers that exist, ascending (seqs may have gaps, so some numbers may not). */
    chunks: z.array(Seq),
    idShards: z.number().int().positive(),
  })
  .strict();
export type EventsIndex = z.infer<typeof EventsIndex>;

/** A chunk: the events whose seq falls in its range, in seq order. */
export const EventChunk = z.array(LoggedEvent);

/** An id-index shard: event id -> seq. */
export const EventIdShard = z.record(EventId, Seq);
