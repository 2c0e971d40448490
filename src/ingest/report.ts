// The crawl report: what was seen, added, changed, removed, renamed, kept after a failure, skipped
// and why, which files broke the rules, how the skill folders' files were kept, which kept records
// gave way to a fresh record of the same name, what discovery did, and what it cost in requests.
import { z } from "zod";

const Keyed = z.object({ key: z.string(), reason: z.string() }).strict();

export const CrawlReport = z
  .object({
    startedAt: z.string(),
    finishedAt: z.string(),
    durationMs: z.number().int().nonnegative(),
    dryRun: z.boolean(),
    full: z.boolean(),
    repositories: z
      .object({
        seen: z.number().int(),
        read: z.number().int().describe("Repositories whose tree and changed files were read"),
        unchanged: z.number().int().describe("Head commit unchanged: only counters refreshed"),
        added: z.number().int(),
        changed: z.number().int(),
        removed: z.number().int(),
        failed: z.number().int(),
        skipped: z.number().int(),
        total: z.number().int().describe("Records in the dataset after the crawl"),
      })
      .strict(),
    added: z.array(z.string()),
    changed: z.array(z.string()),
    removed: z.array(Keyed),
    renamed: z.array(z.object({ id: z.string(), from: z.string(), to: z.string() }).strict()),
    failed: z.array(Keyed).describe("Kept their previous record"),
    skipped: z.array(Keyed),
    files: z
      .object({
        read: z.number().int(),
        reused: z.number().int(),
        invalid: z.array(z.object({ key: z.string(), path: z.string(), problems: z.array(z.string()) }).strict()),
        unreadable: z.array(z.object({ key: z.string(), path: z.string(), reason: z.string() }).strict()),
      })
      .strict(),
    folders: z
      .object({
        text: z.number().int().describe("Folder files of the repositories read, kept with their text"),
        binary: z.number().int(),
        symlink: z.number().int(),
        omitted: z.number().int().describe("Over a bound: size and hashes only"),
        reused: z.number().int().describe("Known by sha from the previous record, not read again"),
        archives: z.number().int().describe("Repositories read from their archive"),
        notes: z
          .array(z.object({ key: z.string(), path: z.string(), reason: z.string() }).strict())
          .describe("Files omitted per folder, archive entries skipped, files read as blobs where the archive fell short"),
      })
      .strict(),
    duplicates: z
      .array(z.object({ key: z.string(), id: z.string(), outcome: z.string() }).strict())
      .describe("Kept records whose name a fresh record now holds: renamed from fresh facts, or dropped"),
    discovery: z
      .object({
        curated: z.number().int(),
        topics: z.object({ since: z.string().nullable(), repositories: z.number().int(), failed: z.array(Keyed) }).strict(),
        codeSearch: z
          .object({
            ran: z.boolean(),
            note: z.string(),
            repositories: z.number().int(),
            pages: z.number().int(),
            notModified: z.number().int(),
            capped: z.array(z.string()),
          })
          .strict(),
        excluded: z.number().int(),
      })
      .strict(),
    requests: z
      .object({
        total: z.number().int(),
        byKind: z.record(z.string(), z.number().int()),
        byStatus: z.record(z.string(), z.number().int()),
        rateLimited: z.record(z.string(), z.number().int()),
      })
      .strict(),
    rateLimit: z.record(z.string(), z.object({ limit: z.number(), remaining: z.number(), reset: z.number() }).strict()),
  })
  .strict();
export type CrawlReport = z.infer<typeof CrawlReport>;
