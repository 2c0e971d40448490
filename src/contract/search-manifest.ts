// The search part of the build manifest (manifest.json `search`): where every shard of the term index
// and of the autocomplete index lives, and the range of keys each one holds.
import { z } from "zod";
import { SEARCH_FILE } from "./paths.js";

export const SEARCH_FORMAT = 1;

/** A range shard: it holds every key from `first` up to the next shard's `first`. */
export const RangeShard = z
  .object({
    first: z.string(),
    file: z.string().regex(SEARCH_FILE),
    bytes: z.number().int().nonnegative(),
  })
  .strict();
export type RangeShard = z.infer<typeof RangeShard>;

export const SearchManifest = z
  .object({
    format: z.literal(SEARCH_FORMAT),
    docCount: z.number().int().nonnegative(),
    /** A prefix query may expand to at most this many indexed terms. */
    maxExpansions: z.number().int().positive(),
    terms: z.array(RangeShard),
    suggest: z
      .object({
        /** Best suggestions for every prefix of up to `topPrefixLength` characters. */
        topPrefixLength: z.number().int().positive(),
        top: z.array(RangeShard),
        /** Every suggestion, sorted by text, for longer prefixes. */
        entries: z.array(RangeShard),
      })
      .strict(),
    stats: z.object({ terms: z.number().int(), pairs: z.number().int(), postingBytes: z.number().int() }).strict(),
  })
  .strict();
export type SearchManifest = z.infer<typeof SearchManifest>;

/** Suggestion shards: [text, count] sorted by text; top shards: [prefix, [text, count][]] sorted by prefix. */
export const SuggestionPair = z.tuple([z.string(), z.number().int().nonnegative()]);
/** A suggestion as the index stores it: [text, how many skills it finds] (the API answers {text, count}). */
export type SuggestionPair = z.infer<typeof SuggestionPair>;
export const EntriesShard = z.array(SuggestionPair);
export const TopShard = z.array(z.tuple([z.string(), z.array(SuggestionPair)]));

/** Index of the shard whose range may hold `key`: the last one whose first key is <= key (or -1). */
export function shardFor(shards: readonly RangeShard[], key: string): number {
  let lo = 0;
  let hi = shards.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (shards[mid]!.first <= key) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** Indexes of the shards that may hold keys starting with `prefix`, in key order. */
export function shardsForPrefix(shards: readonly RangeShard[], prefix: string): number[] {
  const out: number[] = [];
  for (let n = Math.max(0, shardFor(shards, prefix)); n < shards.length; n++) {
    // Keys are sorted: once a shard starts past the prefix's range, no later shard holds any of it.
    if (n > 0 && shards[n]!.first > prefix && !shards[n]!.first.startsWith(prefix)) break;
    out.push(n);
  }
  return out;
}
