// A worker thread of the build: runs the first pass over its byte range of skills.jsonl
// (src/build/stream-pass.ts), posting its progress and its slim records in batches as it goes, then
// its result with the postings' buffers transferred rather than copied.
import { parentPort, workerData } from "node:worker_threads";
import type { WorkerMessage } from "./passes.js";
import { partTransferList } from "./search-index/collect-postings.js";
import { type PassBatch, type PassInput, type PassResult, runPass } from "./stream-pass.js";

const port = parentPort;
if (!port) throw new Error("build-worker.ts runs only as a worker thread");
const post = (message: WorkerMessage<PassResult, PassBatch>, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
const result = await runPass(
  workerData as PassInput,
  (records) => post({ type: "progress", records }),
  (batch) => post({ type: "batch", batch }),
);
post(
  { type: "done", result },
  [result.postings, result.meaning].flatMap((part) => (part ? partTransferList(part) : [])),
);
