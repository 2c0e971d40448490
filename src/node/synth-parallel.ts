// Writing a synthetic dataset's skills.jsonl with several workers: each makes one consecutive part
// of the key order into a file of its own, and the parts are joined in order. Every record is seeded
// by its own index, so the result is byte for byte what one thread writes.
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { startWorker } from "../build/typescript-worker.js";
import type { SynthOptions } from "../synth/generate.js";

export async function writeSynthetic(
  options: Omit<SynthOptions, "range">,
  file: string,
  workers: number,
  progress: (done: number) => void,
): Promise<void> {
  const parts = Math.max(1, Math.min(workers, options.skills));
  const files = Array.from({ length: parts }, (_, p) => `${file}.part${p}`);
  let done = 0;
  await Promise.all(
    files.map((partFile, p) => {
      const range = { from: Math.floor((options.skills * p) / parts), to: Math.floor((options.skills * (p + 1)) / parts) };
      const worker = startWorker(new URL("./synth-worker.ts", import.meta.url), {
        workerData: { options: { ...options, range }, file: partFile },
      });
      worker.on("message", (n: number) => progress((done += n)));
      return new Promise<void>((resolve, reject) => {
        worker.on("error", reject);
        worker.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`synth worker ${p} exited with ${code}`))));
      });
    }),
  );
  // The first part becomes the file; the others are appended to it, so only they are copied.
  const out = createWriteStream(files[0]!, { flags: "a" });
  for (const partFile of files.slice(1)) {
    for await (const chunk of createReadStream(partFile)) if (!out.write(chunk)) await once(out, "drain");
    await rm(partFile);
  }
  out.end();
  await once(out, "finish");
  await rename(files[0]!, file);
}
