// A worker thread of the build: the meaning pass (meaning-job.ts) beside the main thread's search
// index. It posts its progress lines as batches, then its result.
import { parentPort, workerData } from "node:worker_threads";
import { type MeaningJob, type MeaningResult, runMeaningJob } from "./meaning-job.js";
import type { WorkerMessage } from "./passes.js";

const port = parentPort;
if (!port) throw new Error("meaning-worker.ts runs only as a worker thread");
const post = (message: WorkerMessage<MeaningResult, string>) => port.postMessage(message);
const result = await runMeaningJob(workerData as MeaningJob, (line) => post({ type: "batch", batch: line }));
post({ type: "done", result });
