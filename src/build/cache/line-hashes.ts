// Each line of skills.jsonl hashed, with where it lies: what an incremental build looks its cache up
// by. Made in a worker thread (line-hash-worker.ts) while the main thread opens the cache, so the
// pass reads again only the lines the cache does not hold (about 1% of 1.28 GB at 100k skills in an
// hourly crawl's rebuild), and hashes none.
import { createHash } from "node:crypto";
import { forEachByteLine } from "../../dataset/byte-lines.js";

export interface LineHashes {
  /** Each line's SHA-1, base64 (the build cache's line hash). */
  hashes: string[];
  /** Where each line starts in the file, and where it ends (its end of line excluded). */
  starts: Float64Array;
  ends: Float64Array;
}

/** The file's lines hashed, or false when a line holds a "\r" (the build then runs in full). */
export async function lineHashes(file: string): Promise<LineHashes | false> {
  const hashes: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  const lines = await forEachByteLine(file, (bytes, _lineNo, offset) => {
    hashes.push(createHash("sha1").update(bytes).digest("base64"));
    starts.push(offset);
    ends.push(offset + bytes.length);
  });
  if (lines === false) return false;
  return { hashes, starts: Float64Array.from(starts), ends: Float64Array.from(ends) };
}
