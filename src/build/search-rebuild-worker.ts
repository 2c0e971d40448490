// A worker thread of an incremental build (cache/search-rebuild.ts): it reads and checks the build
// cache's term and nested indexes as soon as it starts and says whether they can be used, reads the
// previous build's search layout and suggestions while it waits, then takes
// the job (the patch and what search needs of the records) and then the skills' surface forms, writes the search index and posts its
// log lines as batches, then what it wrote, for the build's count of files.
import { parentPort, workerData } from "node:worker_threads";
import {
  type CachedSearchIndexes,
  readSearchIndexes,
  runSearchRebuildJob,
  type SearchRebuildJob,
  type SearchRebuildMessage,
  type SearchRebuildStart,
} from "./cache/search-rebuild.js";
import { readPreviousFiles, type SearchIndexes, searchIndexesOf } from "./cache/search-reuse.js";

const port = parentPort;
if (!port) throw new Error("search-rebuild-worker.ts runs only as a worker thread");
const post = (message: SearchRebuildMessage) => port.postMessage(message);
const start = workerData as SearchRebuildStart;
let cached: CachedSearchIndexes | undefined;
// Not awaited at the module's top level: a value awaited there stays in the module's own frame for
// as long as the thread runs, and these indexes must go once patched (takeIndexes).
const read = readSearchIndexes(start.files).then(
  (indexes) => {
    cached = indexes;
    post({ type: "ready" });
  },
  (e: Error) => post({ type: "ready", problem: e.message }),
);
// Read after the indexes (which decide whether the build runs in full), before the job comes.
const previous = read.then(() => readPreviousFiles(start.site, start.prefix));
// The job first, then the skills' surface forms (made by the main thread meanwhile).
let surface: (forms: Map<string, string>) => void = () => {};
const forms = new Promise<Map<string, string>>((resolve) => (surface = resolve));
/**
 * The cached indexes patched into this build's. Of the cached term index only the changed keys' lists
 * outlive its patch: it is let go here, in a function of its own, so no suspended frame of the job
 * (below) keeps a reference to it while the index is written (at 1M skills its keys and starts were
 * hundreds of megabytes).
 */
function takeIndexes(job: SearchRebuildJob): SearchIndexes {
  if (!cached) throw new Error("the build cache's indexes could not be read");
  const indexes = searchIndexesOf(job.previous, cached);
  cached = undefined;
  return indexes;
}
port.once("message", async (job: SearchRebuildJob) => {
  port.once("message", surface);
  const indexes = takeIndexes(job);
  post({ type: "done", result: await runSearchRebuildJob(job, indexes, previous, forms, (line) => post({ type: "batch", batch: line })) });
  port.close();
});
