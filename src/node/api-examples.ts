// The generated sample answers of the docs: docs/EXAMPLES.md (every example request) and the one
// sample of the README's tour, each between its start and end markers. The requests go to the
// function's code in-process over a build of the embedded dataset; long strings and lists are cut
// (the cut is marked), and request ids and timestamps are fixed so the files do not churn.
// `npm run docs:examples` rewrites both; test/docs/examples.test.ts fails while either is stale.
import { handleRequest } from "../api/handle.js";
import { createServices } from "../api/services.js";
import { folderAssets } from "./folder-assets.js";

export const EXAMPLE_PATHS = [
  "/skills?limit=2",
  "/skills/kubeops/k8s-incident-runbook",
  "/skills/docuflow/office-skills/content?path=skills/pdf-ocr/SKILL.md",
  "/skills/anvil-dev/pdf/stats",
  "/categories/frontend?locale=ja",
  "/skills/search?q=pdf%20-form&limit=2",
  "/skills/autocomplete?q=pd",
  "/events?limit=1",
  "/status",
  "/skills?limit=500",
];
/** The README's one sample: the answer to the last of its three curl lines. */
export const README_EXAMPLE = "/skills/autocomplete?q=pd";

/** Where each file keeps its generated section. */
export const SECTIONS = {
  examples: { file: "docs/EXAMPLES.md", start: "<!-- examples:start -->", end: "<!-- examples:end -->" },
  readme: { file: "README.md", start: "<!-- example:start -->", end: "<!-- example:end -->" },
} as const;

/** Shortens long strings and arrays so a sample stays readable; marks what was cut. */
function abridge(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return value.length > 160 ? `${value.slice(0, 160)}… (${value.length} characters)` : value;
  if (Array.isArray(value)) {
    const head = value.slice(0, depth === 0 ? 3 : 4).map((v) => abridge(v, depth + 1));
    return value.length > head.length ? [...head, `… ${value.length - head.length} more`] : head;
  }
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === "requestId") out[k] = "00000000-0000-4000-8000-000000000000";
      else if (k === "timestamp") out[k] = "2026-11-20T06:00:00.000Z";
      else out[k] = abridge(v, depth + 1);
    }
    return out;
  }
  return value;
}

/** Each path's sample as Markdown (the request, its status and its abridged JSON body), from the site built in `siteDir`. */
export async function renderExamples(siteDir: string, paths: readonly string[]): Promise<string> {
  // A fixed limiter: the samples show the headers' shape without a KV namespace behind them.
  const limiter = {
    check: async () => ({ "X-RateLimit-Limit": "100", "X-RateLimit-Remaining": "99", "X-RateLimit-Reset": "1795251600" }),
  };
  const services = { ...createServices(folderAssets(siteDir), limiter), now: () => 0 };
  let section = "";
  for (const path of paths) {
    const res = await handleRequest(
      { request: new Request(`http://127.0.0.1:8788/api/v1${path}`), env: { ASSETS: folderAssets(siteDir) }, waitUntil: () => {} },
      services,
    );
    const body = abridge(JSON.parse(await res.text()));
    section += `\`GET /api/v1${path}\` answers **${res.status}**:\n\n\`\`\`json\n${JSON.stringify(body, null, 2)}\n\`\`\`\n\n`;
  }
  return section.trimEnd();
}

/** The text between `start` and `end` (exclusive, trimmed), or an error naming the file that lacks them. */
export function sectionOf(text: string, where: { file: string; start: string; end: string }): string {
  const [, rest] = text.split(where.start);
  const inner = rest?.split(where.end)[0];
  if (inner === undefined) throw new Error(`${where.file} lacks the ${where.start} ... ${where.end} markers`);
  return inner.trim();
}

/** `text` with its section replaced by `section`. */
export function withSection(text: string, where: { file: string; start: string; end: string }, section: string): string {
  const [before, rest] = text.split(where.start);
  const after = rest?.split(where.end)[1];
  if (before === undefined || after === undefined) throw new Error(`${where.file} lacks the ${where.start} ... ${where.end} markers`);
  return `${before}${where.start}\n${section}\n${where.end}${after}`;
}
