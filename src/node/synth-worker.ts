// One part of a synthetic dataset, made in a worker thread: the records at positions [from, to) of
// the key order, written as JSON Lines to the part's file, with progress posted every 1,000 records.
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { stableStringify } from "../dataset/json.js";
import { type SynthOptions, synthesize } from "../synth/generate.js";

const { options, file } = workerData as { options: SynthOptions; file: string };
const out = createWriteStream(file);
let n = 0;
for (const record of synthesize(options)) {
  if (!out.write(`${stableStringify(record)}\n`)) await once(out, "drain");
  if (++n % 1000 === 0) parentPort!.postMessage(1000);
}
out.end();
await once(out, "finish");
if (n % 1000 !== 0) parentPort!.postMessage(n % 1000);
