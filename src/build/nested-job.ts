// The nested skills' index off the main thread. In a full build it depends on the slim records
// alone (their collections' other SKILL.md files), not on the first pass's postings: a worker
// thread (nested-worker.ts) collects it, writes its term shards, owners table, info files and
// prefix unions into the output folder and its index into the build cache, while the main thread
// merges the postings and writes the term index. Its typo words go back for the typo vocabulary.
// The files are a function of the nested skills alone, so the bytes are those the main thread writes.
import { rm } from "node:fs/promises";
import { storedOf, writeStored } from "./cache/index-store.js";
import { type OutputSink, type WrittenFile, writeOutputFile } from "./output.js";
import type { NestedSkill } from "./search-index/search-document.js";
import { type WrittenNested, writeNestedIndex } from "./search-index/search-extras.js";

export interface NestedJob {
  skills: readonly NestedSkill[];
  /** The output folder, and the data prefix the files are written under. */
  root: string;
  prefix: string;
  maxExpansions: number;
  /** The build cache's file for the nested index (cache-store.ts CACHE_FILES.nested), if the build keeps a cache. */
  cacheFile?: string;
}

export interface NestedResult extends WrittenNested {
  /** The files written into the output folder, for the main thread's sink to count (output.ts adopt). */
  files: WrittenFile[];
}

/** Writes the nested skills' index; `log` hears its lines. */
export async function runNestedJob(job: NestedJob, log: (line: string) => void): Promise<NestedResult> {
  const files: WrittenFile[] = [];
  const sink: OutputSink = {
    async write(path, data) {
      files.push(await writeOutputFile(job.root, `${job.prefix}/${path}`, Buffer.from(data)));
    },
  };
  const cacheFile = job.cacheFile;
  const written = await writeNestedIndex(
    job.skills,
    sink,
    job.maxExpansions,
    log,
    cacheFile === undefined
      ? undefined
      : async (index) => {
          // As CacheWriter.writeIndex does: the old file goes first, so a failure leaves none.
          await rm(cacheFile, { force: true });
          await writeStored(cacheFile, storedOf(index));
        },
  );
  return { ...written, files };
}
