// The build: dataset folder -> static site. Renders every prebuilt response and the search index into
// dist/_data/ (the format is src/contract/), validates each against its schema, writes only what
// changed, and records a manifest. It streams skills.jsonl in two passes so memory holds slim
// records and the index, never every SKILL.md text: the first pass (in worker threads, one byte
// range each) renders each skill's detail and files entries to spill files on disk and collects its
// search keys; the second assembles the shards one spill group at a time. docs/SCALE.md has the figures.
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rm, stat } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { isoSeconds } from "../contract/iso-time.js";
import { skillKey } from "../contract/key.js";
import { LIST_HEAD, type ListHead } from "../contract/list-order.js";
import { BuildManifest, MANIFEST_FORMAT } from "../contract/manifest.js";
import { categoriesFile, DATA_PREFIX, MANIFEST_FILE, OPENAPI_FILE, ROUTES_FILE, shardFile } from "../contract/paths.js";
import type { MeaningManifest, SearchLayoutRef, SearchManifest } from "../contract/search-manifest.js";
import { shardCountFor, shardOf } from "../contract/shard.js";
import type { TypoEntry } from "../contract/typo-shard.js";
import { readCrawlState } from "../dataset/crawl-state.js";
import {
  badLines,
  DATASET_FILES,
  type Dataset,
  DatasetError,
  type DatasetProblem,
  DUPLICATE_NAME,
  firstOfEachName,
  MAX_BAD_LINE_SHARE,
  problemText,
  readDatasetFiles,
  readSkillsFile,
  readSources,
  writeSkills,
} from "../dataset/files.js";
import { stableStringify } from "../dataset/json.js";
import { readLastCrawl } from "../dataset/last-crawl.js";
import type { SkillRecord } from "../schemas/dataset.js";
import { Category, CategoryDetail } from "../schemas/resources.js";
import type { TrustVerdict } from "../schemas/trust.js";
import type { CacheOptions } from "./cache/cache-store.js";
import { CACHE_FILES, CacheWriter } from "./cache/cache-store.js";
import { type IncrementalOutcome, rebuildInWorker, tryIncremental } from "./cache/incremental.js";
import { patchMeaning, type Reuse, readMeaningInput } from "./cache/incremental-pass.js";
import { type KeptShardJob, keepFile, keptMeaning, knownFilesOf, readRecordedFile, runKeptShardJob } from "./cache/kept-shards.js";
import { updatedMeaning } from "./cache/meaning-reuse.js";
import type { SearchRebuildJob, SearchRebuildResult } from "./cache/search-rebuild.js";
import { changedOrdinals, previousSearchOf } from "./cache/search-reuse.js";
import { patchedSurfaceWords } from "./cache/surface-reuse.js";
import { categoryMembers, renderCategories } from "./categories.js";
import { type PreviousFeed, writeEventFeed } from "./events.js";
import { writeListIndex } from "./list-index.js";
import type { MeaningJob, MeaningResult } from "./meaning-job.js";
import { openApiDocument } from "./openapi.js";
import { directorySink, type OutputSink, type WriteStats, type WrittenFile, writeBehind } from "./output.js";
import { writePage } from "./page.js";
import { type FirstPass, firstPass, loadMeaning, loadPostings, runInWorker, type SpilledIndexes, workersFor } from "./passes.js";
import { routesFile } from "./routes-file.js";
import { sharedBuffers } from "./search-index/collect-postings.js";
import type { RelatedRange, RelateElsewhere, RelateJob } from "./search-index/meaning-model.js";
import { writeMeaning } from "./search-index/meaning-pass.js";
import { type NestedSkill, nestedSkills } from "./search-index/search-document.js";
import type { Offload, WrittenNested } from "./search-index/search-extras.js";
import {
  MAX_EXPANSIONS,
  NO_MEANING,
  type SearchFiles,
  searchManifest,
  searchSkillsOf,
  writeSearchFiles,
} from "./search-index/search-index.js";
import { hashName } from "./search-index/search-shards.js";
import { countSurfaceWords, surfaceFormsOf } from "./search-index/suggest-build.js";
import type { SearchJob, SearchJobResult } from "./search-job.js";
import { planShards, type ShardPlan, SUMMARIES_PER_SHARD } from "./site-files.js";
import { type ShardJob, spillGroupsFor, writeSpilledShards } from "./spill.js";
import { createSpillFolder, removeStaleSpillFolders } from "./spill-folder.js";
import { renderStatus } from "./status.js";
import { readTrustReviews, reviewsByKey } from "./trust-reviews.js";

export interface BuildOptions {
  dataDir: string;
  outDir: string;
  /** Hand-written static files copied as they are (_headers, robots.txt, favicon). */
  publicDir?: string;
  /** Whether to build the browsable page into the site (default true; see src/build/page.ts). */
  page?: boolean;
  /** Whether to build the search index (default true); false only for fast tests of the rest. */
  search?: boolean;
  /** sources.json, for the exclusion patterns GET /index-status reports (default: the dataset folder's, if any). */
  sourcesFile?: string;
  /** When the site is built, for GET /status; defaults to the dataset's time, so one dataset always builds the same bytes. */
  builtAt?: Date;
  log?: (line: string) => void;
  /**
   * Runs on the dataset as read (the lines skipped left out), before anything is rendered: `npm run
   * build` records the events of hand edits here (src/events/record.ts), so the feed it renders next
   * includes them.
   */
  beforeRender?: (dataset: Dataset, skipped: readonly DatasetProblem[], verdicts: ReadonlyMap<string, TrustVerdict>) => Promise<void>;
  /** Positions in each list order's head files and per file (default LIST_HEAD); tests set small ones to page past them. */
  listHead?: ListHead;
  /**
   * Worker threads for the first pass (default: the available cores, at most 4, fewer for a small
   * dataset); any count builds the same bytes. Given, it also decides whether an incremental build's
   * second pass runs in a worker (more than one); by default that depends on the directory's size.
   */
  workers?: number;
  /**
   * Skills per run of a first-pass worker's index parts, written to disk as it goes (default
   * stream-pass.ts RUN_SKILLS); tests set small ones so a small dataset writes several runs. Any
   * count builds the same bytes.
   */
  runSkills?: number;
  /**
   * Above this many bytes of index parts on disk, the meaning model runs alone before the search
   * index and the typo shards go to a worker thread (default MAX_BESIDE_PART_BYTES); tests set 0 to
   * take that way on a small dataset. Any bound builds the same bytes.
   */
  meaningBesideBytes?: number;
  /**
   * Above this many bytes of the build cache's term index, an incremental build's search index waits
   * for the list heads instead of running beside the lists from the first pass's end (default
   * MAX_SEARCH_BESIDE_BYTES); tests set 0 to take that way on a small dataset. Any bound builds the
   * same bytes.
   */
  searchBesideBytes?: number;
  /**
   * The build cache (src/build/cache/, docs/SCALE.md "Incremental builds"): with it, a build reuses
   * what the cache holds of every unchanged skill and the shards that hold none changed, and leaves
   * the cache for the next build; without it (the default for the library), every build is full.
   */
  cache?: CacheOptions;
}

export interface BuildReport {
  skills: number;
  /** The lines of skills.jsonl skipped as not valid records, by line in the file (the build renders the rest). */
  skipped: DatasetProblem[];
  /** The lines of data/trust-reviews.jsonl skipped as not valid reviews. */
  skippedReviews: DatasetProblem[];
  /** How many skills got each trust verdict. */
  verdicts: Record<TrustVerdict, number>;
  /** Old names not served because another repository holds the name now (see renderShards). */
  droppedAliases: string[];
  manifest: BuildManifest;
  /** The search index's layout, as written in the file the manifest names (null without a search index). */
  search: SearchManifest | null;
  output: WriteStats;
  millis: number;
  /** Of which building the search index (0 without one): writing it, its keys being collected in the first pass. */
  searchMillis: number;
  /** Building the meaning model (0 without a search index): its pass, its input being collected in the first pass. */
  meaningMillis: number;
  /** Milliseconds per phase, in order. */
  phases: Record<string, number>;
  /** With a cache: whether the build was incremental, and if not why; the skills rendered afresh; the shards kept as they were. */
  incremental?: { used: boolean; reason?: string; fresh: number; keptShards: number };
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

/**
 * The first pass over skills.jsonl. A line that is not a valid record is skipped and reported (the
 * file is never rewritten), unless no valid record is left or more than MAX_BAD_LINE_SHARE of them
 * are bad; a problem with the other files is thrown, every one at once. A file not in key order (a
 * hand edit) is sorted first, into the spill folder: that once holds it all in memory.
 */
async function readSkills(options: BuildOptions, spillRoot: string, log: (line: string) => void) {
  const file = join(options.dataDir, DATASET_FILES.skills);
  const fileProblems: DatasetProblem[] = [];
  const files = await readDatasetFiles(options.dataDir, fileProblems);
  const trustReviews = await readTrustReviews(options.dataDir);
  for (const problem of trustReviews.problems) log(`  skipped review ${problemText(problem)}`);
  const spillDir = join(spillRoot, "groups");
  const statsFile = files?.stats ?? {};
  const incremental = options.cache
    ? await tryIncremental({
        cache: options.cache,
        dataDir: options.dataDir,
        outDir: resolve(options.outDir),
        search: options.search ?? true,
        file,
        spillDir,
        stats: statsFile,
        reviews: trustReviews.reviews,
        progress: (records) => log(`  read ${records} skills`),
        ...(options.workers === undefined ? {} : { workers: options.workers }),
      }).catch((e: Error): Omit<IncrementalOutcome, "key"> & { key?: string } => ({
        reason: `the build cache could not be read (${e.message})`,
      }))
    : undefined;
  if (incremental?.pass) log(`  incremental build: ${incremental.pass.reuse.fresh} skills rendered afresh, the rest from the build cache`);
  else if (incremental) log(`  full build: ${incremental.reason}`);
  const pass = async (from: string): Promise<FirstPass> => {
    await rm(spillDir, { recursive: true, force: true });
    await mkdir(spillDir, { recursive: true });
    let shown = 0;
    const { size } = await stat(from);
    return firstPass({
      file: from,
      workers: Math.max(1, Math.floor(options.workers ?? workersFor(size))),
      spillDir,
      groups: spillGroupsFor(size),
      stats: statsFile,
      search: options.search ?? true,
      reviews: trustReviews.reviews,
      ...(options.runSkills === undefined ? {} : { runSkills: options.runSkills }),
      progress: (records) => {
        if (records >= shown + 10_000) log(`  read ${(shown = records)} skills`);
      },
    });
  };
  let first: FirstPass | undefined = incremental?.pass;
  try {
    first ??= await pass(file);
  } catch (e) {
    // A file that cannot be read is the dataset's problem; anything else is the build's own failure.
    if ((e as NodeJS.ErrnoException).syscall === undefined) throw e;
    fileProblems.unshift({ file, message: (e as Error).message });
  }
  if (!first || !files || fileProblems.length > 0) throw new DatasetError(fileProblems);
  const skipped = first.problems;
  for (const problem of skipped) log(`  skipped ${problemText(problem)}`);
  const total = first.records.length + skipped.length;
  if (skipped.length > 0 && first.records.length === 0) throw new DatasetError(skipped, `${file} holds no valid record`);
  if (skipped.length > MAX_BAD_LINE_SHARE * total)
    throw new DatasetError(
      skipped,
      `${file} looks broken: ${skipped.length} of its ${total} records are bad, more than ${MAX_BAD_LINE_SHARE * 100}%`,
    );
  if (!first.sorted) {
    log("  skills.jsonl is not in key order: sorting it first");
    const sorted = join(spillRoot, "sorted");
    // The bad lines are left out of the sorted copy; they were reported above, by their line in the file.
    // So are second records of a name: those the first pass saw are reported by line, the others here.
    const duplicates: DatasetProblem[] = [];
    await writeSkills(sorted, firstOfEachName(await readSkillsFile(file, []), file, duplicates));
    const reported = skipped.filter((p) => p.message === DUPLICATE_NAME).map((p) => p.repository?.toLowerCase());
    for (const d of duplicates) {
      const at = reported.indexOf(d.repository?.toLowerCase());
      if (at === -1) skipped.push(d);
      else reported.splice(at, 1);
    }
    first = await pass(join(sorted, DATASET_FILES.skills));
  }
  const reuse = first === incremental?.pass ? incremental?.pass?.reuse : undefined;
  // The outcome is kept without its pass, which is this read now: what the read lets go (its records
  // once taken, its line marks once the cache has them) must not outlive it there.
  const { pass: _read, ...outcome } = incremental ?? {};
  return {
    ...first,
    skipped,
    skippedReviews: trustReviews.problems,
    files,
    spillDir,
    reuse,
    incremental: incremental && outcome,
    reviews: trustReviews.reviews,
  };
}

export async function build(options: BuildOptions): Promise<BuildReport> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const phases: Record<string, number> = {};
  let mark = started;
  const phase = (name: string) => {
    const now = performance.now();
    phases[name] = Math.round(now - mark);
    mark = now;
  };
  const outDir = resolve(options.outDir);
  await mkdir(dirname(outDir), { recursive: true });
  // The spill files sit beside the output, not in the system's temporary folder (often in memory).
  for (const name of await removeStaleSpillFolders(dirname(outDir))) log(`removed ${name}, left by an interrupted build`);
  const spill = await createSpillFolder(dirname(outDir));
  let read: Read | undefined;
  try {
    log(`reading dataset ${options.dataDir}`);
    read = await readSkills(options, spill.dir, log);
    return await buildFrom(read, options, log, phase, phases, started);
  } finally {
    // Done with, or never given its job when the build failed.
    read?.incremental?.search?.stop();
    await spill.remove();
  }
}

type Read = Awaited<ReturnType<typeof readSkills>>;

/** Moves the slim records, summaries and verdicts out of `read`, so nothing but the caller holds them. */
function takeRecords(read: Read): Pick<Read, "records" | "summaries" | "marks"> {
  const taken = { records: read.records, summaries: read.summaries, marks: read.marks };
  read.records = [];
  read.summaries = [];
  read.marks = [];
  return taken;
}

async function buildFrom(
  read: Read,
  options: BuildOptions,
  log: (line: string) => void,
  phase: (name: string) => void,
  phases: Record<string, number>,
  started: number,
): Promise<BuildReport> {
  phase("read, render and spill");
  const skipped = read.skipped.length > 0 ? `, ${badLines(read.skipped.length)} skipped` : "";
  log(
    `read ${read.records.length} skills (${Math.round(read.spillBytes / 1e6)} MB spilled in ${read.parts} part${read.parts === 1 ? "" : "s"})${skipped}`,
  );
  const { meta } = read.files;
  const {
    sink,
    finish,
    adopt,
    contentId,
    files: outputFiles,
  } = directorySink(options.outDir, read.reuse && knownFilesOf(read.reuse.cache, options.outDir));
  const data = prefixed(sink, DATA_PREFIX);
  // The build cache is written in steps (cache-store.ts CacheWriter), each input let go once its
  // part is on disk: the per-skill lines with the record files, so the records need not outlive them.
  const cache = options.cache && read.incremental?.key ? await CacheWriter.start(options.cache.dir, read.incremental.key) : undefined;
  // Everything the slim records and summaries give is written first, in a scope of its own (no
  // variable here holds them): they are garbage once it returns (a few GB at 1M skills), before the
  // index pass allocates.
  const searchInput = searchInputOf(read, log);
  // An incremental build's search index is patched in a worker thread from here, beside the lists and
  // status; or, when its cached term index is large, from when the list heads are written (searchLate).
  let rebuild: Promise<SearchRebuildResult> | undefined;
  const startRebuild = () => {
    if (rebuild || !searchInput.rebuild) return;
    rebuild = searchRebuild(read, searchInput.rebuild, searchInput.words, options, cache, log);
    // What the search index needed of the cache's skills is taken: each skill's record, summary and
    // mark are the build's own now, and the rest of its cached line (about 160 bytes of heap a skill) can go.
    if (read.reuse) read.reuse.cache.skills = [];
    // So can what its job was made of (the job holds it, or a worker thread its copy).
    searchInput.rebuild = undefined;
  };
  const late = searchInput.rebuild !== undefined && searchLate(read, options.searchBesideBytes ?? MAX_SEARCH_BESIDE_BYTES, log);
  if (!late) startRebuild();
  await cache?.writeSurface(searchInput.words);
  const written = await writeRecordFiles(takeRecords(read), read, options, data, adopt, log, cache, startRebuild);
  const { shardJob, plan, verdicts, vocabulary } = written;
  phase("lists, categories, events, status");
  // The meaning pass may run in a worker thread reading the spill folder: awaited before it goes.
  let meaningDone: Promise<unknown> = Promise.resolve();
  // So may parts of the search index, writing into the output folder.
  let offloaded: { done: Promise<unknown> } | undefined;
  try {
    let search: SearchManifest | null = null;
    let searchMillis = 0;
    let meaningMillis = 0;
    // With worker threads the index parts are on disk (passes.ts loadPostings): read one at a time, here.
    const indexed = rebuild !== undefined || read.postings !== null || read.spilled !== undefined;
    if (indexed) {
      const spilled = (await meaningBeside(read, options.meaningBesideBytes ?? MAX_BESIDE_PART_BYTES, log)) ? read.spilled : undefined;
      // Not beside the index: the meaning model runs here first, its input let go before the postings are read.
      const here = spilled ? undefined : await meaningHere(read, options, data, adopt, cache, log);
      // The cached meaning input (its keys, at 1M skills about 160 MB of heap) is not read after the meaning step.
      if (read.reuse) {
        read.reuse.meaning = null;
        read.reuse.cache.meaning = null;
      }
      if (here) phase("meaning model");
      log("building search index");
      const t = performance.now();
      let searchFiles: SearchFiles;
      let meaningPass: Promise<MeaningOutcome> = Promise.resolve(here!);
      if (rebuild) {
        const result = await rebuild;
        for (const file of result.files) adopt(file);
        for (const { name, rows } of result.cached) await cache!.indexWritten(name, rows);
        searchFiles = result.search;
        searchMillis = performance.now() - t;
        phase("search index");
      } else {
        // A full build with worker threads: the nested skills' index needs only the records, so a
        // worker writes it while this thread merges the postings and writes the term index. The typo
        // shards go to a worker too when the meaning model is not running beside the index (a core is
        // free then); beside it, the cores are busy and another worker would add only its memory, so
        // this one writes them (bench/results/build-incremental.md: 150-200 MB less at 100k).
        const offload =
          read.parts > 1 ? offloadSearch(searchInput.skills!.nested, { typo: !spilled }, options, adopt, cache, log) : undefined;
        offloaded = offload;
        // The meaning model's worker starts once the postings are merged: each merge is about twice
        // its index while it runs, and the two at once were the build's peak.
        read.postings = await loadPostings(read);
        if (!read.postings) throw new Error("the first pass left no search postings");
        if (spilled) meaningPass = meaningInWorker(spilled, options, adopt, cache, log);
        meaningDone = meaningPass;
        // The index's files are content-named and read back by nothing in this build: written several at a time.
        const searchOut = writeBehind(data);
        searchFiles = await writeSearchFiles(
          read.postings,
          searchInput.skills!,
          searchOut,
          (line) => log(`  ${line}`),
          undefined,
          cache && ((index, kept) => cache.writeIndex(CACHE_FILES.nested, index, searchInput.skills!.nested.length, kept)),
          offload,
        );
        await searchOut.drain();
        searchMillis = performance.now() - t;
        phase("search index");
        if (cache) {
          await cache.writeIndex(CACHE_FILES.postings, read.postings, written.counts.skills);
          phase("build cache: indexes");
        }
      }
      read.postings = null;
      const outcome = await meaningPass;
      if (spilled) phase("waiting for the meaning model");
      meaningMillis = outcome.millis;
      search = searchManifest(searchFiles, outcome.meaning ?? NO_MEANING);
    } else if (cache) {
      await cache.writeIndex(CACHE_FILES.meaning, null, 0);
      await cache.writeIndex(CACHE_FILES.postings, read.postings, written.counts.skills);
      phase("build cache: indexes");
    }
    read.postings = null;
    read.meaning = null;

    // The search index's layout is a file of its own, named in the manifest: only search reads it.
    let layout: SearchLayoutRef | null = null;
    if (search) {
      const text = json(search);
      layout = { format: search.format, file: hashName("layout", text, "json"), bytes: Buffer.byteLength(text) };
      await data.write(layout.file, text);
    }

    // Its contentId is a hash of every other data file, so the manifest is written last (below).
    const manifest = {
      format: MANIFEST_FORMAT,
      generatedAt: meta.generatedAt,
      counts: written.counts,
      shards: { skills: plan.skillShards, summaries: plan.summaryShards, texts: plan.textShards },
      lists: written.lists,
      vocabulary,
      search: layout,
      events: written.events,
    } satisfies Omit<BuildManifest, "contentId">;

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
      const page = await writePage(site, { demo: meta.demo === true });
      log(`  ${page.files.length} files: ${page.files.join(", ")}`);
    }
    await sink.write(ROUTES_FILE, json(routesFile(staticPaths)));
    phase("status, page");

    for (const file of await shardJob) adopt(file);
    phase("waiting for the shard worker");
    const built = BuildManifest.parse({ ...manifest, contentId: contentId(DATA_PREFIX, `${DATA_PREFIX}/${MANIFEST_FILE}`) });
    await data.write(MANIFEST_FILE, json(built));
    const output = await finish();
    if (cache) {
      await cache.finish({
        shards: { skills: plan.skillShards, texts: plan.textShards, summaries: plan.summaryShards },
        aliases: [...plan.aliasEntries].flatMap(([n, list]) => list.map(([k, j]) => [n, k, j] as [number, string, string])),
        meaningManifest: search?.meaning ?? null,
        events: written.eventsRecord,
        files: outputFiles(),
        outDir: resolve(options.outDir),
        ...(read.reuse && resolve(read.reuse.cache.previousSite) === resolve(options.outDir)
          ? { unchangedSince: { files: read.reuse.cache.state.files, changed: new Set(output.changedPaths) } }
          : {}),
      });
      phase("build cache");
    }
    const millis = performance.now() - started;
    log(
      `wrote ${output.written} of ${output.files} files (${output.unchanged} unchanged, ${output.removed} removed) in ${Math.round(millis)} ms`,
    );
    return {
      skills: written.counts.skills,
      skipped: read.skipped,
      skippedReviews: read.skippedReviews,
      verdicts,
      droppedAliases: plan.droppedAliases,
      manifest: built,
      search,
      output,
      millis,
      searchMillis,
      meaningMillis,
      phases,
      ...(options.cache
        ? {
            incremental: {
              used: read.reuse !== undefined,
              reason: read.incremental?.reason,
              fresh: read.reuse?.fresh ?? written.counts.skills,
              keptShards: written.kept.kept,
            },
          }
        : {}),
    };
  } finally {
    // The spill folder goes once this returns: the workers must be done with it.
    await shardJob.catch(() => {});
    await meaningDone.catch(() => {});
    // Read now: a job started since is waited for too.
    await offloaded?.done;
  }
}

/**
 * Above this many bytes of index parts, the meaning model runs alone before the search index, not
 * beside it: the two held at once would raise the build's peak memory. At 1M skills the parts are
 * 4.1 GiB: beside the index from the end of the postings' merge, the build took 21.5 min instead of
 * 24.7 but peaked at 8.35 GiB instead of 6.16 (bench/results/build-1m.md), over its 8 GB bound.
 */
export const MAX_BESIDE_PART_BYTES = 1.5 * 2 ** 30;

/**
 * The size of the build cache's term index above which an incremental build's search index waits for
 * the list heads. Its worker holds the patched index (about the cached one's size in arrays, and its
 * keys), while the main thread holds every skill's record and summary until the list heads are
 * written. At 1M skills (a 2.5 GB term index) the two at once peaked at 8.25-8.88 GiB; with the
 * index after the list heads, 6.50-7.53 GiB, the rebuild 13-73 s longer (bench/results/build-1m.md). At
 * 100k (290 MB) the two paths end together, and a later start would add its wait to the rebuild.
 */
export const MAX_SEARCH_BESIDE_BYTES = 2 ** 30;

/** Whether an incremental build's search index waits for the list heads (MAX_SEARCH_BESIDE_BYTES), said in the log when it does. */
function searchLate(read: Read, bound: number, log: (line: string) => void): boolean {
  const bytes = read.reuse?.cache.state.sizes[CACHE_FILES.postings] ?? 0;
  if (bytes <= bound) return false;
  log(`the search index waits for the list heads: the build cache's term index is ${Math.round(bytes / 2 ** 20)} MiB`);
  return true;
}

/** The bytes of the first pass's index parts on disk. */
async function partBytes(spilled: SpilledIndexes): Promise<number> {
  const sizes = await Promise.all([...spilled.meaning, ...spilled.postings].map(async ({ file }) => (await stat(file)).size));
  return sizes.reduce((a, b) => a + b, 0);
}

interface MeaningOutcome {
  /** The meaning model's manifest part; undefined when there is no meaning input. */
  meaning: MeaningManifest | undefined;
  millis: number;
}

/**
 * Whether the meaning model runs in a worker thread beside the search index (meaningInWorker): only
 * in a full build whose first pass left its input on disk (worker threads), and while the parts of
 * both families are under `bound` (MAX_BESIDE_PART_BYTES) together.
 */
async function meaningBeside(read: Read, bound: number, log: (line: string) => void): Promise<boolean> {
  const spilled = read.spilled;
  if (read.reuse || read.meaning || spilled === undefined || spilled.meaning.length === 0) return false;
  const bytes = await partBytes(spilled);
  const beside = bytes <= bound;
  const where = beside ? "beside the index, once the postings are merged" : "over the bound: first, alone";
  log(`the meaning model's and the postings' parts: ${(bytes / 2 ** 20).toFixed(0)} MiB on disk (${where})`);
  return beside;
}

/**
 * The meaning model (a pass of its own: global, any file can change it) in a worker thread
 * (meaning-job.ts), reading its input from the spill folder; its files are counted here once it is done.
 */
function meaningInWorker(
  spilled: SpilledIndexes,
  options: BuildOptions,
  adopt: (file: WrittenFile) => void,
  cache: CacheWriter | undefined,
  log: (line: string) => void,
): Promise<MeaningOutcome> {
  log("building the meaning model in a worker thread, beside the search index");
  const done = runInWorker<MeaningResult, string>(
    "meaning-worker",
    {
      spilled: { meaning: spilled.meaning, documents: spilled.documents },
      root: resolve(options.outDir),
      prefix: DATA_PREFIX,
      ...(cache ? { cacheFile: join(cache.dir, CACHE_FILES.meaning) } : {}),
    } satisfies MeaningJob,
    undefined,
    (line) => log(`  ${line}`),
  ).then(async (result): Promise<MeaningOutcome> => {
    for (const file of result.files) adopt(file);
    await cache?.indexWritten(CACHE_FILES.meaning, spilled.documents);
    return { meaning: result.meaning, millis: result.millis };
  });
  // Awaited once the search index is written; until then a failure must not surface as an unhandled rejection.
  done.catch(() => {});
  return done;
}

/**
 * Parts of the search index written in worker threads (search-job.ts): the nested skills' index,
 * started now, and (`which.typo`) the typo shards, once the caller has the vocabulary. Their files
 * are counted here once each is done; `done` settles when every one started has.
 */
function offloadSearch(
  skills: readonly NestedSkill[],
  which: { typo: boolean },
  options: BuildOptions,
  adopt: (file: WrittenFile) => void,
  cache: CacheWriter | undefined,
  log: (line: string) => void,
): Offload & { done: Promise<unknown> } {
  const jobs: Promise<unknown>[] = [];
  const run = (job: SearchJob): Promise<SearchJobResult> => {
    const done = runInWorker<SearchJobResult, string>("search-worker", job, undefined, (line) => log(`  ${line}`)).then((result) => {
      for (const file of result.files) adopt(file);
      return result;
    });
    // Awaited by the search index; until then a failure must not surface as an unhandled rejection.
    done.catch(() => {});
    jobs.push(done);
    return done;
  };
  const where = { root: resolve(options.outDir), prefix: DATA_PREFIX };
  const nested = run({
    kind: "nested",
    skills,
    maxExpansions: MAX_EXPANSIONS,
    ...(cache ? { cacheFile: join(cache.dir, CACHE_FILES.nested) } : {}),
    ...where,
  }).then(async (result): Promise<WrittenNested> => {
    if (result.kind !== "nested") throw new Error("the nested skills' job gave another result");
    await cache?.indexWritten(CACHE_FILES.nested, skills.length);
    return result.nested;
  });
  nested.catch(() => {});
  return {
    nested,
    ...(which.typo
      ? {
          typo: async (vocabulary: readonly TypoEntry[]) => {
            const result = await run({
              kind: "typo",
              words: vocabulary.map((e) => e[0]),
              weights: Uint32Array.from(vocabulary, (e) => e[1]),
              ...where,
            });
            if (result.kind !== "typo") throw new Error("the typo job gave another result");
            return result.typo;
          },
        }
      : {}),
    get done() {
      return Promise.allSettled(jobs);
    },
  };
}

/**
 * The meaning model in this thread, to its end: kept as it was when its input is unchanged since the
 * cache was made (an incremental build checked it), or learned afresh; its input is let go after.
 */
async function meaningHere(
  read: Read,
  options: BuildOptions,
  data: OutputSink,
  adopt: (file: WrittenFile) => void,
  cache: CacheWriter | undefined,
  log: (line: string) => void,
): Promise<MeaningOutcome> {
  const started = performance.now();
  let meaning: MeaningManifest | undefined;
  // An incremental build's meaning input is patched here, not in its first pass (incremental-pass.ts patchMeaning).
  if (read.reuse) patchMeaning(read, read.reuse);
  const same = read.reuse?.meaning?.same === true;
  // Its input unchanged since the cache was made (an incremental build checked it): the model is the
  // cached one, and so is the cache's file of its input.
  meaning = await keptMeaning(read.reuse, resolve(options.outDir), DATA_PREFIX, adopt);
  if (meaning) {
    log("the meaning model's input is unchanged: its shards are kept");
    await cache?.indexWritten(CACHE_FILES.meaning, read.reuse!.meaning!.previousDocuments);
    return { meaning, millis: performance.now() - started };
  }
  if (same) await readMeaningInput(read, read.reuse!);
  // The model runs here alone: with worker threads, a core is free for half of its words, which a
  // worker relates over the input's lists shared with it (bench/results/build-1m.md: 1M's longest
  // stretch on one core).
  const split = read.parts > 1;
  read.meaning = await loadMeaning(read, split ? sharedBuffers : undefined);
  if (read.meaning) {
    // Its input changed in place (a SKILL.md re-read): the cached model updated for what changed.
    meaning = await updatedMeaning(read.reuse, read.meaning, DATA_PREFIX, data, log, { outDir: resolve(options.outDir), adopt });
    if (!meaning) {
      log("building the meaning model");
      if (split) log("  meaning: half of the words related in a worker thread");
      meaning = await writeMeaning(read.meaning, data, (line) => log(`  ${line}`), split ? relateInWorker : undefined);
    }
  }
  await cache?.writeIndex(CACHE_FILES.meaning, read.meaning?.files ?? null, read.meaning?.documents ?? 0, read.meaning !== null && same);
  read.meaning = null;
  return { meaning, millis: meaning ? performance.now() - started : 0 };
}

/** Relates a range of the meaning model's words in a worker thread, over tables in shared buffers. */
const relateInWorker: RelateElsewhere = (tables, from, to) =>
  runInWorker<RelatedRange>("meaning-relate-worker", { tables, from, to } satisfies RelateJob);

/**
 * What the search index needs of the records, kept apart from them so they can go once the lists
 * are written; an incremental build's surface forms are made when its index's job starts (searchRebuild).
 */
function searchInputOf(read: Read, log: (line: string) => void) {
  const { records, marks, reuse } = read;
  // Search leaves malicious skills out by default: autocomplete's counts leave them out too.
  const hidden = marks.flatMap((m, o) => (m.verdict === "malicious" ? [o] : []));
  // An incremental build with a term index to patch, and the cache's indexes read for it.
  const patched = reuse?.postings && read.incremental?.search;
  // The skills rendered afresh (the index is patched for them).
  const fresh = reuse ? records.filter((r) => reuse.changed.has(skillKey(r.owner, r.repo))) : [];
  // The surface forms' word counts, patched from the cache's where it holds them (kept in the cache for the next build).
  let words = reuse && patchedSurfaceWords(reuse, fresh);
  if (reuse && !words) log("counting the surface forms' words afresh (the build cache holds no counts for its skills)");
  words ??= countSurfaceWords(records);
  return {
    words,
    skills: patched ? undefined : searchSkillsOf(records, hidden, words),
    rebuild: patched
      ? {
          skills: { count: records.length, names: records.map((r) => r.name), nested: nestedSkills(records), hidden },
          fresh,
          moved: changedOrdinals(records, reuse!),
        }
      : undefined,
  };
}

/**
 * An incremental build's search index (cache/search-rebuild.ts), over the cache's indexes read since
 * the cache was opened: started now (in a worker thread for a large directory, beside the lists and
 * status) and awaited where the search index is written.
 */
function searchRebuild(
  read: Read,
  input: NonNullable<ReturnType<typeof searchInputOf>["rebuild"]>,
  words: ReadonlyMap<string, number>,
  options: BuildOptions,
  cache: CacheWriter | undefined,
  log: (line: string) => void,
): Promise<SearchRebuildResult> {
  const reuse = read.reuse!;
  const job: SearchRebuildJob = {
    previous: previousSearchOf({ ...reuse, postings: reuse.postings! }),
    ...input,
    outDir: resolve(options.outDir),
    prefix: DATA_PREFIX,
    ...(cache ? { cacheDir: cache.dir } : {}),
  };
  const running = read.incremental!.search!.run(job, () => surfaceFormsOf(words), log);
  // Awaited by the search index; until then a failure must not surface as an unhandled rejection.
  running.catch(() => {});
  return running;
}

/**
 * The incremental build's second pass (cache/kept-shards.ts): the shards holding a changed skill
 * assembled again, the others kept. In a worker thread for a large directory, beside the lists,
 * status and search index on this one (at 100k skills it was seconds of this thread's time, and 3.8 s
 * of waiting at the end); what it wrote is counted once it is done.
 */
function keptShardJob(reuse: Reuse, plan: ShardPlan, spillDir: string, outDir: string, skills: number, workers: number | undefined) {
  const job: KeptShardJob = {
    plan: { skillShards: plan.skillShards, textShards: plan.textShards, aliasEntries: plan.aliasEntries },
    state: reuse.cache.state,
    previousSite: reuse.cache.previousSite,
    changed: [...reuse.changed],
    textHashes: [...reuse.textHashes],
    spillDir,
    outDir,
    prefix: DATA_PREFIX,
  };
  type Result = Awaited<ReturnType<typeof runKeptShardJob>>;
  return rebuildInWorker(skills, workers) ? runInWorker<Result>("kept-shard-worker", job) : runKeptShardJob(job);
}

/** The previous build's events feed, as the build cache recorded it; undefined when it recorded none. */
function previousFeed(reuse: Reuse, outDir: string, adopt: (file: WrittenFile) => void): PreviousFeed | undefined {
  const { state } = reuse.cache;
  if (!state.events) return undefined;
  const at = (path: string) => `${DATA_PREFIX}/${path}`;
  return {
    record: state.events,
    has: (path) => state.files[at(path)] !== undefined,
    keep: async (path) => {
      await keepFile(reuse, outDir, at(path), adopt);
    },
    read: (path) => readRecordedFile(reuse.cache, at(path)),
  };
}

/**
 * Whether a summary shard holds only skills taken from the build cache (none changed, added or
 * gone hashes to it) and the cache records its file: its summaries, and so its bytes, are the
 * previous build's.
 */
function keptSummaryShard(reuse: Reuse, skills: number): (n: number) => boolean {
  const count = shardCountFor(skills, SUMMARIES_PER_SHARD);
  const touched = new Set<number>();
  for (const key of reuse.changed) touched.add(shardOf(key, count));
  return (n) => !touched.has(n) && reuse.cache.state.files[`${DATA_PREFIX}/${shardFile("summaries", n)}`] !== undefined;
}

/**
 * Writes what the slim records decide: summary shards (and starts the detail shards' assembly),
 * the list index, categories, the events feed and status. Returns only what the rest of the build
 * needs (small next to the records); the shard job is awaited by the caller, or here on a failure.
 */
async function writeRecordFiles(
  { records, summaries, marks }: Pick<Read, "records" | "summaries" | "marks">,
  read: Read,
  options: BuildOptions,
  data: OutputSink,
  adopt: (file: WrittenFile) => void,
  log: (line: string) => void,
  cache: CacheWriter | undefined,
  listHeadsWritten: () => void,
) {
  // The cache's skills are written beside the files below (mostly copies of the previous cache's
  // lines: the disk's work, not this thread's), and awaited before this returns.
  if (cache) log("writing the build cache's skills");
  const cacheSkills = cache?.writeSkills({
    records,
    summaries,
    marks,
    lineMarks: read.lineMarks,
    stats: read.files.stats ?? {},
    reviews: reviewsByKey(read.reviews),
    ...(read.reuse ? { from: read.reuse.cache.lines } : {}),
  });
  cacheSkills?.then(
    () => log("  the build cache's skills written"),
    () => {},
  );
  // Where each of the cache's skills went, for the list orders patched from the previous build's.
  const ordinals = read.reuse?.ordinals;
  // Only the cache reads the line marks (it has them).
  read.lineMarks = [];
  const dataset: Dataset = { records, ...read.files };
  const { categories, meta } = dataset;
  const verdicts: Record<TrustVerdict, number> = { malicious: 0, suspicious: 0, clean: 0 };
  for (const m of marks) verdicts[m.verdict]++;
  log(`  trust: ${verdicts.malicious} malicious, ${verdicts.suspicious} suspicious, ${verdicts.clean} clean`);
  await options.beforeRender?.(dataset, read.skipped, new Map(records.map((r, i) => [r.id, marks[i]!.verdict])));
  // Lists (by default), categories and top skills leave malicious skills out; `trust=any` reads the full orders.
  const listed = records.filter((_, i) => marks[i]!.verdict !== "malicious");
  const verdictByKey = new Map(records.map((r, i) => [skillKey(r.owner, r.repo), marks[i]!.verdict]));
  const verdictOf = (r: SkillRecord) => verdictByKey.get(skillKey(r.owner, r.repo))!;
  const vocabulary = vocabularyOf(dataset);

  log(`writing the shards of ${records.length} skills`);
  // An incremental build keeps each summary shard no changed skill hashes to (keptSummaryShard).
  const keptSummary = read.reuse ? keptSummaryShard(read.reuse, records.length) : undefined;
  const plan = planShards(records, summaries, read.textBytes, keptSummary);
  for (const dropped of plan.droppedAliases) log(`  old name ${dropped} dropped: the name now belongs to another repository`);
  const spill = { dir: read.spillDir, parts: read.parts, groups: read.groups };
  // With threads to spare (the first pass had several), a worker assembles the detail and files
  // shards while this thread goes on with the lists and the search index.
  const kept = { assembled: 0, kept: 0 };
  const shardJob = read.reuse
    ? keptShardJob(read.reuse, plan, read.spillDir, resolve(options.outDir), records.length, options.workers).then(({ files, counts }) => {
        Object.assign(kept, counts);
        return files;
      })
    : read.parts > 1
      ? runInWorker<WrittenFile[]>("shard-worker", {
          spill,
          skillShards: plan.skillShards,
          textShards: plan.textShards,
          aliasEntries: [...plan.aliasEntries],
          root: resolve(options.outDir),
          prefix: DATA_PREFIX,
        } satisfies ShardJob)
      : writeSpilledShards(plan, spill, data, (n) => log(`  shards ${n}`)).then((): WrittenFile[] => []);
  // Awaited before the output is finished; until then a failure must not surface as an unhandled rejection.
  shardJob.catch(() => {});
  try {
    // The summaries, lists and status are files nothing reads back during the build: written several at a time.
    const behind = writeBehind(data);
    for (const [path, value] of plan.summaryFiles) await behind.write(path, value);
    for (const n of plan.keptSummaries)
      await keepFile(read.reuse!, resolve(options.outDir), `${DATA_PREFIX}/${shardFile("summaries", n)}`, adopt);
    if (plan.keptSummaries.length > 0) log(`  ${plan.keptSummaries.length} summary shards of the previous build kept`);
    // Written: the shard job reads only the plan's counts and old names.
    plan.summaryFiles.clear();

    log("rendering list index");
    const lists = await writeListIndex(
      {
        records,
        refs: plan.refs,
        summaries,
        verdicts: marks.map((m) => m.verdict),
        vocabulary,
        head: options.listHead ?? LIST_HEAD,
        ...(ordinals ? { previous: { ordinals, read: (path) => readRecordedFile(read.reuse!.cache, `${DATA_PREFIX}/${path}`) } } : {}),
      },
      behind,
      log,
    );
    await behind.drain();
    // The summaries are written (the shards and list heads): once the cache's lines are too, they go
    // (about 700 MB at 1M skills) before categories and status.
    await cacheSkills;
    summaries.length = 0;
    listHeadsWritten();

    log(`rendering categories in ${vocabulary.locales.length} locales`);
    const members = categoryMembers(categories, listed);
    for (const locale of vocabulary.locales) {
      const rendered = renderCategories(categories, listed, locale, verdictOf, members);
      rendered.list.forEach((c) => Category.parse(c));
      Object.values(rendered.details).forEach((c) => CategoryDetail.parse(c));
      await data.write(categoriesFile(locale), json(rendered));
    }

    // An incremental build renders only the events appended since the previous build (events.ts).
    const feed = await writeEventFeed(options.dataDir, data, read.reuse && previousFeed(read.reuse, resolve(options.outDir), adopt), log);

    const counts = {
      skills: records.length,
      aliases: plan.aliases,
      files: records.reduce((n, r) => n + r.files.length, 0),
      malicious: verdicts.malicious,
      suspicious: verdicts.suspicious,
    };
    log("rendering status and index status");
    const sourcesFile = options.sourcesFile ?? join(options.dataDir, "sources.json");
    const status = renderStatus({
      dataset,
      state: await readCrawlState(options.dataDir),
      lastCrawl: await readLastCrawl(options.dataDir),
      exclude: existsSync(sourcesFile) ? (await readSources(sourcesFile)).exclude : [],
      counts,
      excluded: new Map(
        records.flatMap((r, i) => (marks[i]!.why === undefined ? [] : [[skillKey(r.owner, r.repo), marks[i]!.why!] as const])),
      ),
      builtAt: isoSeconds(options.builtAt ?? new Date(meta.generatedAt)),
    });
    for (const [path, text] of status) await behind.write(path, text);
    await behind.drain();
    await cacheSkills;
    return {
      shardJob,
      kept,
      plan,
      verdicts,
      vocabulary,
      lists,
      counts,
      events: { count: feed.index.count, last: feed.index.last },
      eventsRecord: feed.record,
    };
  } catch (e) {
    await shardJob.catch(() => {});
    await cacheSkills?.catch(() => {});
    throw e;
  }
}
