// A worker thread of the build: the nested skills' index (nested-job.ts) beside the main thread's
// postings merge and term index. It posts its log lines as batches, then its result.
import { parentPort, workerData } from "node:worker_threads";
import { type NestedJob, type NestedResult, runNestedJob } from "./nested-job.js";
import type { WorkerMessage } from "./passes.js";

const port = parentPort;
if (!port) throw new Error("nested-worker.ts runs only as a worker thread");
const post = (message: WorkerMessage<NestedResult, string>, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);
const result = await runNestedJob(workerData as NestedJob, (line) => post({ type: "batch", batch: line }));
post({ type: "done", result }, [result.typo.weights.buffer as ArrayBuffer]);
