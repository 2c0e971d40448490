// The meaning pass of the build: from the analysed SKILL.md files (meaning-collect.ts) to the
// related-terms shards (meaning-model.ts, src/contract/related-shard.ts). A pass of its own, with
// its own progress line and timing: the model is global (any file can change any word's related
// terms), so an incremental build will run it over the whole corpus, apart from the per-skill work.
import type { MeaningManifest } from "../../contract/search-manifest.js";
import type { OutputSink } from "../output.js";
import type { PostingIndex } from "./collect-postings.js";
import { relatedTerms } from "./meaning-model.js";
import { writeJsonShards } from "./search-shards.js";

/** Related-terms shards of about 32 KB: a cold query reads one per word that gets related terms. */
export const RELATED_SHARD_BYTES = 32 * 1024;

/** The analysed corpus the model learns from: an index over SKILL.md files, and how many there are. */
export interface MeaningCorpus {
  files: PostingIndex;
  documents: number;
}

export async function writeMeaning(corpus: MeaningCorpus, sink: OutputSink, log: (line: string) => void): Promise<MeaningManifest> {
  const started = performance.now();
  const { entries, stats } = relatedTerms(corpus.files, corpus.documents, (done, of) => {
    if (done > 0 && done < of) log(`meaning: ${done} of ${of} words`);
  });
  const shards = await writeJsonShards(sink, "related", entries, (e) => e[0], RELATED_SHARD_BYTES);
  log(
    `meaning: ${stats.documents} SKILL.md files, ${stats.sources} words related to ${stats.targets} name and description terms: ` +
      `${stats.words} words with ${stats.related} related terms in ${shards.length} shards (${Math.round(performance.now() - started)} ms)`,
  );
  return { shards, words: stats.words, related: stats.related, documents: stats.documents };
}
