// data/crawl-state.json: what the crawler remembers between runs so an unchanged repository costs
// nothing but its share of a facts batch: node ids, head commits, platform evidence, marketplace
// text, skip reasons, when discovery last ran, and ETags with the answers they stand for.

import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { IsoTimestamp } from "../schemas/resources.js";
import { writeJsonFile } from "./files.js";

export const CRAWL_STATE_FILE = "crawl-state.json";

export const RepoState = z
  .object({
    nodeId: z.string(),
    owner: z.string(),
    repo: z.string(),
    headSha: z.string(),
    /** Tree paths that show platform evidence (src/ingest/platforms.ts). */
    evidence: z.array(z.string()),
    marketplace: z.object({ sha: z.string(), name: z.string().nullable(), description: z.string().nullable() }).strict().nullable(),
    /** Why the repository is not in the dataset (fork, no SKILL.md...), if it is not. */
    skip: z.string().optional(),
    /** When a crawl last had GitHub's facts for it (GET /index-status reports it). */
    crawledAt: IsoTimestamp.optional(),
    /** When a crawl last read the repository's files (at `headSha`); GET /index-status reports it. Absent in a state from before it was kept. */
    indexedAt: IsoTimestamp.optional(),
    /** The skill folders' files were read at `headSha`; a state written before the crawl read them lacks it, so the repository is read once more. */
    folders: z.literal(true).optional(),
  })
  .strict();
export type RepoState = z.infer<typeof RepoState>;

export const CachedSearchPage = z
  .object({
    etag: z.string(),
    total: z.number().int().nonnegative(),
    repos: z.array(z.object({ id: z.string(), nodeId: z.string(), name: z.string() }).strict()),
  })
  .strict();
export type CachedSearchPage = z.infer<typeof CachedSearchPage>;

export const CrawlState = z
  .object({
    version: z.literal(1),
    repos: z.record(z.string().regex(/^\d+$/), RepoState),
    discovery: z
      .object({
        topicsAt: IsoTimestamp.optional(),
        codeSearchAt: IsoTimestamp.optional(),
        /** Code-search pages by request URL: ETag and the repositories the page listed. */
        pages: z.record(z.string(), CachedSearchPage),
      })
      .strict(),
  })
  .strict();
export type CrawlState = z.infer<typeof CrawlState>;

export const emptyCrawlState = (): CrawlState => ({ version: 1, repos: {}, discovery: { pages: {} } });

/** Reads the state of a dataset folder; a missing file is an empty state, a bad one an error. */
export async function readCrawlState(dir: string): Promise<CrawlState> {
  const file = join(dir, CRAWL_STATE_FILE);
  if (!existsSync(file)) return emptyCrawlState();
  const parsed = CrawlState.safeParse(JSON.parse(await readFile(file, "utf8")));
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  return parsed.data;
}

export const writeCrawlState = (dir: string, state: CrawlState): Promise<void> => writeJsonFile(join(dir, CRAWL_STATE_FILE), state);
