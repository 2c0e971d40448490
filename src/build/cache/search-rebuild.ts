// An incremental build's search index as one job: the patch against the previous build
// (search-reuse.ts), the index's files written (search-index.ts writeSearchFiles) and the build
// cache's term and nested indexes. For a large directory it runs in a worker thread
// (search-rebuild-worker.ts), started once the cache's key matches: it reads and checks the cache's
// indexes while this thread opens the rest of the cache and streams the dataset, then takes the job
// and runs beside the lists, status and meaning update (or, for a large cached term index, from when
// the list heads are written: build.ts MAX_SEARCH_BESIDE_BYTES). At 100k skills that was about 12 s of
// the main thread's time, a third of a 1% rebuild. The job is a function of its input alone, so the bytes
// are those the main thread would write.
import { basename, join } from "node:path";
import type { Worker } from "node:worker_threads";
import type { SlimRecord } from "../../dataset/stream.js";
import { type OutputSink, type WrittenFile, writeBehind, writeOutputFile } from "../output.js";
import { type WorkerMessage, workerModule } from "../passes.js";
import { type SearchFiles, type SearchSkills, writeSearchFiles } from "../search-index/search-index.js";
import { startWorker } from "../typescript-worker.js";
import { CACHE_FILES, type IndexFile, type SearchIndexFiles } from "./cache-store.js";
import { type indexOf, openStored, readStored, replaceStored, type StoredFile, type StoredIndex } from "./index-store.js";
import { knownFilesOf } from "./kept-shards.js";
import {
  type PreviousFiles,
  type PreviousSearch,
  type PreviousSite,
  readPreviousFiles,
  type SearchIndexes,
  searchIndexesOf,
  searchPatchOf,
} from "./search-reuse.js";

export interface SearchRebuildJob {
  /** The previous build as the cache holds it, with its term index and how it becomes this build's. */
  previous: PreviousSearch;
  /** This build's skills as search sees them; their surface forms come after the job (SearchRebuild.run). */
  skills: Omit<SearchSkills, "surface">;
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

/** The cache's indexes, read and checked. */
export interface CachedSearchIndexes {
  /** Checked, not held: it is patched as it is read (index-patch.ts patchStoredFile). */
  postings: StoredFile;
  nested: StoredIndex | null;
}

/** Reads the cache's indexes; throws, naming the file, on anything malformed. */
export async function readSearchIndexes(files: SearchIndexFiles): Promise<CachedSearchIndexes> {
  const named = (e: Error, file: string) => new Error(e.message.replace(file, basename(file)));
  const postings = await openStored(files.postings, files.rows).catch((e: Error) => {
    throw named(e, files.postings);
  });
  const nested = files.nested
    ? await readStored(files.nested, 2 ** 32).catch((e: Error) => {
        throw named(e, files.nested!);
      })
    : null;
  return { postings, nested };
}

/** What a search rebuild reads before it has its job: the cache's indexes and the previous build's layout and suggestions. */
export interface SearchRebuildStart {
  files: SearchIndexFiles;
  site: PreviousSite;
  /** The data folder's name in the site. */
  prefix: string;
}

/**
 * Runs `job` over the cache's indexes patched into this build's (search-reuse.ts searchIndexesOf: the
 * caller lets the cached term index go then) and the previous build's files read ahead; `log` hears
 * its lines.
 */
export async function runSearchRebuildJob(
  job: SearchRebuildJob,
  indexes: SearchIndexes,
  previousFiles: Promise<PreviousFiles>,
  surface: Promise<SearchSkills["surface"]>,
  log: (line: string) => void,
): Promise<SearchRebuildResult> {
  const { previous, cacheDir } = job;
  const files: WrittenFile[] = [];
  const adopt = (file: WrittenFile) => files.push(file);
  const known = knownFilesOf(previous.cache, job.outDir);
  // A slot taken when a write starts: the record keeps the order of the calls, as the main thread's sink does.
  const sink: OutputSink = {
    async write(path, data) {
      const at = files.push(undefined as unknown as WrittenFile) - 1;
      files[at] = await writeOutputFile(job.outDir, `${job.prefix}/${path}`, data, known);
    },
  };
  const postings = indexes.after;
  const patch = await searchPatchOf({
    previous,
    files: previousFiles,
    indexes,
    nested: job.skills.nested,
    hidden: job.skills.hidden,
    fresh: job.fresh,
    moved: job.moved,
    outDir: job.outDir,
    prefix: job.prefix,
    adopt,
    log,
  });
  const cached: SearchRebuildResult["cached"] = [];
  const skills: SearchSkills = { ...job.skills, surface: await surface };
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

/** An incremental build's search index, its cache's indexes read ahead. */
export interface SearchRebuild {
  /** Settles once the cache's indexes are read: undefined, or why they cannot be used (the build then runs in full). */
  ready: Promise<string | undefined>;
  /**
   * Runs the job; `surface` makes the skills' surface forms (suggest-build.ts surfaceFormsOf), called
   * before this returns (once a worker has the job, so the two threads make their parts at once: the
   * forms are needed only for the suggestions, the job's last part); `log` hears its lines.
   */
  run(job: SearchRebuildJob, surface: () => SearchSkills["surface"], log: (line: string) => void): Promise<SearchRebuildResult>;
  /** Lets the worker go (a build that runs in full, or is over). */
  stop(): void;
}

/** What the worker thread posts: whether the indexes were read, its log lines, its result. */
export type SearchRebuildMessage = { type: "ready"; problem?: string } | WorkerMessage<SearchRebuildResult, string>;

/**
 * Starts reading the cache's indexes for the search index, in a worker thread or in this one, and
 * the previous build's layout and suggestions beside them.
 */
export function startSearchRebuild(start: SearchRebuildStart, inWorker: boolean): SearchRebuild {
  if (!inWorker) {
    const read = readSearchIndexes(start.files);
    const previous = readPreviousFiles(start.site, start.prefix);
    return {
      ready: read.then(
        () => undefined,
        (e: Error) => e.message,
      ),
      run: (job, surface, log) => {
        // Now: the records it reads may be let go once this returns.
        const forms = surface();
        return read.then((stored) =>
          runSearchRebuildJob(job, searchIndexesOf(job.previous, stored), previous, Promise.resolve(forms), log),
        );
      },
      stop: () => {},
    };
  }
  const worker: Worker = startWorker(workerModule("search-rebuild-worker"), { workerData: start });
  let settle: { resolve: (r: SearchRebuildResult) => void; reject: (e: Error) => void } | undefined;
  let log: (line: string) => void = () => {};
  let failed: Error | undefined;
  let problem: (p: string | undefined) => void = () => {};
  const ready = new Promise<string | undefined>((resolve) => (problem = resolve));
  const fail = (e: Error) => {
    failed ??= e;
    problem(`the search index's worker stopped (${e.message})`);
    settle?.reject(e);
  };
  worker.on("message", (message: SearchRebuildMessage) => {
    // Read: until it is given its job, the worker keeps no process alive (a build that fails before
    // that lets it go with the process).
    if (message.type === "ready") {
      worker.unref();
      problem(message.problem);
    } else if (message.type === "batch") log(message.batch);
    else if (message.type === "done") settle?.resolve(message.result);
  });
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`search-rebuild-worker exited with code ${code}`)));
  return {
    ready,
    run(job, surface, hear) {
      log = hear;
      return new Promise<SearchRebuildResult>((resolve, reject) => {
        if (failed) return reject(failed);
        settle = { resolve, reject };
        worker.ref();
        worker.postMessage(job);
        worker.postMessage(surface());
      });
    },
    stop: () => void worker.terminate(),
  };
}
