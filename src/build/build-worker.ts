// A worker thread of the build: runs the first pass over its byte range of skills.jsonl
// (src/build/stream-pass.ts), posting its progress and its slim records in batches as it goes, and
// writing its postings and meaning parts to the spill folder in bounded runs as it goes (so its heap
// does not grow with its range), then posting its result with the runs' files in order.
import { join } from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import type { WorkerMessage } from "./passes.js";
import type { CollectedPart } from "./search-index/collect-postings.js";
import { writePartSync } from "./search-index/part-file.js";
import { type PartFile, type PassBatch, type PassInput, type PassResult, type PassRun, runPass } from "./stream-pass.js";

const port = parentPort;
if (!port) throw new Error("build-worker.ts runs only as a worker thread");
const post = (message: WorkerMessage<PassResult, PassBatch>, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
const input = workerData as PassInput;
// The parts go to disk, not to the main thread, which holds the slim records until the lists are
// written: it reads them back after that (build.ts), one kind at a time.
const files: { postings: PartFile[]; meaning: PartFile[] } = { postings: [], meaning: [] };
let runs = 0;
const spill = (part: CollectedPart | null, name: "postings" | "meaning", run: number, last = false) => {
  // An empty part (a range that ends on a run's boundary, a run with no SKILL.md) adds nothing to the
  // merge; but a range leaves at least one of each kind, so a build always finds its parts on disk.
  if (!part || (part.count === 0 && !(last && files[name].length === 0))) return;
  const file = join(input.spillDir, `${name}-${input.part}-${run}.bin`);
  writePartSync(file, part);
  files[name].push({ file, count: part.count });
};
const writeRun = (run: PassRun, last = false) => {
  spill(run.postings, "postings", runs, last);
  spill(run.meaning, "meaning", runs, last);
  runs++;
};
const result = await runPass(
  input,
  (records) => post({ type: "progress", records }),
  (batch) => post({ type: "batch", batch }),
  writeRun,
);
writeRun({ postings: result.postings, meaning: result.meaning }, true);
result.partFiles = files;
result.postings = null;
result.meaning = null;
post({ type: "done", result });
