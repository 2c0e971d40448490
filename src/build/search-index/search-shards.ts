// Writing range shards: sorted entries cut into files of about a target size, each named by a hash
// of its bytes (an unchanged shard keeps its name and its CDN cache), listed in the manifest by their
// first key. Used for the term shards of every index family and for the JSON lookup shards.
import { createHash } from "node:crypto";
import { type SearchFolder, searchFile } from "../../contract/paths.js";
import { ByteBuffer, encodePostings } from "../../contract/postings.js";
import type { RangeShard } from "../../contract/search-manifest.js";
import { ShardBuilder } from "../../contract/term-shard.js";
import { lowerBound } from "../lower-bound.js";
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

/**
 * What an incremental build knows of a family's range shards (shard-patch.ts): the previous build's
 * shards, whether a key range holds a changed key, and how to keep a previous file. A writer given
 * one keeps each previous shard that starts where its own next shard starts and whose keys (and the
 * next shard's first key, which decided where it was cut) are unchanged: cutting is a function of
 * the entries from a shard's first key on, so such a shard comes out with the same bytes.
 */
export interface ShardPatch {
  previous: readonly RangeShard[];
  /** Whether a key in [from, to] (to included; to undefined: to the last key) changed, was added or was removed. */
  dirty(from: string, to: string | undefined): boolean;
  /** Keeps the previous build's file (its path under the data folder) as this build's; false when it cannot. */
  keep(file: string): Promise<boolean>;
}

/**
 * Walks the previous shards beside a writer: at a shard start (key index `i`), the previous shard
 * to keep there, if any, and the key index after it. Previous shards are visited in order.
 */
class PatchCursor {
  private j = 0;
  constructor(private readonly patch: ShardPatch | undefined) {}

  async keepAt(keys: readonly string[], i: number): Promise<{ shard: RangeShard; next: number } | undefined> {
    const patch = this.patch;
    if (!patch) return undefined;
    const key = keys[i]!;
    const { previous } = patch;
    while (this.j < previous.length && previous[this.j]!.first < key) this.j++;
    const shard = previous[this.j];
    if (!shard || shard.first !== key) return undefined;
    const to = previous[this.j + 1]?.first;
    if (patch.dirty(key, to) || !(await patch.keep(shard.file))) return undefined;
    this.j++;
    return { shard, next: to === undefined ? keys.length : lowerBound(keys, to, i + 1) };
  }
}

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

/**
 * A JSON lookup shard's item: strings, numbers and arrays of them, with no object whose keys would
 * need sorting, so JSON.stringify is already deterministic (stableStringify's copy of every array
 * cost a patched build most of its suggestion time).
 */
export type JsonItem = string | number | readonly JsonItem[];

/** Writes sorted JSON items as range shards of about `target` bytes under search/`dir`/. */
export function writeJsonShards<T extends JsonItem>(
  sink: OutputSink,
  dir: SearchFolder,
  items: readonly T[],
  keyOf: (item: T) => string,
  target = SUGGEST_SHARD_BYTES,
  patch?: ShardPatch,
): Promise<RangeShard[]> {
  return writeJsonShardsAt(sink, dir, patch ? items.map(keyOf) : items.length, (i) => items[i]!, keyOf, target, patch);
}

/**
 * writeJsonShards over items made on demand (`itemAt`, for `keys.length` items): with a patch, only
 * the items of the shards written again are made. `keys` may be a count when there is no patch.
 */
export async function writeJsonShardsAt<T extends JsonItem>(
  sink: OutputSink,
  dir: SearchFolder,
  keys: readonly string[] | number,
  itemAt: (i: number) => T,
  keyOf: (item: T) => string,
  target = SUGGEST_SHARD_BYTES,
  patch?: ShardPatch,
): Promise<RangeShard[]> {
  // Each item is stringified once, as it comes: its text sizes the run (as cut does) and makes up the
  // shard (a JSON array's text is its items' texts joined by commas in brackets: JSON.stringify of
  // the run), and only one run's texts are held at a time.
  const shards: RangeShard[] = [];
  const keyList = typeof keys === "number" ? [] : keys;
  const cursor = new PatchCursor(typeof keys === "number" ? undefined : patch);
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
  const count = typeof keys === "number" ? keys : keys.length;
  for (let i = 0; i < count; i++) {
    // At a shard start a previous shard may be kept (its items never made); a shard starts here
    // when the one before is full too: checked once the item's text is known.
    let kept = run.length === 0 ? await cursor.keepAt(keyList, i) : undefined;
    if (!kept) {
      const item = itemAt(i);
      const text = JSON.stringify(item);
      if (run.length > 0 && bytes + text.length + 1 > target) {
        await flush();
        kept = await cursor.keepAt(keyList, i);
      }
      if (!kept) {
        if (run.length === 0) first = item;
        run.push(text);
        bytes += text.length + 1;
        continue;
      }
    }
    shards.push(kept.shard);
    i = kept.next - 1;
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
  patch?: ShardPatch,
): Promise<{ shards: RangeShard[]; bytes: number }> {
  const shards: RangeShard[] = [];
  const cursor = new PatchCursor(patch);
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
    // At a shard start a previous shard may be kept: its keys are skipped, never encoded (and not
    // counted in `total`). A shard starts here when the one before is full too: checked once encoded.
    let kept = shard.size === 0 ? await cursor.keepAt(keys, i) : undefined;
    let size = 0;
    if (!kept) {
      size = encodeEntry(keys[i]!, listsAt(i), docCount, entry, ends);
      if (runBytes > 0 && runBytes + size > SHARD_BYTES) {
        await flush();
        kept = await cursor.keepAt(keys, i);
      }
    }
    if (kept) {
      shards.push(kept.shard);
      i = kept.next - 1;
      continue;
    }
    total += size;
    const term = keys[i]!;
    shard.add(term, entry.view(), ends);
    runBytes += size;
    if (shards.length > 0 && shards.length % 50 === 0 && shard.size === 1) progress(shards.length);
  }
  await flush();
  return { shards, bytes: total };
}

/**
 * Encodes one key's three lists into `entry` (emptied first), their ends into `ends`; returns the
 * size the shard cutting counts for it (and the index's `postingBytes` sums).
 */
export function encodeEntry(term: string, lists: KeyLists, docCount: number, entry: ByteBuffer, ends: [number, number, number]): number {
  entry.length = 0;
  for (let f = 0; f < 3; f++) {
    const list = lists[f];
    // An absent list is written as an empty one (a zero count), as a reader expects.
    if (list) encodePostings(list, docCount, entry);
    else entry.push(0);
    ends[f] = entry.length;
  }
  return term.length + 16 + entry.length;
}
