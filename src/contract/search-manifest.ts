// The search index's layout: where every shard of the term index and of the autocomplete index
// lives, and the range of keys each one holds. It is a file of its own (search/layout/*.json), named
// in the build manifest's `search` (SearchLayoutRef), so only a search request reads it: at 1M
// skills it is 1.6 MB, and every other request reads the manifest.
import { z } from "zod";
import { SEARCH_FILE } from "./paths.js";

export const SEARCH_FORMAT = 4;

/** A range shard: it holds every key from `first` up to the next shard's `first`. */
export const RangeShard = z
  .object({
    first: z.string(),
    file: z.string().regex(SEARCH_FILE),
    bytes: z.number().int().nonnegative(),
  })
  .strict();
export type RangeShard = z.infer<typeof RangeShard>;

/**
 * The nested skills (every SKILL.md of a repository but its primary one), one nested id each in
 * ordinal order then path order, with term shards of their own over nested ids (lists: name,
 * description, unused).
 */
export const NestedManifest = z
  .object({
    docCount: z.number().int().nonnegative(),
    terms: z.array(RangeShard),
    /** Precomputed unions of the prefixes that match more than maxExpansions words. */
    prefixes: z.array(RangeShard),
    /** Little-endian u32 per nested id: the ordinal of its repository (ascending). */
    owners: z.string().regex(SEARCH_FILE),
    /** NestedInfoFile files of NESTED_INFO_PER_FILE nested ids each, in id order. */
    info: z.array(z.string().regex(SEARCH_FILE)),
  })
  .strict();
export type NestedManifest = z.infer<typeof NestedManifest>;

/** Nested skills per info file: a result page reads at most one small file per collection it shows. */
export const NESTED_INFO_PER_FILE = 128;
/** [name, path] per nested id. */
export const NestedInfoFile = z.array(z.tuple([z.string(), z.string()]));

export const TypoManifest = z
  .object({
    /** How many first letters of a word its typo keys look at (src/search/typo.ts). */
    keyPrefix: z.number().int().positive(),
    shards: z.array(RangeShard),
    /** Vocabulary words and typo keys in all. */
    words: z.number().int().nonnegative(),
    keys: z.number().int().nonnegative(),
  })
  .strict();
export type TypoManifest = z.infer<typeof TypoManifest>;

/** The meaning model's related-terms shards (related-shard.ts), learned at build time from every SKILL.md. */
export const MeaningManifest = z
  .object({
    shards: z.array(RangeShard),
    /** Words that have related terms, and related terms listed in all. */
    words: z.number().int().nonnegative(),
    related: z.number().int().nonnegative(),
    /** Documents (SKILL.md files) the model was learned from. */
    documents: z.number().int().nonnegative(),
  })
  .strict();
export type MeaningManifest = z.infer<typeof MeaningManifest>;

export const SearchManifest = z
  .object({
    format: z.literal(SEARCH_FORMAT),
    docCount: z.number().int().nonnegative(),
    /** A prefix matching more indexed words than this reads its precomputed union instead. */
    maxExpansions: z.number().int().positive(),
    terms: z.array(RangeShard),
    /** Precomputed unions of the prefixes that match more than maxExpansions words. */
    prefixes: z.array(RangeShard),
    nested: NestedManifest,
    typo: TypoManifest,
    meaning: MeaningManifest,
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

/** The build manifest's `search`: the layout file (named by a hash of its bytes) and the format it is written in. */
export const SearchLayoutRef = z
  .object({
    format: z.literal(SEARCH_FORMAT),
    file: z.string().regex(SEARCH_FILE),
    bytes: z.number().int().positive(),
  })
  .strict();
export type SearchLayoutRef = z.infer<typeof SearchLayoutRef>;

/** Suggestion shards: [text, count] sorted by text; top shards: [prefix, [text, count][]] sorted by prefix. */
export const SuggestionPair = z.tuple([z.string(), z.number().int().nonnegative()]);
/** A suggestion as the index stores it: [text, how many skills it finds] (the API answers {text, count}). */
export type SuggestionPair = z.infer<typeof SuggestionPair>;
/** SuggestionPair order: more skills first, then text A to Z. */
export const bySuggestionRank = (a: SuggestionPair, b: SuggestionPair): number => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
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
