// GET /status and GET /index-status/{owner}/{repo}: is the directory fresh, and is my repository
// listed (and if not, why)? Both are built from the dataset and the crawl state at build time.
import { z } from "zod";
import { RefreshState } from "./refresh.js";
import { Count, IsoTimestamp } from "./resources.js";

export const API_VERSION = "1.0.0";

/** What the last crawl did, in a few numbers; null when the dataset was never crawled (the embedded sample). */
export const CrawlSummary = z
  .object({
    startedAt: IsoTimestamp,
    finishedAt: IsoTimestamp,
    full: z.boolean().describe("A full crawl (every tree re-read), not an incremental one"),
    only: z.array(z.string()).describe("The repositories a targeted crawl re-read; empty for a whole crawl"),
    repositories: z
      .object({ seen: Count, added: Count, changed: Count, removed: Count, failed: Count, skipped: Count, total: Count })
      .strict(),
    requests: z.object({ spent: Count, remaining: Count.nullable().describe("GitHub core requests left after the crawl") }).strict(),
  })
  .strict();
export type CrawlSummary = z.infer<typeof CrawlSummary>;

export const Status = z
  .object({
    apiVersion: z.string().describe("Version of the API contract"),
    datasetGeneratedAt: IsoTimestamp.describe("When the dataset was last written by a crawl (or edited)"),
    builtAt: IsoTimestamp.describe("When the served site was built"),
    counts: z.object({ skills: Count, aliases: Count, files: Count, categories: Count, repositoriesKnown: Count }).strict(),
    lastCrawl: CrawlSummary.nullable(),
    demo: z.boolean().describe("True while the site serves the invented sample dataset embedded in the repository, not a crawl of GitHub"),
    demoNotice: z
      .string()
      .nullable()
      .describe("A sentence saying the data is invented and how to index the real GitHub; null for real data"),
  })
  .strict();
export type Status = z.infer<typeof Status>;

export const IndexState = z.enum(["indexed", "excluded", "failed", "unknown"]);
export type IndexState = z.infer<typeof IndexState>;

export const IndexStatus = z
  .object({
    owner: z.string().describe("As GitHub spells it when known, else as asked"),
    repo: z.string(),
    state: IndexState,
    listed: z.boolean().describe("Whether GET /skills/{owner}/{repo} answers (a failed repository keeps its previous record)"),
    reason: z.string().nullable().describe("Why it is excluded or failed; null when indexed or unknown"),
    rule: z.string().nullable().describe("The exclusion pattern of sources.json that matched, if one did"),
    lastCrawledAt: IsoTimestamp.nullable().describe("When a crawl last looked at the repository"),
    indexedCommit: z
      .string()
      .regex(/^[0-9a-f]{40}$/)
      .nullable()
      .describe("The commit the served record was read at; null when nothing is served"),
    indexedAt: IsoTimestamp.nullable().describe(
      "When a crawl read the served record's files (at `indexedCommit`); null when nothing is served, or when the record was last read before the crawl kept this time",
    ),
    refresh: RefreshState.describe("Whether a re-index is queued (POST /index-status/{owner}/{repo}/refresh) and since when"),
  })
  .strict();
export type IndexStatus = z.infer<typeof IndexStatus>;

/** What the build knows of a repository (the index-status shards); the function adds the live refresh state. */
export const BuiltIndexStatus = IndexStatus.omit({ refresh: true });
export type BuiltIndexStatus = z.infer<typeof BuiltIndexStatus>;
