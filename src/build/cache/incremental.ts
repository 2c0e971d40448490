// Whether a build can be incremental, and its first pass when it can: the cache is opened against
// the build's key (build-key.ts), the dataset streamed against it (incremental-pass.ts), and the
// shard counts checked. Every way it cannot gives a reason the build prints before running in full.
import { mkdir, rm, stat } from "node:fs/promises";
import type { StatsFile } from "../../schemas/dataset.js";
import type { TrustReviewRecord } from "../../schemas/trust.js";
import { runInWorker } from "../passes.js";
import { shardCounts } from "../site-files.js";
import { buildKey } from "./build-key.js";
import { type CacheOptions, openCache } from "./cache-store.js";
import { type IncrementalPass, incrementalPass } from "./incremental-pass.js";
import { keptShardsReason } from "./kept-shards.js";
import { type LineHashes, lineHashes } from "./line-hashes.js";

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
}

export interface IncrementalOutcome {
  /** The cache key of this build, for the cache it writes. */
  key: string;
  pass?: IncrementalPass;
  /** Why the build runs in full (when `pass` is absent). */
  reason?: string;
}

export async function tryIncremental(start: IncrementalStart): Promise<IncrementalOutcome> {
  const key = await buildKey({ dataDir: start.dataDir, search: start.search });
  if (start.cache.full) return { key, reason: "asked for (--full)" };
  const { size } = await stat(start.file);
  // The dataset's lines are hashed while the cache is opened (from when its key is known to match,
  // so a first or invalidated build starts no such work): in a worker thread for a large file.
  let hashing: Promise<LineHashes | false> | undefined;
  const startHashing = () => {
    hashing = size > IN_THREAD_BYTES ? runInWorker<LineHashes | false>("line-hash-worker", { file: start.file }) : lineHashes(start.file);
    // Let go (it ends by itself) when a later check finds the cache unusable.
    hashing.catch(() => {});
  };
  const cache = await openCache(start.cache, key, start.outDir, startHashing);
  if ("reason" in cache) return { key, reason: cache.reason };
  const lines = await hashing!;
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
