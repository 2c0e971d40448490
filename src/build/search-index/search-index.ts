import { type MeaningManifest, SEARCH_FORMAT, SearchManifest } from "../../contract/search-manifest.js";
import type { SkillRecord } from "../../schemas/dataset.js";
import { FIELDS, PHRASE_FIELDS } from "../../schemas/fields.js";
import type { OutputSink } from "../output.js";
import type { PostingCollector, PostingIndex } from "./collect-postings.js";
import { type NestedSkill, nestedSkills, searchDocument } from "./search-document.js";
import { writeSearchExtras } from "./search-extras.js";
import { writeJsonShards, writeTermShards } from "./search-shards.js";
import { isPrimaryBody, type ScannedBody } from "./shared-terms.js";
import { suggestionEntries, surfaceForms, TOP_PREFIX_LENGTH, topByPrefix } from "./suggest-build.js";

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
  /** The surface form of stemmed terms (suggest-build.ts surfaceForms). */
  surface: ReadonlyMap<string, string>;
  /** Ordinals of the skills search leaves out by default (malicious): autocomplete's counts leave them out too. */
  hidden: readonly number[];
}

/** The SearchSkills of records in ordinal order. */
export const searchSkillsOf = (records: readonly SkillRecord[], hidden: readonly number[] = []): SearchSkills => ({
  count: records.length,
  names: records.map((r) => r.name),
  nested: nestedSkills(records),
  surface: surfaceForms(records),
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
): Promise<SearchFiles> {
  const docCount = skills.count;
  const started = performance.now();
  const keys = postings.keys;
  const pairs = keys.filter((k) => k.startsWith("\u0001")).length;
  log(`search: ${keys.length - pairs} terms, ${pairs} phrase pairs (${Math.round(performance.now() - started)} ms)`);

  const listsAt = (i: number) => FIELDS.map((_, f) => postings.list(i, f));
  const { shards: terms, bytes: postingBytes } = await writeTermShards(sink, "terms", keys, listsAt, docCount, (n) =>
    log(`search: wrote ${n} term shards`),
  );
  log(`search: ${terms.length} term shards, ${postingBytes} bytes`);
  const extras = await writeSearchExtras(skills.nested, { keys, listsAt, docCount }, sink, MAX_EXPANSIONS, log);

  const entries = suggestionEntries(postings, { names: skills.names, surface: skills.surface, hidden: skills.hidden });
  const top = topByPrefix(entries);
  const suggest = {
    topPrefixLength: TOP_PREFIX_LENGTH,
    top: await writeJsonShards(sink, "top", top, (t) => t[0]),
    entries: await writeJsonShards(sink, "suggest", entries, (e) => e[0]),
  };
  log(`search: ${entries.length} suggestions, ${top.length} prefixes (${Math.round(performance.now() - started)} ms)`);
  return {
    format: SEARCH_FORMAT,
    docCount,
    maxExpansions: MAX_EXPANSIONS,
    terms,
    ...extras,
    suggest,
    stats: { terms: keys.length - pairs, pairs, postingBytes },
  };
}
