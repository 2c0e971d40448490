// The meaning model learned from the first pass's parts on disk, a range of keys at a time, so
// the model's input is never in memory whole. Learning a word reads its two lists (MEANING_ABOUT,
// MEANING_BODY) and, for every file, the targets its name and description hold; the targets need
// only the MEANING_ABOUT lists, which are small (a file's name and description). So the runs'
// MEANING_ABOUT fields are merged whole, as loadMeaning merges every field, while the
// MEANING_BODY lists, most of the input (the start of every body), are counted, and then gathered
// from the runs one range of keys at a time, each range related and written to the build cache
// before the next is gathered. At 1M skills the merged input was 2.5-3.7 GB of arrays in one piece,
// which kept the model from running beside the search index (bench/results/build-1m.md).
// The entries and the cache file are those of relatedTerms and writeStored over the merged index.

import type { RelatedEntry } from "../../contract/related-shard.js";
import { StoredWriter } from "../cache/index-store.js";
import { MEANING_ABOUT, MEANING_BODY, MEANING_FIELDS } from "./meaning-collect.js";
import { type MeaningLists, type MeaningStats, meaningTargets, WordRelater } from "./meaning-model.js";
import { type PartLayout, readPartField, readPartLayout } from "./part-file.js";
import { SortedRunMerger } from "./run-merge.js";
import { mergeUnion } from "./sorted-union.js";

/**
 * MEANING_BODY ordinals gathered at once (4 bytes each): at most this many, unless one key holds
 * more. At 100k skills the bodies hold about 90M, at 1M about ten times as many.
 */
export const MEANING_RANGE_POSTINGS = 32 * 2 ** 20;
/** About this many ranges at most: each reads every run's MEANING_BODY log again. */
export const MAX_MEANING_RANGES = 8;

export interface StreamedMeaningOptions {
  /** MEANING_BODY ordinals per range (default MEANING_RANGE_POSTINGS, or more to stay within MAX_MEANING_RANGES). */
  rangePostings?: number;
  /** Ranges hold at least 1/maxRanges of the ordinals (default MAX_MEANING_RANGES), so there are about that many at most. */
  maxRanges?: number;
  /** The build cache's file for the model's input, written as writeStored writes the merged index. */
  store?: string;
  progress?: (done: number, of: number) => void;
}

/** A run on disk, and the document it starts at. */
export interface RunFile {
  file: string;
  first: number;
}

/** The model of the runs in `files` (in document order, with the document each starts at), as relatedTerms gives it. */
export async function streamedMeaning(
  files: readonly RunFile[],
  documents: number,
  options: StreamedMeaningOptions = {},
): Promise<{ entries: RelatedEntry[]; stats: MeaningStats; ranges: number }> {
  // The MEANING_ABOUT fields merged whole; the MEANING_BODY postings counted by merged key id.
  const merger = new SortedRunMerger();
  const layouts: PartLayout[] = [];
  let bodyById = new Uint32Array(1 << 16);
  // Every run's MEANING_BODY log is read into this one buffer, grown to the largest.
  let buffer = new Uint32Array(0);
  for (const [run, { file, first }] of files.entries()) {
    const layout = await readPartLayout(file);
    if (layout.fields.length !== MEANING_FIELDS) throw new Error(`${file}: expected ${MEANING_FIELDS} fields, got ${layout.fields.length}`);
    // A run's keys come sorted (PostingCollector.part): its MEANING_BODY ids then need no renumbering.
    for (let k = 1; k < layout.keys.length; k++)
      if (!(layout.keys[k - 1]! < layout.keys[k]!)) throw new Error(`${file}: the run's keys are not sorted`);
    merger.add({ first, count: layout.count, keys: layout.keys, fields: [await readPartField(file, layout, MEANING_ABOUT)] });
    layout.keys = [];
    layouts.push(layout);
    const remap = merger.remap(run);
    let most = 0;
    for (let k = 0; k < remap.length; k++) most = Math.max(most, remap[k]! + 1);
    if (most > bodyById.length) {
      const grown = new Uint32Array(Math.max(most, bodyById.length * 2));
      grown.set(bodyById);
      bodyById = grown;
    }
    if (layout.fields[MEANING_BODY]!.length > buffer.length) buffer = new Uint32Array(layout.fields[MEANING_BODY]!.length);
    for (const chunk of (await readPartField(file, layout, MEANING_BODY, buffer)).log)
      for (let p = 0; p < chunk.length; p++) bodyById[remap[chunk[p]!]!]!++;
  }
  const about = merger.finish();
  const { keys, keyOrder } = about.snapshot();
  const aboutField = about.snapshot().fields[0]!;
  // MEANING_BODY's start by sorted key, and each merged id's sorted place.
  const start = new Uint32Array(keys.length + 1);
  const placeOf = new Uint32Array(keys.length);
  for (let i = 0; i < keys.length; i++) {
    const id = keyOrder[i]!;
    start[i + 1] = start[i]! + bodyById[id]!;
    placeOf[id] = i;
  }
  bodyById = new Uint32Array(0);
  const total = start[keys.length]!;
  const perRange = Math.max(options.rangePostings ?? MEANING_RANGE_POSTINGS, Math.ceil(total / (options.maxRanges ?? MAX_MEANING_RANGES)));

  const writer = options.store ? await StoredWriter.open(options.store, keys, [aboutField.ordinals.length, total]) : undefined;
  try {
    if (writer) {
      await writer.writeGathered(aboutField, keyOrder);
      await writer.write(start);
    }
    const relater = new WordRelater(keys, documents, meaningTargets(about, documents), options.progress);
    let ranges = 0;
    for (let lo = 0; lo < keys.length; ) {
      // The next range: as many keys as fit in perRange ordinals, at least one.
      let hi = lo + 1;
      while (hi < keys.length && start[hi + 1]! - start[lo]! <= perRange) hi++;
      const body = await gatherRange(files, layouts, merger, placeOf, start, lo, hi, buffer);
      const base = start[lo]!;
      const lists: MeaningLists = {
        keys,
        list: (i, field) => (field === MEANING_BODY ? body.subarray(start[i]! - base, start[i + 1]! - base) : about.list(i, field)),
        unionCount: (i) => mergeUnion(about.list(i, MEANING_ABOUT), body.subarray(start[i]! - base, start[i + 1]! - base)),
      };
      relater.relate(lists, lo, hi);
      if (writer) await writer.write(body);
      ranges++;
      lo = hi;
    }
    return { ...relater.finish(), ranges };
  } finally {
    await writer?.close();
  }
}

/** The MEANING_BODY lists of sorted keys [lo, hi), one after another, read from every run (each into `buffer`). */
async function gatherRange(
  files: readonly RunFile[],
  layouts: readonly PartLayout[],
  merger: SortedRunMerger,
  placeOf: Uint32Array,
  start: Uint32Array,
  lo: number,
  hi: number,
  buffer: Uint32Array,
): Promise<Uint32Array> {
  const base = start[lo]!;
  const out = new Uint32Array(start[hi]! - base);
  // Each key's next place in `out`, by its place in the range.
  const fill = start.slice(lo, hi);
  for (let k = 0; k < fill.length; k++) fill[k]! -= base;
  const span = hi - lo;
  for (const [run, { file, first }] of files.entries()) {
    const { log, ends } = await readPartField(file, layouts[run]!, MEANING_BODY, buffer);
    // The run's local key ids -> their place in the range (span or more: outside it).
    const remap = merger.remap(run);
    const local = new Uint32Array(remap.length);
    for (let k = 0; k < remap.length; k++) local[k] = placeOf[remap[k]!]! - lo;
    // Runs come in document order, and a run's postings in document order: each list stays ascending.
    let document = 0;
    let pos = 0;
    for (const chunk of log) {
      for (let p = 0; p < chunk.length; p++, pos++) {
        while (pos >= ends[document]!) document++;
        const at = local[chunk[p]!]!;
        if (at < span) out[fill[at]!++] = first + document;
      }
    }
  }
  return out;
}
