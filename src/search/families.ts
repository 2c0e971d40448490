// Runtime access to one family of term shards (the skills' own fields, or the nested skills' names
// and descriptions): finds the shard holding a key, fetches it through the asset store once per
// request, reads posting lists in place, and expands prefixes (or reads a big prefix's precomputed
// union). Every key read and every expansion is charged to the request's QueryBudget.
import type { z } from "zod";
import { ApiError } from "../contract/errors.js";
import { Bitset } from "../contract/postings.js";
import { type RangeShard, shardFor, shardsForPrefix } from "../contract/search-manifest.js";
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
  /** A binary file read by `decode`, kept decoded: the same function must be passed for every read of one file. */
  decoded<T>(path: string, decode: (bytes: Uint8Array) => T): Promise<T>;
}

export type ShardBytes = Pick<IndexFiles, "bytes">;

export interface FamilyManifest {
  docCount: number;
  terms: readonly RangeShard[];
  prefixes: readonly RangeShard[];
}

/**
 * The bound on one query's work: index keys read and prefix or typo expansions, summed over every
 * clause (and, for autocomplete, every candidate counted). Beyond it the query is a 400.
 */
export const MAX_QUERY_WORK = 1024;
/** Comparing this many vocabulary words for typo matches costs as much as one index lookup. */
export const TYPO_WORDS_PER_LOOKUP = 256;

export class QueryBudget {
  spent = 0;
  constructor(readonly limit = MAX_QUERY_WORK) {}
  get exceeded(): boolean {
    return this.spent > this.limit;
  }
  spend(n: number): void {
    this.spent += n;
    if (this.spent > this.limit) {
      throw new ApiError(
        "INVALID_QUERY",
        `the query needs more than ${this.limit} index lookups (its prefixes match too many words); use fewer prefixes or longer ones`,
      );
    }
  }
}

/** A prefix's skills per list: either the expansions' lists or a precomputed union. */
export type PrefixHit = { refs: KeyRef[] } | { union: KeyRef };

export class FamilyReader {
  private readonly opened = new Map<string, Promise<ShardReader>>();
  /** Keys and prefixes already looked up in this request: each is read (and charged) once. */
  private readonly found = new Map<string, Promise<KeyRef | undefined>>();
  private readonly expanded = new Map<string, Promise<PrefixHit>>();

  constructor(
    private readonly store: ShardBytes,
    readonly family: FamilyManifest,
    readonly maxExpansions: number,
    readonly budget: QueryBudget,
  ) {}

  get docCount(): number {
    return this.family.docCount;
  }

  private shard(info: RangeShard): Promise<ShardReader> {
    let hit = this.opened.get(info.file);
    if (!hit) this.opened.set(info.file, (hit = this.open(info)));
    return hit;
  }

  private async open(info: RangeShard): Promise<ShardReader> {
    const reader = new ShardReader(await this.store.bytes(info.file));
    if (reader.docCount !== this.family.docCount) throw new RangeError(`shard ${info.file} was built for ${reader.docCount} documents`);
    return reader;
  }

  private async findIn(shards: readonly RangeShard[], key: string): Promise<KeyRef | undefined> {
    const n = shardFor(shards, key);
    if (n < 0) return undefined;
    const shard = await this.shard(shards[n]!);
    const index = shard.find(key);
    return index < 0 ? undefined : { shard, index };
  }

  find(key: string): Promise<KeyRef | undefined> {
    let hit = this.found.get(key);
    if (!hit) {
      this.budget.spend(1);
      this.found.set(key, (hit = this.findIn(this.family.terms, key)));
    }
    return hit;
  }

  /** Every indexed word starting with `prefix`, or the precomputed union when there are more than maxExpansions. */
  prefix(prefix: string): Promise<PrefixHit> {
    let hit = this.expanded.get(prefix);
    if (!hit) this.expanded.set(prefix, (hit = this.expand(prefix)));
    return hit;
  }

  private async expand(prefix: string): Promise<PrefixHit> {
    this.budget.spend(1);
    const union = await this.findIn(this.family.prefixes, prefix);
    if (union) return { union };
    const refs: KeyRef[] = [];
    for (const n of shardsForPrefix(this.family.terms, prefix)) {
      const shard = await this.shard(this.family.terms[n]!);
      for (let i = shard.lowerBound(prefix); i < shard.size; i++) {
        if (!shard.term(i).startsWith(prefix)) return { refs };
        // A build always precomputes the prefixes above maxExpansions; an older index may not have.
        if (refs.length >= this.maxExpansions)
          throw new ApiError("INVALID_QUERY", `the prefix "${prefix}*" matches too many words; add letters to narrow it`);
        this.budget.spend(1);
        refs.push({ shard, index: i });
      }
    }
    return { refs };
  }

  /** The documents holding a key in list `list`, OR-ed into `into`. */
  static postings(ref: KeyRef | undefined, list: number, into: Bitset): Bitset {
    if (ref) ref.shard.postingsInto(ref.index, list, into);
    return into;
  }

  /** The documents a prefix hit covers in list `list`. */
  static prefixPostings(hit: PrefixHit, list: number, size: number): Bitset {
    const set = new Bitset(size);
    if ("union" in hit) return FamilyReader.postings(hit.union, list, set);
    for (const ref of hit.refs) FamilyReader.postings(ref, list, set);
    return set;
  }
}
