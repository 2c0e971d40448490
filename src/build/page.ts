// The browsable page: Vite builds web/ in memory (index.html, 404.html and their hashed assets
// under /assets/), and the files go through the site's sink like every other output, so one build
// writes one deterministic dist/ and an asset that is no longer produced is removed with the rest.
// A demo dataset (src/contract/demo-data.ts) marks both HTML files: index.html gets the meta tag the
// page shows as a notice on every view, and the static 404.html the notice itself.
import { fileURLToPath } from "node:url";
import { type Rollup, build as viteBuild } from "vite";
import { DEMO_META, DEMO_NOTICE } from "../contract/demo-data.js";
import type { OutputSink } from "./output.js";

export const PAGE_CONFIG = fileURLToPath(new URL("../../web/vite.config.ts", import.meta.url));

export interface PageReport {
  files: string[];
}

const utf8 = new TextDecoder();
const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The HTML file as the demo site serves it: the meta tag in index.html's head, the notice atop 404.html's body. */
export function markDemo(fileName: string, html: string): string {
  const mark = (at: string, insert: string) => {
    if (!html.includes(at)) throw new Error(`the page's ${fileName} has no ${at} to mark as demo data`);
    return html.replace(at, `${at}\n    ${insert}`);
  };
  if (fileName === "index.html") return mark("<head>", `<meta name="${DEMO_META.name}" content="${DEMO_META.content}" />`);
  if (fileName === "404.html") return mark("<body>", `<p class="demo-notice" role="note">${escapeHtml(DEMO_NOTICE)}</p>`);
  return html;
}

export async function writePage(sink: OutputSink, options: { demo?: boolean; configFile?: string } = {}): Promise<PageReport> {
  const { demo = false, configFile = PAGE_CONFIG } = options;
  const result = await viteBuild({ configFile, logLevel: "warn", build: { write: false } });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const files: string[] = [];
  for (const { output } of outputs) {
    for (const item of output) {
      const data = item.type === "chunk" ? item.code : item.source;
      const html = demo && item.fileName.endsWith(".html");
      await sink.write(item.fileName, html ? markDemo(item.fileName, typeof data === "string" ? data : utf8.decode(data)) : data);
      files.push(item.fileName);
    }
  }
  return { files: files.sort() };
}
