// The typo index on disk (search/typo/): the vocabulary's typo keys cut into range shards of about
// TYPO_SHARD_BYTES, each shard carrying the words its keys list once (a word's keys mostly share its
// first two letters, so they land in the same shard and its text is stored about once).
import type { TypoManifest } from "../../contract/search-manifest.js";
import { encodeTypoShard, type TypoEntry, type TypoShard } from "../../contract/typo-shard.js";
import { TYPO_KEY_PREFIX, typoKeyLists, typoVocabulary } from "../../search/typo.js";
import type { OutputSink } from "../output.js";
import { hashName } from "./search-shards.js";

/** A typo word reads its few keys from one or two shards of this size. */
export const TYPO_SHARD_BYTES = 64 * 1024;

/**
 * Cuts a stream of sorted typo keys (each with its words) into shards of about `target` bytes. The
 * whole write and the patched one (typo-patch.ts) both cut through it, so their cuts are the same:
 * a shard's bytes depend only on the keys from its first on.
 */
export class TypoCutter {
  private local = new Map<string, number>();
  private shard: TypoShard = { words: [], keys: [], starts: [], at: [] };
  private bytes = 0;

  constructor(private readonly target = TYPO_SHARD_BYTES) {}

  /** Estimated size of a key: the key, its two offsets and positions, and the words this shard does not hold yet. */
  private size(key: string, list: readonly TypoEntry[]): number {
    let size = key.length + 8 + 2 * list.length;
    for (const w of list) if (!this.local.has(w[0])) size += w[0].length + 8;
    return size;
  }

  /** Whether the shard being filled is empty. */
  get empty(): boolean {
    return this.shard.keys.length === 0;
  }

  /** Whether `key` would start a shard: the one being filled is empty, or full with it. */
  startsShard(key: string, list: readonly TypoEntry[]): boolean {
    return this.empty || this.bytes + this.size(key, list) > this.target;
  }

  /** Adds a key (after every key added before); returns the shard it closed, if it did. */
  add(key: string, list: readonly TypoEntry[]): TypoShard | undefined {
    let size = this.size(key, list);
    let closed: TypoShard | undefined;
    if (!this.empty && this.bytes + size > this.target) {
      closed = this.close();
      // Sized again in the new shard, which holds none of its words: a shard's cut then depends on
      // its own keys alone, not on what the shard before it held (a patched write keeps shards by that).
      size = this.size(key, list);
    }
    const shard = this.shard;
    shard.keys.push(key);
    shard.starts.push(shard.at.length);
    for (const w of list) {
      let at = this.local.get(w[0]);
      if (at === undefined) {
        at = shard.words.push(w) - 1;
        this.local.set(w[0], at);
      }
      shard.at.push(at);
    }
    this.bytes += size;
    return closed;
  }

  /** Closes the shard being filled (undefined when empty). */
  close(): TypoShard | undefined {
    if (this.empty) return undefined;
    const shard = this.shard;
    this.shard = { words: [], keys: [], starts: [], at: [] };
    this.local = new Map();
    this.bytes = 0;
    return shard;
  }
}

/** Groups sorted key lists into shards of about `target` bytes, each with its own word table. */
export function typoShards(words: readonly TypoEntry[], lists: readonly [string, number[]][], target = TYPO_SHARD_BYTES): TypoShard[] {
  const shards: TypoShard[] = [];
  const cutter = new TypoCutter(target);
  for (const [key, list] of lists) {
    const closed = cutter.add(
      key,
      list.map((w) => words[w]!),
    );
    if (closed) shards.push(closed);
  }
  const last = cutter.close();
  if (last) shards.push(last);
  return shards;
}

/** Encodes and writes one typo shard; returns its manifest entry. */
export async function writeTypoShard(sink: OutputSink, shard: TypoShard): Promise<TypoManifest["shards"][number]> {
  const bytes = encodeTypoShard(shard);
  const file = hashName("typo", bytes, "bin");
  await sink.write(file, bytes);
  return { first: shard.keys[0]!, file, bytes: bytes.length };
}

/** Writes the typo index for the vocabulary `entries` ([word, weight], any order); returns its manifest part. */
export async function writeTypoShards(sink: OutputSink, entries: Iterable<TypoEntry>): Promise<TypoManifest> {
  const words = typoVocabulary(entries);
  const lists = typoKeyLists(words, TYPO_KEY_PREFIX);
  const shards: TypoManifest["shards"] = [];
  for (const shard of typoShards(words, lists)) shards.push(await writeTypoShard(sink, shard));
  return { keyPrefix: TYPO_KEY_PREFIX, shards, words: words.length, keys: lists.length };
}
