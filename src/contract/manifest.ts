// The build manifest (src/contract/paths.ts MANIFEST_FILE): the one file the function reads first. It
// carries the dataset time (not the wall clock, so builds stay byte-identical), counts, shard layout
// and the search index's layout; and the shapes of the shard files it points to.
import { z } from "zod";
import { Count, IsoTimestamp, SkillContent, SkillDetail, SkillStats, SkillSummary } from "../schemas/resources.js";
import { SearchManifest } from "./search-manifest.js";

export const MANIFEST_FORMAT = 1;

export const BuildManifest = z
  .object({
    format: z.literal(MANIFEST_FORMAT),
    generatedAt: IsoTimestamp.describe("When the dataset was crawled"),
    counts: z.object({ skills: Count, aliases: Count, files: Count }).strict(),
    shards: z.object({ skills: z.number().int().positive(), summaries: z.number().int().positive() }).strict(),
    vocabulary: z.object({ categories: z.array(z.string()), platforms: z.array(z.string()), locales: z.array(z.string()) }).strict(),
    search: SearchManifest.nullable().describe("The search index layout (null when built without one)"),
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
export const DetailShard = z.record(z.string(), DetailEntry);
export type DetailShard = z.infer<typeof DetailShard>;

export const FilesShard = z.record(z.string(), z.record(z.string(), SkillContent));
export type FilesShard = z.infer<typeof FilesShard>;

export const SummaryShard = z.array(SkillSummary);

/**
 * A shard file as the function loads it: a JSON object or array whose items are checked one at a
 * time when used (the build validated each whole shard), so a request pays for what it reads.
 */
export const ShardObject = z.custom<Record<string, unknown>>((v) => typeof v === "object" && v !== null && !Array.isArray(v), {
  message: "a shard must be a JSON object",
});
export const ShardArray = z.custom<unknown[]>((v) => Array.isArray(v), { message: "a shard must be a JSON array" });

/** The own property `key` of a shard object, never one inherited from Object.prototype. */
export const shardItem = (shard: Record<string, unknown>, key: string): unknown => (Object.hasOwn(shard, key) ? shard[key] : undefined);
