// Where a skill's records live in the built site: a stable hash of its key picks the shard, so a
// changed skill rewrites only its own shard files. Shared by the build and the function.

import { fnv1a } from "./fnv.js";

export const shardOf = (key: string, shards: number): number => fnv1a(key) % shards;

/** Smallest power of two >= n (at least 1), so shard counts change rarely as a dataset grows. */
export const shardCountFor = (items: number, perShard: number): number => {
  let n = 1;
  while (n * perShard < items) n *= 2;
  return n;
};

/** A summary reference packs shard and slot into one u32: shard in the high 16 bits. */
export const packRef = (shard: number, slot: number): number => ((shard << 16) | slot) >>> 0;
export const refShard = (ref: number): number => ref >>> 16;
export const refSlot = (ref: number): number => ref & 0xffff;
