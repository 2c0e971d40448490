// The meaning pass of the build: from the analysed SKILL.md files (meaning-collect.ts) to the
// related-terms shards (meaning-model.ts, src/contract/related-shard.ts). A pass of its own, with
// its own progress line and timing: the model is global (any file can change any word's related
// terms); an incremental build updates it for the words a change can reach (meaning-update.ts).
import type { RelatedEntry } from "../../contract/related-shard.js";
import type { MeaningManifest, RangeShard } from "../../contract/search-manifest.js";
import type { OutputSink } from "../output.js";
import type { PostingIndex } from "./collect-postings.js";
import { type RelateElsewhere, relatedTerms, relatedTermsSplit } from "./meaning-model.js";
import { type AffectedWords, mergeEntries } from "./meaning-update.js";
import { shardPatch } from "./search-patch.js";
import { writeJsonShards } from "./search-shards.js";

/** Related-terms shards of about 32 KB: a cold query reads one per word that gets related terms. */
export const RELATED_SHARD_BYTES = 32 * 1024;

/** The analysed corpus the model learns from: an index over SKILL.md files, and how many there are. */
export interface MeaningCorpus {
  files: PostingIndex;
  documents: number;
}

export async function writeMeaning(
  corpus: MeaningCorpus,
  sink: OutputSink,
  log: (line: string) => void,
  /** Where half of the words are related while this thread relates the other half: given when a core is free. */
  elsewhere?: RelateElsewhere,
): Promise<MeaningManifest> {
  const started = performance.now();
  const progress = (done: number, of: number) => {
    if (done > 0 && done < of) log(`meaning: ${done} of ${of} words`);
  };
  const { entries, stats } = elsewhere
    ? await relatedTermsSplit(corpus.files, corpus.documents, elsewhere, progress)
    : relatedTerms(corpus.files, corpus.documents, progress);
  const shards = await writeJsonShards(sink, "related", entries, (e) => e[0], RELATED_SHARD_BYTES);
  log(
    `meaning: ${stats.documents} SKILL.md files, ${stats.sources} words related to ${stats.targets} name and description terms: ` +
      `${entries.length} words with ${stats.related} related terms in ${shards.length} shards (${Math.round(performance.now() - started)} ms)`,
  );
  return { shards, words: entries.length, related: stats.related, documents: stats.documents };
}

/**
 * The model updated from the previous one (meaning-update.ts): the affected words related again,
 * every other word's entry taken from `previous`; the shards written as writeMeaning writes them.
 */
export async function writeUpdatedMeaning(
  corpus: MeaningCorpus,
  previous: readonly RelatedEntry[],
  { affected, gone, rules }: AffectedWords,
  sink: OutputSink,
  log: (line: string) => void,
  /** The previous model's shards and how to keep one (its file under the data folder): only the shards holding a changed entry are written. */
  patch?: { shards: readonly RangeShard[]; keep: (file: string) => Promise<boolean> },
): Promise<MeaningManifest> {
  const started = performance.now();
  const { entries } = relatedTerms(corpus.files, corpus.documents, () => {}, affected);
  const words = new Set<string>(gone);
  affected.forEach((a, i) => {
    if (a === 1) words.add(corpus.files.keys[i]!);
  });
  const merged = mergeEntries(previous, entries, words);
  const related = merged.reduce((n, e) => n + e[1].length, 0);
  const changed = changedWords(previous, entries, words);
  let written = 0;
  const counting: OutputSink = {
    async write(path, data) {
      written++;
      await sink.write(path, data);
    },
  };
  const shards = await writeJsonShards(
    counting,
    "related",
    merged,
    (e) => e[0],
    RELATED_SHARD_BYTES,
    patch ? shardPatch(patch.shards, changed, patch.keep) : undefined,
  );
  log(
    `meaning: updated for ${words.size - gone.length} of ${corpus.files.keys.length} words (the others kept; ` +
      `${rules.lists} whose files changed, ${rules.files} in a file whose names or descriptions changed, ` +
      `${rules.entries} whose related terms changed weight, ${rules.entering} a term may enter; ${rules.counted} counted), ` +
      `${changed.length} entries changed: ${merged.length} words with ${related} related terms in ${shards.length} shards, ` +
      `${written} written (${Math.round(performance.now() - started)} ms)`,
  );
  return { shards, words: merged.length, related, documents: corpus.documents };
}

/** The words (sorted) whose entry differs between `previous` and `fresh`: among `dropped`, added, removed or other terms. */
function changedWords(previous: readonly RelatedEntry[], fresh: readonly RelatedEntry[], dropped: ReadonlySet<string>): string[] {
  const before = new Map<string, string>();
  for (const [word, list] of previous) if (dropped.has(word)) before.set(word, JSON.stringify(list));
  const out: string[] = [];
  for (const [word, list] of fresh) {
    if (before.get(word) !== JSON.stringify(list)) out.push(word);
    before.delete(word);
  }
  out.push(...before.keys());
  return out.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
