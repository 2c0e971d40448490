// The build: dataset folder -> static site. Renders every prebuilt response and the search index into
// dist/_data/ (the format is src/contract/), validates each against its schema, writes only what
// changed, and records a manifest.
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { COLUMN_NAMES, encodeColumns, toLittleEndian } from "../contract/columns.js";
import { listOrder, ORDERS, SORTS } from "../contract/list-order.js";
import { BuildManifest, MANIFEST_FORMAT } from "../contract/manifest.js";
import { categoriesFile, columnFile, DATA_PREFIX, listOrderFile, MANIFEST_FILE, OPENAPI_FILE, ROUTES_FILE } from "../contract/paths.js";
import type { SearchManifest } from "../contract/search-manifest.js";
import { readCrawlState } from "../dataset/crawl-state.js";
import { readEventLog } from "../dataset/event-log.js";
import { type Dataset, readDataset, readSources } from "../dataset/files.js";
import { stableStringify } from "../dataset/json.js";
import { readLastCrawl } from "../dataset/last-crawl.js";
import { Category, CategoryDetail } from "../schemas/resources.js";
import { categoryMembers, renderCategories } from "./categories.js";
import { renderEventFeed } from "./events.js";
import { openApiDocument } from "./openapi.js";
import { directorySink, type OutputSink, type WriteStats } from "./output.js";
import { writePage } from "./page.js";
import { routesFile } from "./routes-file.js";
import { writeSearchIndex } from "./search-index.js";
import { renderShards } from "./site-files.js";
import { renderStatus } from "./status.js";

export interface BuildOptions {
  dataDir: string;
  outDir: string;
  /** Hand-written static files copied as they are (_headers, robots.txt, favicon). */
  publicDir?: string;
  /** Whether to build the browsable page into the site (default true; see src/render/page.ts). */
  page?: boolean;
  /** Whether to build the search index (default true); false only for fast tests of the rest. */
  search?: boolean;
  /** sources.json, for the exclusion patterns GET /index-status reports (default: the dataset folder's, if any). */
  sourcesFile?: string;
  /** When the site is built, for GET /status; defaults to the dataset's time, so one dataset always builds the same bytes. */
  builtAt?: Date;
  log?: (line: string) => void;
  /**
   * Runs on the dataset as read, before anything is rendered: `npm run build` records the events of
   * hand edits here (src/events/record.ts), so the feed it renders next includes them.
   */
  beforeRender?: (dataset: Dataset) => Promise<void>;
}

export interface BuildReport {
  skills: number;
  /** Old names not served because another repository holds the name now (see renderShards). */
  droppedAliases: string[];
  manifest: BuildManifest;
  output: WriteStats;
  millis: number;
  /** Of which building the search index (0 without one). */
  searchMillis: number;
}

const prefixed = (sink: OutputSink, prefix: string): OutputSink => ({
  write: (path, data) => sink.write(`${prefix}/${path}`, data),
});

const json = (value: unknown) => `${stableStringify(value)}\n`;

async function copyPublic(dir: string, sink: OutputSink, base = ""): Promise<void> {
  const entries = await readdir(join(dir, base), { withFileTypes: true }).catch(() => []);
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const rel = base ? `${base}/${e.name}` : e.name;
    if (e.isDirectory()) await copyPublic(dir, sink, rel);
    else await sink.write(rel, await readFile(join(dir, rel)));
  }
}

/** The deployment's vocabularies: category slugs, platform ids, locales (the manifest and the OpenAPI document carry them). */
export const vocabularyOf = ({ categories, platforms }: Pick<Dataset, "categories" | "platforms">) => ({
  categories: categories.categories.map((c) => c.slug),
  platforms: platforms.platforms.map((p) => p.id),
  locales: categories.locales,
});

export async function build(options: BuildOptions): Promise<BuildReport> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  log(`reading dataset ${options.dataDir}`);
  const dataset = await readDataset(options.dataDir);
  const { records, categories, stats, meta } = dataset;
  await options.beforeRender?.(dataset);
  const vocabulary = vocabularyOf(dataset);
  const { sink, finish } = directorySink(options.outDir);
  const data = prefixed(sink, DATA_PREFIX);

  log(`rendering ${records.length} skills`);
  const shards = renderShards(records, stats);
  for (const dropped of shards.droppedAliases) log(`  old name ${dropped} dropped: the name now belongs to another repository`);
  let done = 0;
  for (const [path, value] of [...shards.files].sort(([a], [b]) => (a < b ? -1 : 1))) {
    await data.write(path, value);
    if (++done % 500 === 0) log(`  shards ${done}/${shards.files.size}`);
  }

  log("rendering list index");
  const columns = encodeColumns(records, shards.refs, vocabulary);
  for (const name of COLUMN_NAMES) await data.write(columnFile(name), columns[name]);
  for (const sort of SORTS)
    for (const order of ORDERS) await data.write(listOrderFile(sort, order), toLittleEndian(listOrder(records, sort, order)));

  log(`rendering categories in ${vocabulary.locales.length} locales`);
  const members = categoryMembers(categories, records);
  for (const locale of vocabulary.locales) {
    const rendered = renderCategories(categories, records, locale, members);
    rendered.list.forEach((c) => Category.parse(c));
    Object.values(rendered.details).forEach((c) => CategoryDetail.parse(c));
    await data.write(categoriesFile(locale), json(rendered));
  }

  const events = await readEventLog(options.dataDir);
  log(`rendering the events feed (${events.events.length} events)`);
  const feed = await renderEventFeed(events.events, data);

  let search: SearchManifest | null = null;
  let searchMillis = 0;
  if (options.search ?? true) {
    log("building search index");
    const t = performance.now();
    search = await writeSearchIndex(records, data, (line) => log(`  ${line}`));
    searchMillis = performance.now() - t;
  }

  const manifest = BuildManifest.parse({
    format: MANIFEST_FORMAT,
    generatedAt: meta.generatedAt,
    counts: { skills: records.length, aliases: shards.aliases, files: records.reduce((n, r) => n + r.files.length, 0) },
    shards: { skills: shards.skillShards, summaries: shards.summaryShards },
    vocabulary,
    search,
    events: { count: feed.count, last: feed.last },
  });
  await data.write(MANIFEST_FILE, json(manifest));

  log("rendering status and index status");
  const sourcesFile = options.sourcesFile ?? join(options.dataDir, "sources.json");
  const status = renderStatus({
    dataset,
    state: await readCrawlState(options.dataDir),
    lastCrawl: await readLastCrawl(options.dataDir),
    exclude: existsSync(sourcesFile) ? (await readSources(sourcesFile)).exclude : [],
    counts: manifest.counts,
    builtAt: (options.builtAt ?? new Date(meta.generatedAt)).toISOString().replace(/\.\d{3}Z$/, "Z"),
  });
  for (const [path, value] of status) await data.write(path, json(value));
  await data.write(OPENAPI_FILE, `${stableStringify(openApiDocument(vocabulary), 2)}\n`);
  // The page's static files are the only paths the function does not answer (routes-file.ts).
  const staticPaths: string[] = [];
  const site: OutputSink = {
    write: (path, data) => {
      staticPaths.push(path);
      return sink.write(path, data);
    },
  };
  if (options.publicDir) await copyPublic(options.publicDir, site);
  if (options.page ?? true) {
    log("building the page");
    const page = await writePage(site);
    log(`  ${page.files.length} files: ${page.files.join(", ")}`);
  }
  await sink.write(ROUTES_FILE, json(routesFile(staticPaths)));

  const output = await finish();
  const millis = performance.now() - started;
  log(
    `wrote ${output.written} of ${output.files} files (${output.unchanged} unchanged, ${output.removed} removed) in ${Math.round(millis)} ms`,
  );
  return { skills: records.length, droppedAliases: shards.droppedAliases, manifest, output, millis, searchMillis };
}
