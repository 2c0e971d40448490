// The meaning pass of the build: from the analysed SKILL.md files (meaning-collect.ts) to the
// related-terms shards (meaning-model.ts, src/contract/related-shard.ts). A pass of its own, with
// its own progress line and timing: the model is global (any file can change any word's related
// terms); an incremental build updates it for the words a change can reach (meaning-update.ts).
import type { RelatedEntry } from "../../contract/related-shard.js";
import type { MeaningManifest } from "../../contract/search-manifest.js";
import type { OutputSink } from "../output.js";
import type { PostingIndex } from "./collect-postings.js";
import { blendRelated } from "./lexicon-blend.js";
import { LEXICON_SOURCE_SHARE, lexiconTerms, type TermIdf } from "./lexicon-model.js";
import type { WordNet } from "./lexicon-wordnet.js";
import { MEANING_ABOUT } from "./meaning-collect.js";
import { isWord, MAX_TARGET_SHARE, MIN_SHARED_FILES, relatedTerms } from "./meaning-model.js";
import { mergeEntries } from "./meaning-update.js";
import { writeJsonShards } from "./search-shards.js";

/** Related-terms shards of about 32 KB: a cold query reads one per word that gets related terms. */
export const RELATED_SHARD_BYTES = 32 * 1024;

/** The analysed corpus the model learns from: an index over SKILL.md files, and how many there are. */
export interface MeaningCorpus {
  files: PostingIndex;
  documents: number;
}

/**
 * Options of the pass. `lexicon` blends in WordNet's related terms (lexicon-model.ts); the build does
 * not pass it: measured on the real dataset it did not find more paraphrases (docs/SEARCH.md,
 * "Measured and not kept: a general-English lexicon"; bench/meaning-lexicon.ts), so only the benchmark does.
 */
export interface MeaningOptions {
  lexicon?: WordNet;
}

export async function writeMeaning(
  corpus: MeaningCorpus,
  sink: OutputSink,
  log: (line: string) => void,
  options: MeaningOptions = {},
): Promise<MeaningManifest> {
  const started = performance.now();
  const { entries, stats } = relatedTerms(corpus.files, corpus.documents, (done, of) => {
    if (done > 0 && done < of) log(`meaning: ${done} of ${of} words`);
  });
  let merged = entries;
  let lexiconRelated = 0;
  if (options.lexicon) {
    // The lexicon relates the words the directory rarely uses to directory terms (lexicon-model.ts).
    const lexiconStarted = performance.now();
    const lexicon = lexiconTerms(options.lexicon, directoryIdf(corpus), commonInDirectory(corpus));
    merged = blendRelated(entries, lexicon.entries);
    lexiconRelated = merged.reduce((n, e) => n + e[1].length, 0) - stats.related;
    log(
      `lexicon: ${lexicon.stats.words} words with ${lexicon.stats.related} related terms from WordNet ` +
        `(${Math.round(performance.now() - lexiconStarted)} ms)`,
    );
  }
  const shards = await writeJsonShards(sink, "related", merged, (e) => e[0], RELATED_SHARD_BYTES);
  log(
    `meaning: ${stats.documents} SKILL.md files, ${stats.sources} words related to ${stats.targets} name and description terms: ` +
      `${merged.length} words with ${stats.related + lexiconRelated} related terms in ${shards.length} shards (${Math.round(performance.now() - started)} ms)`,
  );
  return { shards, words: merged.length, related: stats.related + lexiconRelated, documents: stats.documents };
}

/**
 * The model updated from the previous one (meaning-update.ts): the `affected` words (by key index)
 * related again, every other word's entry taken from `previous`; the shards written as writeMeaning
 * writes them.
 */
export async function writeUpdatedMeaning(
  corpus: MeaningCorpus,
  previous: readonly RelatedEntry[],
  affected: Uint8Array,
  sink: OutputSink,
  log: (line: string) => void,
): Promise<MeaningManifest> {
  const started = performance.now();
  const { entries } = relatedTerms(corpus.files, corpus.documents, () => {}, affected);
  const words = new Set<string>();
  affected.forEach((a, i) => {
    if (a === 1) words.add(corpus.files.keys[i]!);
  });
  const merged = mergeEntries(previous, entries, words);
  const related = merged.reduce((n, e) => n + e[1].length, 0);
  const shards = await writeJsonShards(sink, "related", merged, (e) => e[0], RELATED_SHARD_BYTES);
  log(
    `meaning: updated for ${words.size} of ${corpus.files.keys.length} words (the others kept): ` +
      `${merged.length} words with ${related} related terms in ${shards.length} shards (${Math.round(performance.now() - started)} ms)`,
  );
  return { shards, words: merged.length, related, documents: corpus.documents };
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

/**
 * Whether the directory uses a word in more than LEXICON_SOURCE_SHARE of its SKILL.md files: such a
 * word ("make", "run", "team") has its directory sense, which the lexicon's everyday senses would
 * blur, so only the directory model relates it.
 */
function commonInDirectory(corpus: MeaningCorpus): (word: string) => boolean {
  const { files, documents } = corpus;
  const limit = Math.max(MIN_SHARED_FILES, Math.floor(documents * LEXICON_SOURCE_SHARE));
  const common = new Set<string>();
  files.keys.forEach((key, i) => {
    if (files.unionCount(i) > limit) common.add(key);
  });
  return (word) => common.has(word);
}
