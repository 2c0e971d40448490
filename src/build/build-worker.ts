// A worker thread of the build: runs the first pass over its byte range of skills.jsonl
// (src/build/stream-pass.ts), posting its progress and its slim records in batches as it goes, then
// its result, its postings and meaning parts written to the spill folder.
import { join } from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import type { WorkerMessage } from "./passes.js";
import type { CollectedPart } from "./search-index/collect-postings.js";
import { writePart } from "./search-index/part-file.js";
import { type PartFile, type PassBatch, type PassInput, type PassResult, runPass } from "./stream-pass.js";

const port = parentPort;
if (!port) throw new Error("build-worker.ts runs only as a worker thread");
const post = (message: WorkerMessage<PassResult, PassBatch>, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
const result = await runPass(
  workerData as PassInput,
  (records) => post({ type: "progress", records }),
  (batch) => post({ type: "batch", batch }),
);
// The parts go to disk, not to the main thread, which holds the slim records until the lists are
// written: it reads them back one at a time after that (build.ts), and this thread's heap goes now.
const input = workerData as PassInput;
const spill = async (part: CollectedPart | null, name: string): Promise<PartFile | undefined> => {
  if (!part) return undefined;
  const file = join(input.spillDir, `${name}-${input.part}.bin`);
  await writePart(file, part);
  return { file, count: part.count };
};
result.partFiles = { postings: await spill(result.postings, "postings"), meaning: await spill(result.meaning, "meaning") };
result.postings = null;
result.meaning = null;
post({ type: "done", result });
