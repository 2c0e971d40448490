// The build cache's own files (src/build/cache/, docs/SCALE.md "Incremental builds"): kept beside the
// site, never deployed, read only by the next build, which falls back to a full build on anything
// these shapes refuse.
import { z } from "zod";
import { MeaningManifest } from "../contract/search-manifest.js";
import { TrustVerdict } from "./trust.js";

/**
 * What a build read of data/events.jsonl, so the next one renders only what was appended
 * (src/build/events.ts): the complete lines' bytes and their SHA-256, the feed it wrote, and where
 * the last chunk's first event's line starts (the next build parses from there).
 */
export const EventsCache = z
  .object({
    bytes: z.number().int().nonnegative(),
    sha256: z.string(),
    count: z.number().int().nonnegative(),
    first: z.number().int().nonnegative().nullable(),
    last: z.number().int().nonnegative().nullable(),
    chunks: z.array(z.number().int().nonnegative()),
    idShards: z.number().int().positive(),
    /** The byte offset of the last chunk's first event's line, and how many events come before it. */
    tailAt: z.number().int().nonnegative(),
    tailCount: z.number().int().nonnegative(),
  })
  .strict();
export type EventsCache = z.infer<typeof EventsCache>;

/** state.json: what the cache was made by and for, written last so a partial cache has none. */
export const BuildCacheState = z
  .object({
    format: z.number().int(),
    /** A hash of everything but the dataset's lines that feeds a skill's outputs (src/build/cache/build-key.ts). */
    key: z.string(),
    skills: z.number().int().nonnegative(),
    /** SKILL.md documents the meaning rows hold (0 without a search index). */
    documents: z.number().int().nonnegative(),
    /** The meaning model's part of the search manifest (null without a search index): kept when its input is unchanged. */
    meaning: MeaningManifest.nullable(),
    shards: z.object({ skills: z.number().int(), texts: z.number().int(), summaries: z.number().int() }).strict(),
    /** Every old-name entry of the detail shards: [detail shard, alias key, JSON]. */
    aliases: z.array(z.tuple([z.number().int(), z.string(), z.string()])),
    /** Every file of the site it describes: path -> [bytes, mtime in ms, SHA-256 of the bytes]. */
    files: z.record(z.string(), z.tuple([z.number().int(), z.number(), z.string()])),
    /** The events log as the build read it (absent: the next build renders the feed whole). */
    events: EventsCache.optional(),
    /** The byte size of each of the cache's other files, so a truncated one is noticed. */
    sizes: z.record(z.string(), z.number().int()),
  })
  .strict();
export type BuildCacheState = z.infer<typeof BuildCacheState>;

/**
 * One line of skills.jsonl in the cache, per skill in ordinal order: its key, its line's hash, the
 * stats.json entry and reviews it was rendered with (JSON), its summary (JSON), trust mark, text
 * bytes, its text entries' key hashes, and its slim record (checked by the dataset's schema when used).
 */
export const CachedSkill = z.tuple([
  z.string(),
  z.string(),
  z.string(),
  z.string(),
  z.string(),
  z.object({ verdict: TrustVerdict, why: z.string().optional() }).strict(),
  z.number().int().nonnegative(),
  z.array(z.number().int().nonnegative()),
  z.record(z.string(), z.unknown()),
]);
export type CachedSkill = z.infer<typeof CachedSkill>;
