// A worker thread of an incremental build: the search index patched and written (cache/search-rebuild.ts)
// while the main thread writes the lists, status and meaning update. It posts its log lines as
// batches, then what it wrote, for the build's count of files.
import { parentPort, workerData } from "node:worker_threads";
import { runSearchRebuildJob, type SearchRebuildJob, type SearchRebuildResult } from "./cache/search-rebuild.js";
import type { WorkerMessage } from "./passes.js";

const port = parentPort;
if (!port) throw new Error("search-rebuild-worker.ts runs only as a worker thread");
const post = (message: WorkerMessage<SearchRebuildResult, string>) => port.postMessage(message);
post({ type: "done", result: await runSearchRebuildJob(workerData as SearchRebuildJob, (line) => post({ type: "batch", batch: line })) });
