// A worker thread of the build: one part of the search index (search-job.ts) beside the main
// thread's work. It posts its log lines as batches, then its result.
import { parentPort, workerData } from "node:worker_threads";
import type { WorkerMessage } from "./passes.js";
import { runSearchJob, type SearchJob, type SearchJobResult } from "./search-job.js";

const port = parentPort;
if (!port) throw new Error("search-worker.ts runs only as a worker thread");
const post = (message: WorkerMessage<SearchJobResult, string>) => port.postMessage(message);
post({ type: "done", result: await runSearchJob(workerData as SearchJob, (line) => post({ type: "batch", batch: line })) });
