// data/last-crawl.json: the summary of the crawl that last wrote the dataset folder and the
// repositories it could not read (they kept their previous record). The build turns it into
// GET /status and the "failed" answers of GET /index-status.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { CrawlSummary } from "../schemas/status.js";
import { writeJsonFile } from "./files.js";

export const LAST_CRAWL_FILE = "last-crawl.json";

export const LastCrawl = z
  .object({
    summary: CrawlSummary,
    failed: z.array(z.object({ key: z.string().describe("owner/repo"), reason: z.string() }).strict()),
  })
  .strict();
export type LastCrawl = z.infer<typeof LastCrawl>;

/** The folder's last crawl, or null when it was never crawled; a bad file is an error. */
export async function readLastCrawl(dir: string): Promise<LastCrawl | null> {
  const file = join(dir, LAST_CRAWL_FILE);
  if (!existsSync(file)) return null;
  const parsed = LastCrawl.safeParse(JSON.parse(await readFile(file, "utf8")));
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  return parsed.data;
}

export const writeLastCrawl = (dir: string, value: LastCrawl): Promise<void> =>
  writeJsonFile(join(dir, LAST_CRAWL_FILE), LastCrawl.parse(value));
