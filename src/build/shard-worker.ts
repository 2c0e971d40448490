// A worker thread of the build's second pass: assembles the detail and files shards from the spill
// groups and writes them into the output folder (src/build/spill.ts), while the main thread builds
// the lists and the search index; it hands back what it wrote, for the build's count of files.
import { parentPort, workerData } from "node:worker_threads";
import type { WrittenFile } from "./output.js";
import type { WorkerMessage } from "./passes.js";
import { runShardJob, type ShardJob } from "./spill.js";

if (!parentPort) throw new Error("shard-worker.ts runs only as a worker thread");
const message: WorkerMessage<WrittenFile[]> = { type: "done", result: await runShardJob(workerData as ShardJob) };
parentPort.postMessage(message);
