// The search index build, called by the site build: skills -> term shards + autocomplete shards,
// written through the output sink under search/, and the manifest part that says where they are.
// Shards are cut by key range (so a prefix reads neighbouring keys) at about SHARD_BYTES each and
// named by a hash of their bytes, so unchanged shards keep their names and their CDN caches.
import { createHash } from "node:crypto";
import { FIELDS, PHRASE_FIELDS } from "../contract/fields.js";
import { type SearchFolder, searchFile } from "../contract/paths.js";
import { encodePostings } from "../contract/postings.js";
import { type RangeShard, SEARCH_FORMAT, SearchManifest } from "../contract/search-manifest.js";
import { encodeShard, type ShardEntry } from "../contract/term-shard.js";
import { stableStringify } from "../dataset/json.js";
import type { SkillRecord } from "../schemas/dataset.js";
import { PostingCollector, type PostingIndex } from "../search/collect-postings.js";
import { fieldKeys } from "../search/document-text.js";
import { suggestionEntries, TOP_PREFIX_LENGTH, topByPrefix } from "../search/suggest-build.js";
import { asciiTerm, scanRuns } from "../search/term-scan.js";
import { tokenize } from "../search/text.js";
import type { OutputSink } from "./output.js";
import { searchDocument } from "./search-document.js";

export const SHARD_BYTES = 256 * 1024;
export const SUGGEST_SHARD_BYTES = 48 * 1024;
export const MAX_EXPANSIONS = 512;

const hashName = (folder: SearchFolder, bytes: Uint8Array | string, ext: "bin" | "json") =>
  searchFile(folder, createHash("sha256").update(bytes).digest("hex").slice(0, 16), ext);

function encodeEntry(index: PostingIndex, i: number, docCount: number): ShardEntry {
  const encoded = FIELDS.map((_, f) => {
    const out: number[] = [];
    encodePostings(index.list(i, f), docCount, out);
    return Uint8Array.from(out);
  });
  return { term: index.keys[i]!, lists: [encoded[0]!, encoded[1]!, encoded[2]!] };
}

/**
 * Collects every skill's index keys per field, in ordinal order, and inverts them. Name and
 * description go through fieldKeys (terms and phrase pairs); content, the bulk, is scanned word by
 * word straight into key ids: each plain ASCII spelling is analysed once, then found by one lookup.
 */
export function collectPostings(records: readonly SkillRecord[], log: (line: string) => void): PostingIndex {
  const collector = new PostingCollector(FIELDS.length);
  const wordIds = new Map<string, number>();
  const addText = (field: number, text: string) =>
    scanRuns(
      text,
      (word) => {
        let id = wordIds.get(word);
        if (id === undefined) {
          const term = asciiTerm(word);
          id = term === "" ? -1 : collector.idOf(term);
          wordIds.set(word, id);
        }
        if (id >= 0) collector.addId(field, id);
      },
      (run) => {
        for (const t of tokenize(run)) collector.addKey(field, t.term);
      },
    );
  records.forEach((record, ordinal) => {
    const doc = searchDocument(record);
    FIELDS.forEach((name, f) => {
      if (PHRASE_FIELDS[f]) for (const key of fieldKeys(doc[name], true)) collector.addKey(f, key);
      else for (const segment of doc[name]) addText(f, segment);
    });
    collector.endSkill();
    if ((ordinal + 1) % 10_000 === 0 || ordinal + 1 === records.length) log(`search: indexed ${ordinal + 1}/${records.length} skills`);
  });
  return collector.finish();
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
  const postings = collectPostings(records, log);
  const keys = postings.keys;
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
  for (let i = 0; i < keys.length; i++) {
    const entry = encodeEntry(postings, i, docCount);
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
