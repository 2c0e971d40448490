// The browsable page: Vite builds web/ in memory (index.html, 404.html and their hashed assets
// under /assets/), and the files go through the site's sink like every other output, so one build
// writes one deterministic dist/ and an asset that is no longer produced is removed with the rest.
import { fileURLToPath } from "node:url";
import { type Rollup, build as viteBuild } from "vite";
import type { OutputSink } from "./output.js";

export const PAGE_CONFIG = fileURLToPath(new URL("../../web/vite.config.ts", import.meta.url));

export interface PageReport {
  files: string[];
}

export async function writePage(sink: OutputSink, configFile = PAGE_CONFIG): Promise<PageReport> {
  const result = await viteBuild({ configFile, logLevel: "warn", build: { write: false } });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const files: string[] = [];
  for (const { output } of outputs) {
    for (const item of output) {
      await sink.write(item.fileName, item.type === "chunk" ? item.code : item.source);
      files.push(item.fileName);
    }
  }
  return { files: files.sort() };
}
