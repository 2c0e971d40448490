// A worker thread of an incremental build's second pass: the detail, files and text shards that hold
// a changed skill assembled again, the others kept (cache/kept-shards.ts), while the main thread
// builds the lists, status and the search index; it hands back what it wrote and kept, for the
// build's count of files.
import { parentPort, workerData } from "node:worker_threads";
import { type KeptShardJob, runKeptShardJob } from "./cache/kept-shards.js";
import type { WorkerMessage } from "./passes.js";

const port = parentPort;
if (!port) throw new Error("kept-shard-worker.ts runs only as a worker thread");
const message: WorkerMessage<Awaited<ReturnType<typeof runKeptShardJob>>> = {
  type: "done",
  result: await runKeptShardJob(workerData as KeptShardJob),
};
port.postMessage(message);
