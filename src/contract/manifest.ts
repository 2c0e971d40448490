// The build manifest (src/contract/paths.ts MANIFEST_FILE): the one file the function reads first. It
// carries the dataset time (not the wall clock, so builds stay byte-identical), counts, shard layout
// and where the search index's layout is (a file of its own, read by search alone); an identity that changes with any byte of the other data files (the
// function's answer cache keys on it); and the shapes of the shard files it points to.
import { z } from "zod";
import { FileEntry } from "../schemas/files.js";
import { Count, IsoTimestamp, SkillContent, SkillDetail, SkillStats } from "../schemas/resources.js";
import { SearchLayoutRef } from "./search-manifest.js";

export const MANIFEST_FORMAT = 8;

export const BuildManifest = z
  .object({
    format: z.literal(MANIFEST_FORMAT),
    contentId: z
      .string()
      .regex(/^[0-9a-f]{16}$/)
      .describe("The build's identity: a hash of every other file under _data, their paths and bytes (src/build/output.ts contentId)"),
    generatedAt: IsoTimestamp.describe("When the dataset was crawled"),
    counts: z
      .object({
        skills: Count,
        aliases: Count,
        files: Count,
        malicious: Count.describe("Skills whose trust verdict is malicious: left out of lists, search and categories by default"),
        suspicious: Count.describe("Skills whose trust verdict is suspicious"),
      })
      .strict(),
    shards: z
      .object({
        skills: z.number().int().positive(),
        summaries: z.number().int().positive(),
        texts: z.number().int().positive().describe("Shards of the skill folders' text files (src/contract/key.ts fileKey)"),
      })
      .strict(),
    /** How many of each order's first positions its head files hold, and how many a file (src/contract/list-order.ts LIST_HEAD). */
    lists: z
      .object({
        head: Count,
        chunk: z.number().int().positive(),
        /** Positions of each block of the orders (src/contract/list-blocks.ts). */
        block: z.number().int().positive(),
        /**
         * The category lists (src/contract/category-lists.ts): how many positions each one's head
         * files hold (files of `chunk`), and each category's listed skills, in vocabulary order.
         */
        categories: z.object({ head: Count, counts: z.array(Count) }).strict(),
        /**
         * Each platform's first listed skills in every order, as head files of `chunk` (a list
         * filtered by a platform alone reads them), and each platform's listed skills, in vocabulary order.
         */
        platforms: z.object({ head: Count, counts: z.array(Count) }).strict(),
      })
      .strict(),
    vocabulary: z.object({ categories: z.array(z.string()), platforms: z.array(z.string()), locales: z.array(z.string()) }).strict(),
    search: SearchLayoutRef.nullable().describe("The search index's layout file (null when built without one)"),
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

/**
 * What one files shard (same bucketing as the detail shards) holds for a key: the listing of every
 * file of the repository's skill folders, and the other SKILL.md files of a repository that holds
 * several (the primary one is in the detail entry). The other text files live in the text shards,
 * one entry per file, so a big folder never makes a lookup read it all.
 */
export const FilesEntry = z
  .object({
    list: z.array(FileEntry).describe("Every file of every skill folder, each SKILL.md included, sorted by path"),
    skills: z.record(z.string(), SkillContent).describe("The other SKILL.md files by path"),
  })
  .strict();
export type FilesEntry = z.infer<typeof FilesEntry>;

/** What a text shard holds for a file key (src/contract/key.ts fileKey): the file as /content serves it. */
export const TextEntry = SkillContent;
