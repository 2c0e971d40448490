// Query-time meaning (docs/SEARCH.md, "Intent"): a plain word of the query brings in its related
// domain terms, read from the meaning model's shards (src/contract/related-shard.ts), within a
// budget per query. Each related term is then looked up in skills' own names and descriptions, never
// in content: a related term says what a skill is for only where the skill names its job.
import { decodeRelatedShard, type RelatedList, relatedIn } from "../contract/related-shard.js";
import { type MeaningManifest, shardFor } from "../contract/search-manifest.js";
import type { IndexFiles, QueryBudget } from "./families.js";
import type { Clause } from "./query.js";

export type { SearchMode } from "../schemas/params.js";

/**
 * Related terms one query reads at most, shared by its words (each gets an equal part, at most
 * RELATED_PER_WORD): each costs a key lookup in the term shards, so a long query reads no more
 * than a short one.
 */
export const MAX_RELATED_TERMS = 12;
export const RELATED_PER_WORD = 4;

/** Whether a clause is expanded by meaning: a plain (unquoted), unrestricted, positive word, as typo matches are. */
export const relatedEligible = (c: Clause): boolean => c.kind === "term" && !c.quoted && !c.field && !c.negate;

/** The related terms of `word` (strongest first), charged one lookup; empty when it has none. */
export async function relatedOf(store: IndexFiles, manifest: MeaningManifest, word: string, budget: QueryBudget): Promise<RelatedList> {
  const n = shardFor(manifest.shards, word);
  if (n < 0) return [];
  budget.spend(1);
  const entries = await store.decoded(manifest.shards[n]!.file, decodeRelatedShard);
  return relatedIn(entries, word) ?? [];
}

/** How many related terms each of `words` eligible words may bring. */
export const relatedPerWord = (words: number): number => Math.min(RELATED_PER_WORD, Math.floor(MAX_RELATED_TERMS / Math.max(1, words)));
