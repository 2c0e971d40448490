// The meaning pass of the build: from the analysed SKILL.md files (meaning-collect.ts) to the
// related-terms shards (meaning-model.ts, src/contract/related-shard.ts). A pass of its own, with
// its own progress line and timing: the model is global (any file can change any word's related
// terms), so an incremental build will run it over the whole corpus, apart from the per-skill work.
import type { MeaningManifest } from "../../contract/search-manifest.js";
import type { OutputSink } from "../output.js";
import type { PostingIndex } from "./collect-postings.js";
import { lexiconTerms, type TermIdf } from "./lexicon-model.js";
import { readWordNet } from "./lexicon-wordnet.js";
import { MEANING_ABOUT } from "./meaning-collect.js";
import { isWord, MAX_TARGET_SHARE, MIN_SHARED_FILES, relatedTerms } from "./meaning-model.js";
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
  // The lexicon (lexicon-model.ts) relates the words the directory model leaves without related terms.
  const lexiconStarted = performance.now();
  const own = new Set(entries.map((e) => e[0]));
  const lexicon = lexiconTerms(readWordNet(), directoryIdf(corpus), (word) => own.has(word));
  const merged = [...entries, ...lexicon.entries].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  log(
    `lexicon: ${lexicon.stats.words} more words with ${lexicon.stats.related} related terms from WordNet ` +
      `(${Math.round(performance.now() - lexiconStarted)} ms)`,
  );
  const shards = await writeJsonShards(sink, "related", merged, (e) => e[0], RELATED_SHARD_BYTES);
  log(
    `meaning: ${stats.documents} SKILL.md files, ${stats.sources} words related to ${stats.targets} name and description terms: ` +
      `${stats.words} words with ${stats.related} related terms in ${shards.length} shards (${Math.round(performance.now() - started)} ms)`,
  );
  return { shards, words: merged.length, related: stats.related + lexicon.stats.related, documents: stats.documents };
}

/**
 * The terms the lexicon may relate a word to, as the directory model's targets are chosen (in 2 or
 * more names and descriptions, in at most MAX_TARGET_SHARE of the files), with their idf there.
 */
function directoryIdf(corpus: MeaningCorpus): TermIdf {
  const { files, documents } = corpus;
  const maxDf = Math.max(MIN_SHARED_FILES, Math.floor(documents * MAX_TARGET_SHARE));
  const idf = new Map<string, number>();
  files.keys.forEach((key, i) => {
    const n = files.list(i, MEANING_ABOUT).length;
    if (n >= MIN_SHARED_FILES && n <= maxDf && isWord(key)) idf.set(key, Math.log(documents / n));
  });
  return (term) => idf.get(term);
}
