// Writing range shards: sorted entries cut into files of about a target size, each named by a hash
// of its bytes (an unchanged shard keeps its name and its CDN cache), listed in the manifest by their
// first key. Used for the term shards of every index family and for the JSON lookup shards.
import { createHash } from "node:crypto";
import { type SearchFolder, searchFile } from "../../contract/paths.js";
import { ByteBuffer, encodePostings } from "../../contract/postings.js";
import type { RangeShard } from "../../contract/search-manifest.js";
import { ShardBuilder } from "../../contract/term-shard.js";
import { stableStringify } from "../../dataset/json.js";
import type { OutputSink } from "../output.js";

/**
 * Term shards of about 64 KB: a cold query reads one shard per word (and per family), so the shard
 * size is most of a cold query's bytes. Measured at 10,000 skills (docs/SEARCH.md): 12 words read
 * 1.8 MB p95 instead of 4.4 MB at 256 KB; the term and nested shards are 4 times as many files.
 */
export const SHARD_BYTES = 64 * 1024;
export const SUGGEST_SHARD_BYTES = 48 * 1024;

export const hashName = (folder: SearchFolder, bytes: Uint8Array | string, ext: "bin" | "json") =>
  searchFile(folder, createHash("sha256").update(bytes).digest("hex").slice(0, 16), ext);

/** Posting lists of one key for the three lists of a term shard; undefined where the key is absent. */
export type KeyLists = readonly (ArrayLike<number> | undefined)[];

/** Groups sorted items into runs of about `target` bytes. */
export function cut<T>(items: readonly T[], size: (item: T) => number, target: number): T[][] {
  const runs: T[][] = [];
  let run: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const s = size(item);
    if (run.length > 0 && bytes + s > target) {
      runs.push(run);
      run = [];
      bytes = 0;
    }
    run.push(item);
    bytes += s;
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** Writes sorted JSON items as range shards of about `target` bytes under search/`dir`/. */
export async function writeJsonShards<T>(
  sink: OutputSink,
  dir: SearchFolder,
  items: readonly T[],
  keyOf: (item: T) => string,
  target = SUGGEST_SHARD_BYTES,
): Promise<RangeShard[]> {
  // Each item is stringified once, as it comes: its text sizes the run (as cut does) and makes up the
  // shard (a JSON array's text is its items' texts joined by commas in brackets: stableStringify of
  // the run), and only one run's texts are held at a time.
  const shards: RangeShard[] = [];
  let run: string[] = [];
  let first: T | undefined;
  let bytes = 0;
  const flush = async () => {
    const text = `[${run.join(",")}]`;
    const file = hashName(dir, text, "json");
    await sink.write(file, text);
    shards.push({ first: keyOf(first!), file, bytes: Buffer.byteLength(text) });
    run = [];
    bytes = 0;
  };
  for (const item of items) {
    const text = stableStringify(item);
    if (run.length > 0 && bytes + text.length + 1 > target) await flush();
    if (run.length === 0) first = item;
    run.push(text);
    bytes += text.length + 1;
  }
  if (run.length > 0) await flush();
  return shards;
}

/**
 * Writes binary term shards under search/`dir`/ for sorted `keys`, the lists of key `i` from
 * `listsAt(i)`; returns the shards and the bytes of all entries. `progress` hears of every 50th shard.
 */
export async function writeTermShards(
  sink: OutputSink,
  dir: SearchFolder,
  keys: readonly string[],
  listsAt: (i: number) => KeyLists,
  docCount: number,
  progress: (shards: number) => void = () => {},
): Promise<{ shards: RangeShard[]; bytes: number }> {
  const shards: RangeShard[] = [];
  let total = 0;
  const shard = new ShardBuilder(docCount);
  let runBytes = 0;
  // One key's three lists, encoded here first: its size decides whether it opens the next shard.
  const entry = new ByteBuffer();
  const ends: [number, number, number] = [0, 0, 0];
  const flush = async () => {
    if (shard.size === 0) return;
    const first = shard.first!;
    const bytes = shard.finish();
    const file = hashName(dir, bytes, "bin");
    await sink.write(file, bytes);
    shards.push({ first, file, bytes: bytes.length });
    runBytes = 0;
  };
  for (let i = 0; i < keys.length; i++) {
    const lists = listsAt(i);
    entry.length = 0;
    for (let f = 0; f < 3; f++) {
      const list = lists[f];
      // An absent list is written as an empty one (a zero count), as a reader expects.
      if (list) encodePostings(list, docCount, entry);
      else entry.push(0);
      ends[f] = entry.length;
    }
    const term = keys[i]!;
    const size = term.length + 16 + entry.length;
    total += size;
    if (runBytes > 0 && runBytes + size > SHARD_BYTES) await flush();
    shard.add(term, entry.view(), ends);
    runBytes += size;
    if (shards.length > 0 && shards.length % 50 === 0 && shard.size === 1) progress(shards.length);
  }
  await flush();
  return { shards, bytes: total };
}
