// The first pass of an incremental build, in one thread: each line of skills.jsonl is hashed, and a
// line the cache holds (same bytes, same stats entry, same reviews) is taken from it whole (slim
// record, summary, trust mark, its lists in the stored index) without being decoded, parsed,
// rendered, scanned or analysed. Only the other lines go through what the full pass does to each
// (stream-pass.ts renderRecord); their entries are spilled for the shards they land in, the meaning
// model's stored input is patched with them, and the term index's patch is given for where the
// search index is written (search-rebuild.ts, often a worker thread). The result is what the full pass gives, plus what changed,
// so the second pass rewrites only the shards that hold a changed skill, and whether the meaning
// model's input is the cached one.

import { createHash } from "node:crypto";
import { open } from "node:fs/promises";
import { fnv1a } from "../../contract/fnv.js";
import { skillKey } from "../../contract/key.js";
import { type DatasetProblem, duplicateProblem, parseSkillLine } from "../../dataset/files.js";
import { type SlimRecord, slim } from "../../dataset/stream.js";
import type { StatsFile } from "../../schemas/dataset.js";
import { FIELDS } from "../../schemas/fields.js";
import type { TrustReviewRecord } from "../../schemas/trust.js";
import type { OrdinalMap } from "../list-orders.js";
import type { FirstPass } from "../passes.js";
import { type TrustMark, trustMark } from "../scan-record.js";
import { type CollectedPart, PostingCollector } from "../search-index/collect-postings.js";
import { collectMeaning, MEANING_FIELDS } from "../search-index/meaning-collect.js";
import { collectSkill } from "../search-index/search-index.js";
import { SpillWriter } from "../spill.js";
import { type LineMark, renderOrReport } from "../stream-pass.js";
import { reviewsByKey } from "../trust-reviews.js";
import { type OpenCache, reviewsJson, statsJson } from "./cache-store.js";
import { changedByPatch, type IndexPatch, patchStoredFile } from "./index-patch.js";
import { indexOf, readStored, type StoredFile, type StoredIndex } from "./index-store.js";
import type { LineHashes } from "./line-hashes.js";

export interface IncrementalInput {
  file: string;
  size: number;
  spillDir: string;
  stats: StatsFile;
  search: boolean;
  reviews: TrustReviewRecord[];
  cache: OpenCache;
  /** skills.jsonl's lines hashed (line-hashes.ts): the pass reads again only those the cache does not hold. */
  lines: LineHashes;
  progress: (records: number) => void;
}

/** What changed against the cache: the second pass rewrites the shards these land in. */
export interface Reuse {
  cache: OpenCache;
  /** Keys of the skills rendered afresh and of those gone. */
  changed: Set<string>;
  /** fnv1a of the text entries' keys of those skills, old and new (a text shard is this mod the shard count). */
  textHashes: number[];
  /** Skills rendered afresh. */
  fresh: number;
  /** Where each cached skill went (-1: changed or gone), and the ordinals of the skills rendered afresh, ascending. */
  ordinals: OrdinalMap;
  /** How the cache's term index becomes this build's (index-patch.ts patchStoredFile), applied where the search index is written (search-rebuild.ts). */
  postings: IndexPatch | null;
  /**
   * The meaning model's input, and whether it equals the cached one (its output is then the cached
   * one); the cached input (read again only for an update), its number of files and where each of
   * its files went (-1: re-read or gone), for an update of the cached model (meaning-update.ts).
   */
  meaning: {
    /** Null when `same`: the cached input, not read (readMeaningInput reads it when the build needs it after all). */
    stored: StoredIndex | null;
    same: boolean;
    previous: StoredFile;
    previousDocuments: number;
    oldDocTo: Int32Array;
  } | null;
  /**
   * What patchMeaning makes `meaning` (and the pass's `meaning`) from, until it has: the cached
   * input's rows' new places and the fresh rows. Left to the build's meaning step, so the search
   * index's worker gets its job half a second sooner at 100k skills.
   */
  meaningPatch: { oldDocTo: Int32Array; fresh: CollectedPart; freshDocTo: Uint32Array; documents: number } | null;
}

export type IncrementalPass = FirstPass & { reuse: Reuse };

/** Runs the pass, or gives the reason it cannot (the build then runs the full pass). */
export async function incrementalPass(input: IncrementalInput): Promise<IncrementalPass | { reason: string }> {
  const { cache } = input;
  if (input.search && (!cache.search || !cache.meaning)) return { reason: "the build cache holds no search index" };
  const byHash = new Map<string, number>();
  cache.skills.forEach((s, i) => byHash.set(s[1], i));
  const reviews = reviewsByKey(input.reviews);
  const spill = new SpillWriter(input.spillDir, 0, 1);
  const collector = input.search && cache.search ? new PostingCollector(FIELDS.length) : null;
  const meaning = input.search && cache.meaning ? new PostingCollector(MEANING_FIELDS) : null;
  // Each cached skill's (and SKILL.md document's) new ordinal, -1 while not taken; the fresh rows' ordinals.
  const oldTo = new Int32Array(cache.skills.length).fill(-1);
  const freshTo: number[] = [];
  const docStart = new Uint32Array(cache.skills.length + 1);
  cache.skills.forEach((s, i) => (docStart[i + 1] = docStart[i]! + ((s[8].files as unknown[] | undefined)?.length ?? 0)));
  const records: SlimRecord[] = [];
  const summaries: string[] = [];
  const marks: TrustMark[] = [];
  const lineMarks: LineMark[] = [];
  const problems: DatasetProblem[] = [];
  const seen = new Set<string>();
  const changed = new Set<string>();
  const textHashes: number[] = [];
  let lastKey = "";
  let unsorted = false;
  const oldDocTo = new Int32Array(docStart[cache.skills.length]!).fill(-1);
  const freshDocTo: number[] = [];
  let documents = 0;
  let textBytes = 0;
  let fresh = 0;
  let closed = false;
  const { lines } = input;
  const handle = await open(input.file, "r");
  try {
    for (let i = 0; i < lines.hashes.length && !unsorted; i++) {
      const lineNo = i + 1;
      // The full pass hashes the decoded line as UTF-8: the same bytes for any valid UTF-8 line (another line only misses).
      const hash = lines.hashes[i]!;
      const at = byHash.get(hash);
      const hit = at === undefined ? undefined : cache.skills[at]!;
      const hitRecord = hit?.[8] as SlimRecord | undefined;
      const usable =
        hit !== undefined &&
        hitRecord !== undefined &&
        hit[2] === statsJson(input.stats, hitRecord) &&
        hit[3] === reviewsJson(reviews.get(hit[0])) &&
        !seen.has(hit[0]);
      let key: string;
      if (usable) {
        key = hit[0];
        if (records.length > 0 && key === lastKey) {
          problems.push(duplicateProblem(input.file, lineNo, hitRecord));
          continue;
        }
        records.push(hitRecord);
        summaries.push(hit[4]);
        marks.push(hit[5]);
        lineMarks.push({ hash, texts: hit[7], textBytes: hit[6], cached: at! });
        textBytes += hit[6];
        oldTo[at!] = records.length - 1;
        for (let d = docStart[at!]!; d < docStart[at! + 1]!; d++) oldDocTo[d] = documents++;
      } else {
        // Only a line the cache does not hold is read again.
        const bytes = Buffer.allocUnsafe(lines.ends[i]! - lines.starts[i]!);
        await handle.read(bytes, 0, bytes.length, lines.starts[i]!);
        // The bytes hashed, or the file was replaced since (its cache line would not describe it).
        if (createHash("sha1").update(bytes).digest("base64") !== hash) return { reason: "skills.jsonl changed while it was read" };
        // A line that is blank (as the full pass's trim() sees it) is skipped; a record's line starts with "{".
        if (bytes[0] !== 0x7b && bytes.toString("utf8").trim() === "") continue;
        const record = parseSkillLine(bytes.toString("utf8"), input.file, lineNo, problems);
        if (!record) continue;
        key = skillKey(record.owner, record.repo);
        if (records.length > 0 && key === lastKey) {
          problems.push(duplicateProblem(input.file, lineNo, record));
          continue;
        }
        const rendered = renderOrReport(record, input.stats, reviews.get(key) ?? [], { file: input.file, line: lineNo, problems });
        if (!rendered) continue;
        const { entries, summary, trust } = rendered;
        spill.add("d", key, entries.detail);
        spill.add("f", key, entries.files);
        const texts: number[] = [];
        for (const [fileKey, json] of entries.texts) {
          spill.add("t", fileKey, json);
          texts.push(fnv1a(fileKey));
        }
        textHashes.push(...texts);
        textBytes += entries.textBytes;
        changed.add(key);
        if (collector) collectSkill(collector, record);
        if (meaning) collectMeaning(meaning, record);
        records.push(slim(record));
        summaries.push(summary);
        marks.push(trustMark(trust));
        lineMarks.push({ hash, texts, textBytes: entries.textBytes });
        fresh++;
        freshTo.push(records.length - 1);
        for (let d = 0; d < record.files.length; d++) freshDocTo.push(documents++);
      }
      if (records.length > 1 && key < lastKey) unsorted = true;
      lastKey = key;
      seen.add(key);
      if (records.length % 10_000 === 0) input.progress(records.length);
    }
    if (unsorted) return { reason: "skills.jsonl is not in key order" };
    input.progress(records.length);
    spill.close();
    closed = true;
    // A cached skill not taken (gone, or changed: its old entries and texts are replaced).
    for (const s of cache.skills) {
      if (seen.has(s[0]) && !changed.has(s[0])) continue;
      changed.add(s[0]);
      textHashes.push(...s[7]);
    }
    const postings = collector && cache.search ? { oldTo, fresh: collector.part(), freshTo: Uint32Array.from(freshTo) } : null;
    const meaningPatch =
      meaning && cache.meaning ? { oldDocTo, fresh: meaning.part(), freshDocTo: Uint32Array.from(freshDocTo), documents } : null;
    return {
      records,
      summaries,
      marks,
      lineMarks,
      problems,
      sorted: true,
      postings: null,
      meaning: null,
      parts: 1,
      groups: 1,
      spillBytes: spill.bytes,
      textBytes,
      reuse: {
        cache,
        changed,
        textHashes,
        fresh,
        ordinals: { oldTo, fresh: freshTo },
        postings,
        meaning: null,
        meaningPatch,
      },
    };
  } finally {
    if (!closed) spill.close();
    await handle.close();
  }
}

/** Patches the cached meaning input into this build's (Reuse.meaningPatch), once: sets the pass's `meaning` and the reuse's. */
export function patchMeaning(pass: Pick<FirstPass, "meaning">, reuse: Reuse): void {
  const input = reuse.meaningPatch;
  const cached = reuse.cache.meaning;
  if (!input || !cached) return;
  reuse.meaningPatch = null;
  const patch = { oldTo: input.oldDocTo, fresh: input.fresh, freshTo: input.freshDocTo };
  // The meaning model is a function of its whole input: an input equal to the cached one gives the
  // cached model. An hourly crawl's changes leave it so, and that is found without making its copy.
  const same = input.documents === reuse.cache.state.documents && changedByPatch(cached, patch).length === 0;
  const stored = same ? null : patchStoredFile(cached, patch, false).index;
  pass.meaning = stored && { files: indexOf(stored), documents: input.documents };
  reuse.meaning = {
    stored,
    same,
    previous: cached,
    previousDocuments: reuse.cache.state.documents,
    oldDocTo: input.oldDocTo,
  };
}

/**
 * The meaning input an incremental build found unchanged (Reuse.meaning.same), read whole, for a
 * build that needs it after all (the previous model's shards could not be kept): sets the pass's
 * `meaning`.
 */
export async function readMeaningInput(pass: Pick<FirstPass, "meaning">, reuse: Reuse): Promise<void> {
  const input = reuse.meaning;
  if (!input?.same || pass.meaning) return;
  const stored = await readStored(input.previous.file, input.previous.rows);
  pass.meaning = { files: indexOf(stored), documents: input.previousDocuments };
}
