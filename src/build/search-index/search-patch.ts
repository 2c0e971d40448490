// The search index writers' patch mode, for an incremental build: what the writers need to know of
// the previous build to keep its files where nothing changed. A range shard (term, prefix, nested,
// suggestion) is kept when it starts where the writer's next shard starts and no key from its first
// to the next shard's first changed (search-shards.ts ShardPatch); everything else is written as a
// full build writes it, so the bytes are the same.
import type { RangeShard, SearchManifest, SuggestionPair } from "../../contract/search-manifest.js";
import { lowerBound } from "../lower-bound.js";
import type { ListLookup, PostingIndex } from "./collect-postings.js";
import type { ShardPatch } from "./search-shards.js";
import type { SuggestPatch } from "./suggest-build.js";

export interface SearchPatch {
  /** The previous build's search manifest part (its files are the previous site's). */
  previous: SearchManifest;
  /** The term index's keys whose lists changed since the previous build (added, removed, other ordinals), sorted. */
  changed: readonly string[];
  /** The summed entry sizes of those keys in the previous index (stats.postingBytes is patched by them). */
  previousChangedBytes: number;
  /** The term index of the previous build (the changed keys' previous lists), when the cache holds it. */
  before?: ListLookup;
  /** Whether the nested skills are the previous build's (names, descriptions, paths and owners' ordinals). */
  nestedSame: boolean;
  /** Their index as the build cache keeps it, when they are the same and the cache has it. */
  nested?: PostingIndex;
  /** Keeps a previous file (path under the data folder) as this build's; false when it cannot. */
  keep(file: string): Promise<boolean>;
  /** A previous index file's bytes (path under the data folder), checked against its content-hash name; undefined when they cannot be read. */
  read(file: string): Promise<Uint8Array | undefined>;
  /**
   * The previous suggestions (read back from its shards, in text order, each text once) and the terms
   * the changed skills' names and descriptions hold, old and new (suggest-build.ts SuggestPatch);
   * absent when the suggestions must be made whole (the hidden skills changed).
   */
  suggest?: {
    entries: readonly SuggestionPair[];
    byText: ReadonlyMap<string, number>;
    touched: ReadonlySet<string>;
    moved?: SuggestPatch["moved"];
  };
}

/** The texts (sorted) whose suggestion was added, removed or counts otherwise: both lists in text order. */
export function changedSuggestions(before: readonly SuggestionPair[], after: readonly SuggestionPair[]): string[] {
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < before.length || j < after.length) {
    const a = before[i];
    const b = after[j];
    if (!b || (a && a[0] < b[0])) {
      out.push(a![0]);
      i++;
    } else if (!a || b[0] < a[0]) {
      out.push(b[0]);
      j++;
    } else {
      if (a[1] !== b[1]) out.push(a[0]);
      i++;
      j++;
    }
  }
  return out;
}

/** Whether sorted `keys` hold a key in [from, to] (to undefined: no upper bound). */
export function holdsIn(keys: readonly string[], from: string, to: string | undefined): boolean {
  const lo = lowerBound(keys, from);
  return lo < keys.length && (to === undefined || keys[lo]! <= to);
}

/** The ShardPatch of one family: its previous shards, kept unless a key of `changed` (sorted) lands in their range. */
export const shardPatch = (
  previous: readonly RangeShard[],
  changed: readonly string[],
  keep: (file: string) => Promise<boolean>,
): ShardPatch => ({
  previous,
  dirty: (from, to) => holdsIn(changed, from, to),
  keep,
});

/** Whether `keys` are strictly ascending: the patch's key ranges need it (else the family is written whole). */
export function strictlyAscending(keys: readonly string[]): boolean {
  for (let i = 1; i < keys.length; i++) if (!(keys[i - 1]! < keys[i]!)) return false;
  return true;
}
