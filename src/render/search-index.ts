// The search index build, called by the site build: skills -> term shards + autocomplete shards,
// written through the output sink under search/, and the manifest part that says where they are.
// Shards are cut by key range (so a prefix reads neighbouring keys) at about SHARD_BYTES each and
// named by a hash of their bytes, so unchanged shards keep their names and their CDN caches.
import { createHash } from "node:crypto";
import { type SearchFolder, searchFile } from "../contract/paths.js";
import { encodePostings } from "../contract/postings.js";
import { type RangeShard, SEARCH_FORMAT, SearchManifest } from "../contract/search-manifest.js";
import { encodeShard, type ShardEntry } from "../contract/term-shard.js";
import { stableStringify } from "../dataset/json.js";
import type { SkillRecord } from "../schemas/dataset.js";
import { collectPostings, type Postings } from "../search/collect-postings.js";
import { suggestionEntries, TOP_PREFIX_LENGTH, topByPrefix } from "../search/suggest-build.js";
import type { OutputSink } from "./output.js";
import { searchDocument } from "./search-document.js";

export const SHARD_BYTES = 256 * 1024;
export const SUGGEST_SHARD_BYTES = 48 * 1024;
export const MAX_EXPANSIONS = 512;

const hashName = (folder: SearchFolder, bytes: Uint8Array | string, ext: "bin" | "json") =>
  searchFile(folder, createHash("sha256").update(bytes).digest("hex").slice(0, 16), ext);

const EMPTY = new Uint8Array(0);
const NO_LIST = Uint8Array.of(0);

function encodeEntry(term: string, lists: Postings extends Map<string, infer L> ? L : never, docCount: number): ShardEntry {
  const encoded = lists.map((l) => {
    if (!l) return NO_LIST;
    const out: number[] = [];
    encodePostings(l.toArray(), docCount, out);
    return Uint8Array.from(out);
  });
  return { term, lists: [encoded[0] ?? EMPTY, encoded[1] ?? EMPTY, encoded[2] ?? EMPTY] };
}

/** Groups sorted items into runs of about `target` bytes. */
function cut<T>(items: readonly T[], size: (item: T) => number, target: number): T[][] {
  const runs: T[][] = [];
  let run: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const s = size(item);
    if (run.length > 0 && bytes + s > target) {
      runs.push(run);
      run = [];
      bytes = 0;
    }
    run.push(item);
    bytes += s;
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

async function writeJsonShards<T>(
  sink: OutputSink,
  dir: SearchFolder,
  items: readonly T[],
  keyOf: (item: T) => string,
): Promise<RangeShard[]> {
  const runs = cut(items, (i) => JSON.stringify(i).length + 1, SUGGEST_SHARD_BYTES);
  const shards: RangeShard[] = [];
  for (const run of runs) {
    const text = stableStringify(run);
    const file = hashName(dir, text, "json");
    await sink.write(file, text);
    shards.push({ first: keyOf(run[0]!), file, bytes: Buffer.byteLength(text) });
  }
  return shards;
}

/** Builds and writes the whole search index; returns the manifest part (validated). */
export async function writeSearchIndex(
  records: readonly SkillRecord[],
  sink: OutputSink,
  log: (line: string) => void,
): Promise<SearchManifest> {
  const docCount = records.length;
  const started = performance.now();
  const docs = (ordinal: number) => searchDocument(records[ordinal]!);
  const postings = collectPostings(docs, docCount, (done) => log(`search: indexed ${done}/${docCount} skills`));
  const keys = [...postings.keys()].sort();
  const pairs = keys.filter((k) => k.startsWith("\u0001")).length;
  log(`search: ${keys.length - pairs} terms, ${pairs} phrase pairs (${Math.round(performance.now() - started)} ms)`);

  const terms: RangeShard[] = [];
  let postingBytes = 0;
  let run: ShardEntry[] = [];
  let runBytes = 0;
  const flush = async () => {
    if (run.length === 0) return;
    const bytes = encodeShard(run, docCount);
    const file = hashName("terms", bytes, "bin");
    await sink.write(file, bytes);
    terms.push({ first: run[0]!.term, file, bytes: bytes.length });
    run = [];
    runBytes = 0;
  };
  for (const key of keys) {
    const entry = encodeEntry(key, postings.get(key)!, docCount);
    const size = entry.term.length + 16 + entry.lists.reduce((s, l) => s + l.length, 0);
    postingBytes += size;
    if (runBytes > 0 && runBytes + size > SHARD_BYTES) await flush();
    run.push(entry);
    runBytes += size;
    if (terms.length % 50 === 0 && run.length === 1) log(`search: wrote ${terms.length} term shards`);
  }
  await flush();
  log(`search: ${terms.length} term shards, ${postingBytes} bytes`);

  const entries = suggestionEntries(
    postings,
    records.map((r) => r.name),
  );
  const top = topByPrefix(entries);
  const suggest = {
    topPrefixLength: TOP_PREFIX_LENGTH,
    top: await writeJsonShards(sink, "top", top, (t) => t[0]),
    entries: await writeJsonShards(sink, "suggest", entries, (e) => e[0]),
  };
  log(`search: ${entries.length} suggestions, ${top.length} prefixes (${Math.round(performance.now() - started)} ms)`);
  return SearchManifest.parse({
    format: SEARCH_FORMAT,
    docCount,
    maxExpansions: MAX_EXPANSIONS,
    terms,
    suggest,
    stats: { terms: keys.length - pairs, pairs, postingBytes },
  });
}
