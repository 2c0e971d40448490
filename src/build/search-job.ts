// Parts of the search index off the main thread, each written into the output folder by a worker
// thread (search-worker.ts) while the main thread goes on with the rest of the index. Each part is a
// function of its input alone, so the bytes are those the main thread would write.
// - The nested skills' index (a full build): it depends on the slim records alone (their
//   collections' other SKILL.md files), not on the first pass's postings, so it is written while the
//   main thread merges the postings and writes the term index; its index goes into the build cache
//   and its typo words back for the typo vocabulary.
// - The typo shards (a full build): from the vocabulary, while the main thread writes the suggestions.
import type { TypoManifest } from "../contract/search-manifest.js";
import { replaceStored } from "./cache/index-store.js";
import { type OutputSink, type WrittenFile, writeOutputFile } from "./output.js";
import type { NestedSkill } from "./search-index/search-document.js";
import { type WrittenNested, writeNestedIndex } from "./search-index/search-extras.js";
import { writeTypoShards } from "./search-index/typo-shards.js";

export interface NestedJob {
  kind: "nested";
  skills: readonly NestedSkill[];
  maxExpansions: number;
  /** The build cache's file for the nested index (cache-store.ts CACHE_FILES.nested), if the build keeps a cache. */
  cacheFile?: string;
}

export interface TypoJob {
  kind: "typo";
  /** The typo vocabulary: its words, sorted, and each one's weight. */
  words: string[];
  weights: Uint32Array;
}

/** A job and where it writes: the output folder, and the data prefix its files go under. */
export type SearchJob = (NestedJob | TypoJob) & { root: string; prefix: string };

export type SearchJobResult = ({ kind: "nested"; nested: WrittenNested } | { kind: "typo"; typo: TypoManifest }) & {
  /** The files written into the output folder, for the main thread's sink to count (output.ts adopt). */
  files: WrittenFile[];
};

/** Runs `job`; `log` hears its lines. */
export async function runSearchJob(job: SearchJob, log: (line: string) => void): Promise<SearchJobResult> {
  const files: WrittenFile[] = [];
  const sink: OutputSink = {
    async write(path, data) {
      files.push(await writeOutputFile(job.root, `${job.prefix}/${path}`, data));
    },
  };
  if (job.kind === "typo") {
    const { words, weights } = job;
    const typo = await writeTypoShards(
      sink,
      words.map((w, i) => [w, weights[i]!]),
    );
    return { kind: "typo", typo, files };
  }
  const cacheFile = job.cacheFile;
  const nested = await writeNestedIndex(
    job.skills,
    sink,
    job.maxExpansions,
    log,
    cacheFile === undefined ? undefined : (index) => replaceStored(cacheFile, index),
  );
  return { kind: "nested", nested, files };
}
