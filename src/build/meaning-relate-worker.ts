// A worker thread of the build: relates a range of the meaning model's words (meaning-model.ts
// relateRange) over tables in shared buffers, while the main thread relates the rest.
import { parentPort, workerData } from "node:worker_threads";
import type { WorkerMessage } from "./passes.js";
import { type RelatedRange, type RelateJob, relateRange } from "./search-index/meaning-model.js";

const port = parentPort;
if (!port) throw new Error("meaning-relate-worker.ts runs only as a worker thread");
const { tables, from, to } = workerData as RelateJob;
const result = relateRange(tables, from, to);
const post = (message: WorkerMessage<RelatedRange, never>, transfer: ArrayBuffer[]) => port.postMessage(message, transfer);
post(
  { type: "done", result },
  [result.words, result.counts, result.terms, result.weights].map((a) => a.buffer as ArrayBuffer),
);
