// Whether a build can be incremental, and its first pass when it can: the cache is opened against
// the build's key (build-key.ts), the dataset streamed against it (incremental-pass.ts), and the
// shard counts checked. Every way it cannot gives a reason the build prints before running in full.
import { mkdir, rm, stat } from "node:fs/promises";
import { DATA_PREFIX } from "../../contract/paths.js";
import type { BuildCacheState } from "../../schemas/build-cache.js";
import type { StatsFile } from "../../schemas/dataset.js";
import type { TrustReviewRecord } from "../../schemas/trust.js";
import { runInWorker } from "../passes.js";
import { shardCounts } from "../site-files.js";
import { buildKey } from "./build-key.js";
import { type CacheOptions, openCache, searchIndexFiles } from "./cache-store.js";
import { type IncrementalPass, incrementalPass } from "./incremental-pass.js";
import { keptShardsReason } from "./kept-shards.js";
import { type LineHashes, lineHashes } from "./line-hashes.js";
import { type SearchRebuild, startSearchRebuild } from "./search-rebuild.js";

/** A skills.jsonl up to this size is hashed in the main thread: a worker's start would cost more. */
const IN_THREAD_BYTES = 64 << 20;

export interface IncrementalStart {
  cache: CacheOptions;
  dataDir: string;
  outDir: string;
  search: boolean;
  file: string;
  spillDir: string;
  stats: StatsFile;
  reviews: TrustReviewRecord[];
  progress: (records: number) => void;
  /** The build's worker count, if given (build.ts BuildOptions.workers): whether the search index is rebuilt in a worker thread. */
  workers?: number;
}

/**
 * From this many skills an incremental build's second pass and search index run in worker threads
 * by default (below, a worker's start costs more than it saves); a build given its worker count uses
 * them whenever it may use more than one thread.
 */
const REBUILD_WORKERS_FROM = 10_000;

export const rebuildInWorker = (skills: number, workers: number | undefined) =>
  workers === undefined ? skills >= REBUILD_WORKERS_FROM : workers > 1;

export interface IncrementalOutcome {
  /** The cache key of this build, for the cache it writes. */
  key: string;
  pass?: IncrementalPass;
  /** With `pass`, when the build has a search index: the cache's indexes read for it (search-rebuild.ts). */
  search?: SearchRebuild;
  /** Why the build runs in full (when `pass` is absent). */
  reason?: string;
}

export async function tryIncremental(start: IncrementalStart): Promise<IncrementalOutcome> {
  const key = await buildKey({ dataDir: start.dataDir, search: start.search });
  if (start.cache.full) return { key, reason: "asked for (--full)" };
  const { size } = await stat(start.file);
  // Once the cache's key is known to match (a first or invalidated build starts no such work), the
  // dataset's lines are hashed (in a worker thread for a large file) and the search index's reads
  // begin (search-rebuild.ts), while the cache is opened and the dataset streamed.
  let hashing: Promise<LineHashes | false> | undefined;
  let search: SearchRebuild | undefined;
  const onKeyMatch = (state: BuildCacheState) => {
    hashing = size > IN_THREAD_BYTES ? runInWorker<LineHashes | false>("line-hash-worker", { file: start.file }) : lineHashes(start.file);
    // Let go (it ends by itself) when a later check finds the cache unusable.
    hashing.catch(() => {});
    const files = start.search ? searchIndexFiles(start.cache.dir, state) : null;
    const site = { state, previousSite: start.cache.previousSite ?? start.outDir };
    if (files) search = startSearchRebuild({ files, site, prefix: DATA_PREFIX }, rebuildInWorker(state.skills, start.workers));
  };
  try {
    const outcome = await passOver(start, key, size, onKeyMatch, () => hashing!);
    if (!outcome.pass || !search) return outcome;
    const problem = await search.ready;
    if (problem) return { key, reason: `the build cache is damaged (${problem})` };
    const kept = search;
    search = undefined;
    return { ...outcome, search: kept };
  } finally {
    search?.stop();
  }
}

/** The incremental pass over the opened cache, or why it cannot run. */
async function passOver(
  start: IncrementalStart,
  key: string,
  size: number,
  onKeyMatch: (state: BuildCacheState) => void,
  hashing: () => Promise<LineHashes | false>,
): Promise<IncrementalOutcome> {
  const cache = await openCache(start.cache, key, start.outDir, onKeyMatch);
  if ("reason" in cache) return { key, reason: cache.reason };
  const lines = await hashing();
  if (lines === false) return { key, reason: "skills.jsonl holds a carriage return" };
  await rm(start.spillDir, { recursive: true, force: true });
  await mkdir(start.spillDir, { recursive: true });
  const pass = await incrementalPass({
    lines,
    file: start.file,
    size,
    spillDir: start.spillDir,
    stats: start.stats,
    search: start.search,
    reviews: start.reviews,
    cache,
    progress: start.progress,
  });
  if ("reason" in pass) return { key, reason: pass.reason };
  const why = keptShardsReason(shardCounts(pass.records, pass.textBytes), pass.reuse);
  if (why) return { key, reason: why };
  return { key, pass };
}
