// An incremental build's search index as one job: the patch against the previous build
// (search-reuse.ts), the index's files written (search-index.ts writeSearchFiles) and the build
// cache's term and nested indexes. From KEPT_SHARDS_IN_WORKER skills it runs in a worker thread
// (search-rebuild-worker.ts) beside the main thread's lists, status and meaning update; at 100k
// skills it was about 8 s of that thread's time, a fifth of a 1% rebuild. The job is a function of
// its input alone, so the bytes are those the main thread would write.
import { join } from "node:path";
import type { SlimRecord } from "../../dataset/stream.js";
import { type OutputSink, type WrittenFile, writeBehind, writeOutputFile } from "../output.js";
import { type SearchFiles, type SearchSkills, writeSearchFiles } from "../search-index/search-index.js";
import { type SurfaceSource, surfaceForms } from "../search-index/suggest-build.js";
import { CACHE_FILES, type IndexFile } from "./cache-store.js";
import { indexOf, replaceStored } from "./index-store.js";
import { knownFilesOf } from "./kept-shards.js";
import { type PreviousSearch, searchIndexesOf, searchPatchOf } from "./search-reuse.js";

export interface SearchRebuildJob {
  /** The previous build as the cache holds it, with its term index and how it becomes this build's. */
  previous: PreviousSearch;
  /** This build's skills as search sees them; their surface forms are made here, from `surface`. */
  skills: Omit<SearchSkills, "surface">;
  surface: SurfaceSource[];
  /** The records rendered afresh, and their ordinals when every other skill kept its own (search-reuse.ts changedOrdinals). */
  fresh: SlimRecord[];
  moved: number[] | undefined;
  /** The output folder and the data prefix its files go under. */
  outDir: string;
  prefix: string;
  /** The build cache's folder, when the build keeps one: the term and nested indexes are written there. */
  cacheDir?: string;
}

export interface SearchRebuildResult {
  search: SearchFiles;
  /** What was written into the output folder or kept, in the order of the writes, for the main thread's sink to count. */
  files: WrittenFile[];
  /** The build cache's index files written or kept, with their rows, for its writer to record (CacheWriter.indexWritten). */
  cached: { name: IndexFile; rows: number }[];
}

/** Runs `job`; `log` hears its lines. */
export async function runSearchRebuildJob(job: SearchRebuildJob, log: (line: string) => void): Promise<SearchRebuildResult> {
  const { previous, cacheDir } = job;
  const indexes = searchIndexesOf(previous);
  if (!indexes) throw new Error("an incremental search rebuild needs the build cache's term index");
  const files: WrittenFile[] = [];
  const adopt = (file: WrittenFile) => files.push(file);
  const known = knownFilesOf(previous.cache, job.outDir);
  // A slot taken when a write starts: the record keeps the order of the calls, as the main thread's sink does.
  const sink: OutputSink = {
    async write(path, data) {
      const at = files.push(undefined as unknown as WrittenFile) - 1;
      files[at] = await writeOutputFile(job.outDir, `${job.prefix}/${path}`, Buffer.from(data), known);
    },
  };
  const skills: SearchSkills = { ...job.skills, surface: surfaceForms(job.surface) };
  const postings = indexOf(indexes.after);
  const patch = await searchPatchOf({
    previous,
    indexes,
    nested: skills.nested,
    hidden: skills.hidden,
    fresh: job.fresh,
    moved: job.moved,
    outDir: job.outDir,
    prefix: job.prefix,
    adopt,
    log,
  });
  const cached: SearchRebuildResult["cached"] = [];
  const rows = { [CACHE_FILES.nested]: skills.nested.length, [CACHE_FILES.postings]: skills.count };
  const toCache = async (
    name: typeof CACHE_FILES.nested | typeof CACHE_FILES.postings,
    index: ReturnType<typeof indexOf>,
    kept: boolean,
  ) => {
    if (cacheDir === undefined) return;
    if (!kept) await replaceStored(join(cacheDir, name), index);
    cached.push({ name, rows: rows[name] });
  };
  // The index's files are content-named and read back by nothing in this build: written several at a time.
  const out = writeBehind(sink);
  const search = await writeSearchFiles(
    postings,
    skills,
    out,
    (line) => log(`  ${line}`),
    patch,
    (index, kept) => toCache(CACHE_FILES.nested, index, kept),
  );
  await out.drain();
  await toCache(CACHE_FILES.postings, postings, false);
  return { search, files, cached };
}

/** The buffers a worker running `job` can take over rather than copy: the cache's index files' bytes (this thread reads them no more). */
export function transferableBuffers(job: SearchRebuildJob): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  // A small file's bytes may sit in a pooled buffer shared with other values of this thread.
  for (const bytes of [job.previous.postings?.bytes, job.previous.nestedIndex])
    if (bytes?.buffer instanceof ArrayBuffer && bytes.byteLength === bytes.buffer.byteLength) out.add(bytes.buffer);
  return [...out];
}
