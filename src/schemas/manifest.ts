// The build manifest (dist/_data/manifest.json): the one file the function reads first. It carries
// the dataset time (not the wall clock, so builds stay byte-identical), counts and shard layout.
import { z } from "zod";
import { Count, IsoTimestamp, SkillContent, SkillDetail, SkillStats, SkillSummary } from "./resources.js";

export const MANIFEST_FORMAT = 1;

export const BuildManifest = z
  .object({
    format: z.literal(MANIFEST_FORMAT),
    generatedAt: IsoTimestamp.describe("When the dataset was crawled"),
    counts: z.object({ skills: Count, aliases: Count, files: Count }).strict(),
    shards: z.object({ skills: z.number().int().positive(), summaries: z.number().int().positive() }).strict(),
    vocabulary: z
      .object({ categories: z.array(z.string()), platforms: z.array(z.string()), locales: z.array(z.string()) })
      .strict(),
    search: z.unknown().describe("The search index layout, read by src/search"),
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
