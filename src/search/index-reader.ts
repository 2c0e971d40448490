// Runtime access to the term index: finds the shard that holds a key (the manifest lists each
// shard's first key), fetches it through the asset store (which keeps recently used shards in its
// bounded LRU) once per reader, and reads posting lists straight out of the shard bytes.

import type { z } from "zod";
import { ApiError } from "../contract/errors.js";
import type { Bitset } from "../contract/postings.js";
import { type SearchManifest, shardFor, shardsForPrefix } from "../contract/search-manifest.js";
import { ShardReader } from "../contract/term-shard.js";

/** Where one key lives: a shard reader and the key's position in it. */
export interface KeyRef {
  shard: ShardReader;
  index: number;
}

/** How the engine reads the index files (paths under the data folder); the function's asset store is one. */
export interface IndexFiles {
  bytes(path: string): Promise<Uint8Array>;
  /** A JSON file parsed and checked against `schema`. */
  json<T>(path: string, schema: z.ZodType<T>): Promise<T>;
}

export type ShardBytes = Pick<IndexFiles, "bytes">;

export class IndexReader {
  /** Shards opened by this reader (one request): a shard several clauses need is fetched and checked once. */
  private readonly opened = new Map<number, Promise<ShardReader>>();

  constructor(
    private readonly store: ShardBytes,
    readonly manifest: SearchManifest,
  ) {}

  get docCount(): number {
    return this.manifest.docCount;
  }

  private shard(n: number): Promise<ShardReader> {
    let hit = this.opened.get(n);
    if (!hit) this.opened.set(n, (hit = this.open(n)));
    return hit;
  }

  private async open(n: number): Promise<ShardReader> {
    const info = this.manifest.terms[n]!;
    const reader = new ShardReader(await this.store.bytes(info.file));
    if (reader.docCount !== this.manifest.docCount) throw new RangeError(`shard ${info.file} was built for ${reader.docCount} skills`);
    return reader;
  }

  async find(key: string): Promise<KeyRef | undefined> {
    const n = shardFor(this.manifest.terms, key);
    if (n < 0) return undefined;
    const shard = await this.shard(n);
    const index = shard.find(key);
    return index < 0 ? undefined : { shard, index };
  }

  /** Every indexed term that starts with `prefix`; more than maxExpansions is a 400. */
  async expand(prefix: string): Promise<KeyRef[]> {
    const out: KeyRef[] = [];
    const max = this.manifest.maxExpansions;
    for (const n of shardsForPrefix(this.manifest.terms, prefix)) {
      const shard = await this.shard(n);
      for (let i = shard.lowerBound(prefix); i < shard.size; i++) {
        if (!shard.term(i).startsWith(prefix)) return out;
        out.push({ shard, index: i });
        if (out.length > max) {
          throw new ApiError("INVALID_QUERY", `the prefix "${prefix}*" matches more than ${max} words; add letters to narrow it`);
        }
      }
    }
    return out;
  }

  /** The skills holding a key in `field`, OR-ed into `into` (a fresh set when omitted). */
  static postings(ref: KeyRef | undefined, field: number, into: Bitset): Bitset {
    if (ref) ref.shard.postingsInto(ref.index, field, into);
    return into;
  }
}
