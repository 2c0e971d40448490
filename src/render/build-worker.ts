// A worker thread of the build: runs the first pass over its byte range of skills.jsonl
// (src/render/stream-pass.ts), posting its progress, then its result with the postings' buffers
// transferred rather than copied.
import { parentPort, workerData } from "node:worker_threads";
import { partTransferList } from "../search/collect-postings.js";
import { type PassInput, runPass } from "./stream-pass.js";

const port = parentPort;
if (!port) throw new Error("build-worker.ts runs only as a worker thread");
const result = await runPass(workerData as PassInput, (records) => port.postMessage({ type: "progress", records }));
port.postMessage({ type: "done", result }, result.postings ? partTransferList(result.postings) : []);
