import { ByteBuffer } from "../../contract/postings.js";
import { type MeaningManifest, SEARCH_FORMAT, SearchManifest, type SuggestionPair } from "../../contract/search-manifest.js";
import type { SkillRecord } from "../../schemas/dataset.js";
import { FIELDS, PHRASE_FIELDS } from "../../schemas/fields.js";
import type { OutputSink } from "../output.js";
import type { PostingCollector, PostingIndex } from "./collect-postings.js";
import { type NestedSkill, nestedSkills, searchDocument } from "./search-document.js";
import { type Offload, writeSearchExtras } from "./search-extras.js";
import { changedSuggestions, type SearchPatch, shardPatch, strictlyAscending } from "./search-patch.js";
import { encodeEntry, SUGGEST_SHARD_BYTES, writeJsonShards, writeJsonShardsAt, writeTermShards } from "./search-shards.js";
import { isPrimaryBody, type ScannedBody } from "./shared-terms.js";
import {
  countSurfaceWords,
  suggestionEntries,
  surfaceFormsOf,
  TOP_PREFIX_LENGTH,
  topByPrefix,
  topKeys,
  topOf,
  topPrefixes,
} from "./suggest-build.js";

/** A prefix matching more words than this is precomputed (its union), so a query never expands more. */
export const MAX_EXPANSIONS = 512;

/**
 * Adds one skill's index keys per field to `collector` and closes the skill. Name and description
 * get their terms and phrase pairs (addPhraseText, the keys of fieldKeys); content, the bulk, its
 * terms (addText). Skills are added in ordinal order (within a collector's range). `body`, the
 * record's primary body scanned by the collector's terms, spares scanning it again.
 */
export function collectSkill(collector: PostingCollector, record: SkillRecord, body?: ScannedBody): void {
  const doc = searchDocument(record);
  // The content's first segment is the primary SKILL.md's body: taken as scanned when it was (scanPrimaryBody).
  const scanned = body && isPrimaryBody(body, record) ? body : undefined;
  FIELDS.forEach((name, f) => {
    if (PHRASE_FIELDS[f]) for (const segment of doc[name]) collector.addPhraseText(f, segment);
    else
      doc[name].forEach((segment, s) => {
        if (scanned && name === "content" && s === 0) collector.addScanned(f, scanned);
        else collector.addText(f, segment);
      });
  });
  collector.endSkill();
}

/**
 * What the index writer needs of the skills besides their postings: how many, each one's name (in
 * ordinal order) and the nested skills. Small next to the slim records, so the build drops those
 * before the index pass allocates.
 */
export interface SearchSkills {
  count: number;
  names: readonly string[];
  nested: readonly NestedSkill[];
  /** The surface form of stemmed terms (suggest-build.ts surfaceFormsOf). */
  surface: ReadonlyMap<string, string>;
  /** Ordinals of the skills search leaves out by default (malicious): autocomplete's counts leave them out too. */
  hidden: readonly number[];
}

/** The SearchSkills of records in ordinal order; `words`, their surface forms' word counts (countSurfaceWords), if made already. */
export const searchSkillsOf = (
  records: readonly SkillRecord[],
  hidden: readonly number[] = [],
  words: ReadonlyMap<string, number> = countSurfaceWords(records),
): SearchSkills => ({
  count: records.length,
  names: records.map((r) => r.name),
  nested: nestedSkills(records),
  surface: surfaceFormsOf(words),
  hidden,
});

/** The search index's files as written, everything its manifest part needs but the meaning model's shards. */
export type SearchFiles = Omit<SearchManifest, "meaning">;

/** No meaning model: the manifest part of a build without one. */
export const NO_MEANING: MeaningManifest = { shards: [], words: 0, related: 0, documents: 0 };

/**
 * Writes the whole search index from the collected postings and the skills' names and nested
 * skills; returns the manifest part (validated).
 */
export async function writeSearchIndex(
  postings: PostingIndex,
  skills: SearchSkills,
  sink: OutputSink,
  log: (line: string) => void,
  /** The meaning pass's shards (meaning-pass.ts); none when it did not run. */
  meaning: MeaningManifest = NO_MEANING,
): Promise<SearchManifest> {
  return searchManifest(await writeSearchFiles(postings, skills, sink, log), meaning);
}

/** The search index's manifest part (validated) from its files and the meaning pass's shards. */
export const searchManifest = (files: SearchFiles, meaning: MeaningManifest): SearchManifest => SearchManifest.parse({ ...files, meaning });

/**
 * Writes the search index's files: the term shards, the extras (nested skills, prefixes, typo
 * vocabulary) and the suggestions. The meaning model is a pass of its own (the build may run it in
 * another thread meanwhile): its shards join the manifest part after (searchManifest).
 */
export async function writeSearchFiles(
  postings: PostingIndex,
  skills: SearchSkills,
  sink: OutputSink,
  log: (line: string) => void,
  /** An incremental build's view of the previous index: its files are kept where no key changed (search-patch.ts). */
  given?: SearchPatch,
  /** Hears of the nested skills' index (search-extras.ts), for the build cache. */
  onNested?: (index: PostingIndex, cached: boolean) => Promise<void>,
  /** Parts of the index written in other threads (a full build: no `given`). */
  offload?: Offload,
): Promise<SearchFiles> {
  const docCount = skills.count;
  const started = performance.now();
  const keys = postings.keys;
  const pairs = keys.filter((k) => k.startsWith("\u0001")).length;
  log(`search: ${keys.length - pairs} terms, ${pairs} phrase pairs (${Math.round(performance.now() - started)} ms)`);
  // Every list is encoded against the skill count: with another count no previous shard can be kept.
  let kept = 0;
  const patch: SearchPatch | undefined =
    given && given.previous.docCount === docCount ? { ...given, keep: async (file) => (await given.keep(file)) && ++kept > 0 } : undefined;
  if (given && !patch) log("search: the skill count changed, the index is written whole");

  const listsAt = (i: number) => FIELDS.map((_, f) => postings.list(i, f));
  const written = await writeTermShards(
    sink,
    "terms",
    keys,
    listsAt,
    docCount,
    (n) => log(`search: wrote ${n} term shards`),
    patch && shardPatch(patch.previous.terms, patch.changed, patch.keep),
  );
  const terms = written.shards;
  const postingBytes = patch ? patchedPostingBytes(patch, postings, docCount) : written.bytes;
  log(`search: ${terms.length} term shards, ${postingBytes} bytes${patch ? `, ${patch.changed.length} keys changed` : ""}`);
  const weightAt = (i: number) => postings.postingCount(i);
  const { typo, ...extras } = await writeSearchExtras(
    skills.nested,
    { index: postings, keys, listsAt, weightAt, docCount },
    sink,
    MAX_EXPANSIONS,
    log,
    patch,
    onNested,
    offload,
  );

  const previous = patch?.suggest;
  const changed = new Set(patch?.changed);
  const sources = { names: skills.names, surface: skills.surface, hidden: skills.hidden };
  const entries = suggestionEntries(
    postings,
    sources,
    previous && { previous: previous.byText, changed, touched: previous.touched, ...(previous.moved ? { moved: previous.moved } : {}) },
  );
  const texts = entries.map((e) => e[0]);
  let suggest: SearchFiles["suggest"];
  let prefixes: number;
  const ascending = strictlyAscending(texts);
  if (patch && previous && ascending) {
    // Patched: a top bucket is made only where its shard is written again (a changed text's prefixes).
    const changedTexts = changedSuggestions(previous.entries, entries);
    const keys = topKeys(entries);
    const dirty = [...new Set(changedTexts.flatMap(topPrefixes))].sort();
    prefixes = keys.length;
    suggest = {
      topPrefixLength: TOP_PREFIX_LENGTH,
      top: await writeJsonShardsAt(
        sink,
        "top",
        keys,
        (i): [string, SuggestionPair[]] => [keys[i]!, topOf(entries, keys[i]!)],
        (t) => t[0],
        SUGGEST_SHARD_BYTES,
        shardPatch(patch.previous.suggest.top, dirty, patch.keep),
      ),
      entries: await writeJsonShards(
        sink,
        "suggest",
        entries,
        (e) => e[0],
        SUGGEST_SHARD_BYTES,
        shardPatch(patch.previous.suggest.entries, changedTexts, patch.keep),
      ),
    };
  } else {
    if (patch) log("search: the suggestions are written whole");
    // Texts strictly ascending (the usual case): each bucket is made as its shard is written, from
    // the run of entries it covers (topOf), with no table of every prefix's bucket and no sort of the
    // prefixes (topKeys gives them in order). It is the bucket topByPrefix gives (search-patch.ts relies on it too).
    const keys = ascending ? topKeys(entries) : [];
    const buckets = ascending ? [] : topByPrefix(entries);
    prefixes = ascending ? keys.length : buckets.length;
    const bucketAt = ascending
      ? (i: number): [string, SuggestionPair[]] => [keys[i]!, topOf(entries, keys[i]!)]
      : (i: number) => buckets[i]!;
    suggest = {
      topPrefixLength: TOP_PREFIX_LENGTH,
      top: await writeJsonShardsAt(sink, "top", prefixes, bucketAt, (t) => t[0]),
      entries: await writeJsonShards(sink, "suggest", entries, (e) => e[0]),
    };
  }
  log(`search: ${entries.length} suggestions, ${prefixes} prefixes (${Math.round(performance.now() - started)} ms)`);
  // The typo shards, written meanwhile (in another thread, or here between the suggestions' writes): done before the count of kept files.
  const typoManifest = await typo;
  if (patch) log(`search: ${kept} files of the previous index kept`);
  return {
    format: SEARCH_FORMAT,
    docCount,
    maxExpansions: MAX_EXPANSIONS,
    terms,
    ...extras,
    typo: typoManifest,
    suggest,
    stats: { terms: keys.length - pairs, pairs, postingBytes },
  };
}

/**
 * The index's summed entry sizes (stats.postingBytes) of a patched write, which skips the kept
 * shards' keys: the previous sum, less the changed keys' previous sizes, plus their sizes now.
 */
function patchedPostingBytes(patch: SearchPatch, postings: PostingIndex, docCount: number): number {
  const entry = new ByteBuffer();
  const ends: [number, number, number] = [0, 0, 0];
  let bytes = patch.previous.stats.postingBytes - patch.previousChangedBytes;
  for (const key of patch.changed) {
    if (postings.listOf(key, 0) === undefined) continue;
    bytes += encodeEntry(
      key,
      FIELDS.map((_, f) => postings.listOf(key, f)),
      docCount,
      entry,
      ends,
    );
  }
  return bytes;
}
