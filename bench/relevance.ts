// Relevance benchmark: npx tsx bench/relevance.ts [--work DIR]
// Builds the real shared dataset and runs the known-answer tables (the dataset's own, typo'd forms of
// distinctive names, nested skills of collections) with typo tolerance off, "missing" (the default:
// typo matches join only for a word no skill holds) and "always" (typo matches always join, scored
// below exact ones), and reports hits, result totals and index work per mode. Writes
// bench/results/relevance.md. The site built in the work folder is reused while its format is current.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { build } from "../src/build/build.js";
import { SearchManifest } from "../src/contract/search-manifest.js";
import { builtSite } from "../src/node/built-site.js";
import { folderStore } from "../src/node/folder-assets.js";
import { KNOWN_ANSWERS, NESTED_ANSWERS, TYPO_ANSWERS } from "../src/node/known-answers.js";
import { convertSharedDataset, sharedDatasetPresent } from "../src/node/shared-dataset.js";
import { executeQuery } from "../src/search/engine.js";
import { NO_FILTERS, searchColumns } from "../src/search/filter.js";
import { parseQuery } from "../src/search/query.js";
import { SearchIndex, type TypoMode } from "../src/search/resolve.js";
import { machineLine, percentile, table } from "./support/machine.js";

const ROOT = resolve(import.meta.dirname, "..");
const { values } = parseArgs({ options: { work: { type: "string", default: join(tmpdir(), "skills-relevance-bench") } } });
const MODES: TypoMode[] = ["off", "missing", "always"];

async function main() {
  if (!sharedDatasetPresent()) {
    console.log("no shared dataset; nothing to measure");
    return;
  }
  const work = values.work!;
  mkdirSync(work, { recursive: true });
  const data = join(work, "data");
  const site = join(work, "site");
  if (!existsSync(join(data, "skills.jsonl"))) await convertSharedDataset(data);
  // A site left by an earlier run is reused only if the current code can read it.
  const built = builtSite(site);
  if (built.state !== "current") {
    console.log(built.state === "missing" ? `building ${site}` : `rebuilding ${site}: ${built.why}`);
    await build({ dataDir: data, outDir: site });
  }
  const store = folderStore(site, 256 * 1024 * 1024);
  const manifest = SearchManifest.parse((await store.manifest()).search);
  const columns = await store.columns(searchColumns(NO_FILTERS));
  const records = (await store.summaries(Array.from({ length: columns.count }, (_, o) => o))).map((s) => `${s.owner}/${s.repo}`);
  const tables = [
    ["the dataset's known answers", KNOWN_ANSWERS],
    ["typo'd distinctive names", TYPO_ANSWERS],
    ["nested skills of collections", NESTED_ANSWERS],
  ] as const;
  // Every query once in every mode first, so the timings below read a warm store (shards cached, code compiled).
  for (const [, answers] of tables) {
    for (const [q] of answers)
      for (const mode of MODES)
        await executeQuery(new SearchIndex(store, manifest), columns, parseQuery(q), NO_FILTERS, 1, 3, { typos: mode });
  }
  const rows: string[][] = [];
  const detail: string[] = [];
  for (const [label, answers] of tables) {
    const perMode = MODES.map(() => ({ first: 0, top3: 0, totals: [] as number[], work: [] as number[], millis: [] as number[] }));
    for (const [q, expected] of answers) {
      const line: string[] = [`\`${q}\``];
      for (const [m, mode] of MODES.entries()) {
        const index = new SearchIndex(store, manifest);
        const t = performance.now();
        const out = await executeQuery(index, columns, parseQuery(q), NO_FILTERS, 1, 3, { typos: mode });
        perMode[m]!.millis.push(performance.now() - t);
        const got = out.items.map((i) => records[i.ordinal]!);
        if (expected.includes(got[0] ?? "")) perMode[m]!.first++;
        if (got.some((g) => expected.includes(g))) perMode[m]!.top3++;
        perMode[m]!.totals.push(out.total);
        perMode[m]!.work.push(index.budget.spent);
        line.push(`${expected.includes(got[0] ?? "") ? "first" : got.some((g) => expected.includes(g)) ? "top 3" : "miss"} (${out.total})`);
      }
      detail.push(`| ${line.join(" | ")} |`);
    }
    MODES.forEach((mode, m) => {
      const r = perMode[m]!;
      rows.push([
        label,
        mode,
        `${r.first}/${answers.length}`,
        `${r.top3}/${answers.length}`,
        String(percentile(r.totals, 50)),
        String(percentile(r.work, 95)),
        percentile(r.millis, 95).toFixed(1),
      ]);
    });
  }
  const doc = [
    "# Relevance benchmark",
    "",
    `Machine: ${machineLine()}. Command: \`npx tsx bench/relevance.ts\`. The real shared dataset, built; each query run in-process against the index with the typo mode shown.`,
    "",
    table(["table", "typo mode", "expected first", "expected in top 3", "median total", "index lookups p95", "p95 ms (warm store)"], rows),
    "",
    "Per query (outcome and `pagination.total`), typo modes off / missing / always:",
    "",
    "| query | off | missing | always |",
    "|---|---|---|---|",
    ...detail,
    "",
  ].join("\n");
  mkdirSync(join(ROOT, "bench", "results"), { recursive: true });
  writeFileSync(join(ROOT, "bench", "results", "relevance.md"), doc);
  console.log(doc);
}

await main();
