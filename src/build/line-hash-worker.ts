// A worker thread of an incremental build: hashes every line of skills.jsonl (cache/line-hashes.ts)
// while the main thread opens the build cache, then posts the hashes and where the lines lie.
import { parentPort, workerData } from "node:worker_threads";
import { type LineHashes, lineHashes } from "./cache/line-hashes.js";
import type { WorkerMessage } from "./passes.js";

const port = parentPort;
if (!port) throw new Error("line-hash-worker.ts runs only as a worker thread");
const result = await lineHashes((workerData as { file: string }).file);
const post = (message: WorkerMessage<LineHashes | false, never>, transfer: ArrayBuffer[]) => port.postMessage(message, transfer);
post({ type: "done", result }, result ? [result.starts.buffer as ArrayBuffer, result.ends.buffer as ArrayBuffer] : []);
