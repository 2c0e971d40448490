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

/** Groups sorted key lists into shards of about `target` bytes, each with its own word table. */
export function typoShards(words: readonly TypoEntry[], lists: readonly [string, number[]][], target = TYPO_SHARD_BYTES): TypoShard[] {
  const shards: TypoShard[] = [];
  let local = new Map<number, number>();
  let shard: TypoShard = { words: [], keys: [], starts: [], at: [] };
  let bytes = 0;
  for (const [key, list] of lists) {
    // Estimated size: the key, its two offsets and positions, and the words this shard does not hold yet.
    let size = key.length + 8 + 2 * list.length;
    for (const w of list) if (!local.has(w)) size += words[w]![0].length + 8;
    if (shard.keys.length > 0 && bytes + size > target) {
      shards.push(shard);
      shard = { words: [], keys: [], starts: [], at: [] };
      local = new Map();
      bytes = 0;
    }
    shard.keys.push(key);
    shard.starts.push(shard.at.length);
    for (const w of list) {
      let at = local.get(w);
      if (at === undefined) {
        at = shard.words.push(words[w]!) - 1;
        local.set(w, at);
      }
      shard.at.push(at);
    }
    bytes += size;
  }
  if (shard.keys.length > 0) shards.push(shard);
  return shards;
}

/** Writes the typo index for the vocabulary `entries` ([word, weight], any order); returns its manifest part. */
export async function writeTypoShards(sink: OutputSink, entries: Iterable<TypoEntry>): Promise<TypoManifest> {
  const words = typoVocabulary(entries);
  const lists = typoKeyLists(words, TYPO_KEY_PREFIX);
  const shards: TypoManifest["shards"] = [];
  for (const shard of typoShards(words, lists)) {
    const bytes = encodeTypoShard(shard);
    const file = hashName("typo", bytes, "bin");
    await sink.write(file, bytes);
    shards.push({ first: shard.keys[0]!, file, bytes: bytes.length });
  }
  return { keyPrefix: TYPO_KEY_PREFIX, shards, words: words.length, keys: lists.length };
}
