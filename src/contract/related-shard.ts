// The meaning model's output as the function reads it: for each word of the corpus that has any,
// its related domain terms (words found in skills' names and descriptions) with a weight, in JSON
// range shards sorted by word (search/related/*.json), listed in the search manifest's `meaning` (search-manifest.ts).
// docs/SEARCH.md ("Intent") says how the build derives them and how a query uses them.
import { z } from "zod";

/** Related terms of one word: [term, weight in hundredths (1-100)], strongest first, then term A to Z. */
export const RelatedList = z.array(z.tuple([z.string().min(1), z.number().int().min(1).max(100)]));
export type RelatedList = z.infer<typeof RelatedList>;
/** One shard: [word, related terms], sorted by word (JavaScript string order), words unique. */
export type RelatedEntry = [word: string, related: RelatedList];
export const RelatedEntry = z.tuple([z.string().min(1), RelatedList]);

/** A related shard's entries, checked for shape only as far as a lookup needs: an array of [word, list]. */
export function decodeRelatedShard(bytes: Uint8Array): RelatedEntry[] {
  const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
  if (!Array.isArray(parsed)) throw new Error("a related-terms shard is not a JSON array");
  return parsed as RelatedEntry[];
}

/** The related terms of `word` in a decoded shard (binary search), checked; undefined when absent. */
export function relatedIn(entries: readonly RelatedEntry[], word: string): RelatedList | undefined {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const key = entries[mid]![0];
    if (key === word) return RelatedEntry.parse(entries[mid])[1];
    if (key < word) lo = mid + 1;
    else hi = mid;
  }
  return undefined;
}
