// The build manifest (src/contract/paths.ts MANIFEST_FILE): the one file the function reads first. It
// carries the dataset time (not the wall clock, so builds stay byte-identical), counts, shard layout
// and the search index's layout; an identity that changes with any byte of the other data files (the
// function's answer cache keys on it); and the shapes of the shard files it points to.
import { z } from "zod";
import { Count, IsoTimestamp, SkillContent, SkillDetail, SkillStats } from "../schemas/resources.js";
import { SearchManifest } from "./search-manifest.js";

export const MANIFEST_FORMAT = 3;

export const BuildManifest = z
  .object({
    format: z.literal(MANIFEST_FORMAT),
    contentId: z
      .string()
      .regex(/^[0-9a-f]{16}$/)
      .describe("The build's identity: a hash of every other file under _data, their paths and bytes (src/build/output.ts contentId)"),
    generatedAt: IsoTimestamp.describe("When the dataset was crawled"),
    counts: z.object({ skills: Count, aliases: Count, files: Count }).strict(),
    shards: z.object({ skills: z.number().int().positive(), summaries: z.number().int().positive() }).strict(),
    /** How many of each order's first positions its head files hold, and how many a file (src/contract/list-order.ts LIST_HEAD). */
    lists: z.object({ head: Count, chunk: z.number().int().positive() }).strict(),
    vocabulary: z.object({ categories: z.array(z.string()), platforms: z.array(z.string()), locales: z.array(z.string()) }).strict(),
    search: SearchManifest.nullable().describe("The search index layout (null when built without one)"),
    events: z
      .object({ count: Count, last: Count.nullable() })
      .strict()
      .describe("The events feed: retained events and the seq of the newest (it changes with every new event)"),
  })
  .strict();
export type BuildManifest = z.infer<typeof BuildManifest>;

/** What one detail shard holds for a key: the prebuilt responses, or a pointer from an old name. */
export const DetailEntry = z.union([
  z.object({ alias: z.string() }).strict(),
  z
    .object({
      detail: SkillDetail.omit({ content: true }),
      bodyStart: Count.describe("Index in content.content where the markdown body starts"),
      content: SkillContent,
      stats: SkillStats,
    })
    .strict(),
]);
export type DetailEntry = z.infer<typeof DetailEntry>;
export const DetailShard = z.record(z.string(), DetailEntry);
export type DetailShard = z.infer<typeof DetailShard>;

export const FilesShard = z.record(z.string(), z.record(z.string(), SkillContent));
export type FilesShard = z.infer<typeof FilesShard>;
