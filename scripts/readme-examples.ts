// npm run readme:examples: rebuilds the embedded dataset, sends the README's example requests to
// the API in-process, and rewrites the README's examples section with the real responses.
// Request ids and timestamps are replaced by fixed values so the README does not churn.
import { mkdtempSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { handleRequest } from "../src/api/handle.js";
import { createServices } from "../src/api/services.js";
import { build } from "../src/build/build.js";
import { runCommand } from "../src/node/cli.js";
import { folderAssets } from "../src/node/folder-assets.js";

const EXAMPLES = [
  "/skills?limit=2",
  "/skills/kubeops/k8s-incident-runbook",
  "/skills/docuflow/office-skills/content?path=skills/pdf-ocr/SKILL.md",
  "/skills/anvil-dev/pdf/stats",
  "/categories/frontend?locale=ja",
  "/skills/search?q=pdf%20-form&limit=2",
  "/skills/autocomplete?q=pd",
  "/events?limit=1",
  "/skills?limit=500",
];

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

await runCommand({
  name: "readme:examples",
  usage: `(no options)
  rebuilds the embedded dataset into a temporary folder, sends the README's example requests to the
  API in-process and rewrites the README section between <!-- examples:start --> and <!-- examples:end -->`,
  options: {},
  async run() {
    const siteDir = mkdtempSync(join(tmpdir(), "skills-readme-"));
    await build({ dataDir: "data", outDir: siteDir });
    // A fixed limiter: the samples show the headers' shape without a KV namespace behind them.
    const limiter = {
      check: async () => ({ "X-RateLimit-Limit": "100", "X-RateLimit-Remaining": "99", "X-RateLimit-Reset": "1795251600" }),
    };
    const services = { ...createServices(folderAssets(siteDir), limiter), now: () => 0 };

    let section = "";
    for (const path of EXAMPLES) {
      const res = await handleRequest(
        { request: new Request(`http://127.0.0.1:8788/api/v1${path}`), env: { ASSETS: folderAssets(siteDir) }, waitUntil: () => {} },
        services,
      );
      const body = abridge(JSON.parse(await res.text()));
      section += `\`GET /api/v1${path}\` answers **${res.status}**:\n\n\`\`\`json\n${JSON.stringify(body, null, 2)}\n\`\`\`\n\n`;
    }
    const readme = await readFile("README.md", "utf8");
    const start = "<!-- examples:start -->";
    const end = "<!-- examples:end -->";
    const [before, rest] = readme.split(start);
    const after = rest?.split(end)[1];
    if (before === undefined || after === undefined) throw new Error(`README.md lacks the ${start} ... ${end} markers`);
    await writeFile("README.md", `${before}${start}\n${section.trimEnd()}\n${end}${after}`);
    console.log(`README examples rewritten from ${EXAMPLES.length} requests`);
    return 0;
  },
});
