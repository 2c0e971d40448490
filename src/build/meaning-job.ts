// The meaning pass off the main thread. When the first pass ran in worker threads, the meaning
// model's input is on disk (passes.ts SpilledIndexes): a worker thread (meaning-worker.ts) reads it
// there, learns the model, writes its related-terms shards into the output folder and the input
// into the build cache, while the main thread writes the search index. The model is a function of
// its input alone, so the bytes are those of the pass run in the main thread, whatever the timing.
import type { MeaningManifest } from "../contract/search-manifest.js";
import { replaceStored } from "./cache/index-store.js";
import { type OutputSink, type WrittenFile, writeOutputFile } from "./output.js";
import { loadMeaning, type SpilledIndexes } from "./passes.js";
import { writeMeaning } from "./search-index/meaning-pass.js";

export interface MeaningJob {
  /** The first pass's meaning parts on disk, in document order, and how many documents they hold. */
  spilled: Pick<SpilledIndexes, "meaning" | "documents">;
  /** The output folder, and the data prefix the shards are written under. */
  root: string;
  prefix: string;
  /** The build cache's file for the model's input (cache-store.ts CACHE_FILES.meaning), if the build keeps a cache. */
  cacheFile?: string;
}

export interface MeaningResult {
  meaning: MeaningManifest;
  /** The files written into the output folder, for the main thread's sink to count (output.ts adopt). */
  files: WrittenFile[];
  /** Milliseconds from the job's start to its end, reading the parts included. */
  millis: number;
}

/** Runs the meaning pass over the spilled parts; `log` hears its progress lines. */
export async function runMeaningJob(job: MeaningJob, log: (line: string) => void): Promise<MeaningResult> {
  const started = performance.now();
  const corpus = await loadMeaning({ meaning: null, spilled: { postings: [], ...job.spilled } });
  if (!corpus) throw new Error("the first pass left no meaning parts");
  const files: WrittenFile[] = [];
  const sink: OutputSink = {
    async write(path, data) {
      files.push(await writeOutputFile(job.root, `${job.prefix}/${path}`, data));
    },
  };
  const meaning = await writeMeaning(corpus, sink, log);
  if (job.cacheFile) await replaceStored(job.cacheFile, corpus.files);
  return { meaning, files, millis: performance.now() - started };
}
