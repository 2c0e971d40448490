// The build's first pass over one byte range of skills.jsonl (run in a worker thread, or in the
// main thread for a single range): parse and validate each line, render and validate the skill's
// detail and files entries and spill them to disk (src/build/spill.ts), scan its skill folders
// (src/build/scan-record.ts: its verdict goes into its detail and summary), collect its search keys,
// and keep only a slim copy of the record (its SKILL.md texts emptied) for what needs every skill
// at once: list columns and orders, categories, status, summaries, nested skills, suggestions. A
// line that is not a valid record, or whose responses do not render valid, is skipped and reported.

import { createHash } from "node:crypto";
import { fnv1a } from "../contract/fnv.js";
import { skillKey } from "../contract/key.js";
import type { ByteRange } from "../dataset/byte-lines.js";
import { type DatasetProblem, duplicateProblem, parseSkillLine } from "../dataset/files.js";
import { forEachLine, type SlimRecord, slimForBuild } from "../dataset/stream.js";
import type { SkillRecord, StatsFile } from "../schemas/dataset.js";
import { FIELDS } from "../schemas/fields.js";
import type { Trust, TrustReviewRecord } from "../schemas/trust.js";
import { scanRecord, type TrustMark, trustMark } from "./scan-record.js";
import { type CollectedPart, PostingCollector } from "./search-index/collect-postings.js";
import { collectMeaning, MEANING_FIELDS } from "./search-index/meaning-collect.js";
import { collectSkill } from "./search-index/search-index.js";
import { SharedTerms, scanPrimaryBody } from "./search-index/shared-terms.js";
import { renderSkillEntries, renderSummary } from "./site-files.js";
import { SpillWriter } from "./spill.js";
import { reviewsByKey } from "./trust-reviews.js";

export interface PassInput {
  file: string;
  range: ByteRange;
  /** The range's position among the ranges, naming its spill files. */
  part: number;
  spillDir: string;
  groups: number;
  stats: StatsFile;
  search: boolean;
  /** Every maintainer review of data/trust-reviews.jsonl (src/build/trust-reviews.ts). */
  reviews: TrustReviewRecord[];
  /** Skills per run of the index parts, when runs are handed over (runPass's `onRun`; default RUN_SKILLS). */
  runSkills?: number;
}

export interface PassResult {
  /** Lines in the range (blank ones included), to number the next range's lines. */
  lines: number;
  records: SlimRecord[];
  /** Each record's summary, rendered and validated (JSON). */
  summaries: string[];
  /** Each record's trust verdict (and for a malicious one, why). */
  marks: TrustMark[];
  lineMarks: LineMark[];
  /** The lines skipped, numbered within the range. */
  problems: DatasetProblem[];
  /** Whether the range's records are in key order (the dataset's own order, normally). */
  sorted: boolean;
  /** The search keys of the range's records, ordinals from 0 within the range. */
  postings: CollectedPart | null;
  /** The meaning model's input: the range's SKILL.md files, one document each, numbered from 0 within the range. */
  meaning: CollectedPart | null;
  spillBytes: number;
  /** Bytes of the skill folders' text entries spilled (src/build/site-files.ts SkillEntries.textBytes). */
  textBytes: number;
  /**
   * Set by a worker thread (build-worker.ts) that wrote its parts to disk (search-index/part-file.ts)
   * instead of posting them: `postings` and `meaning` are then null, and these say where they are.
   */
  partFiles?: { postings: PartFile[]; meaning: PartFile[] };
}

/** A collector's part written to disk: the file and how many skills (or documents) it holds. */
export interface PartFile {
  file: string;
  count: number;
}

/** Slim records and their summaries, handed over in order. */
export interface PassBatch {
  records: SlimRecord[];
  summaries: string[];
  marks: TrustMark[];
  /** What the build cache keeps of each record (src/build/cache/): its line's hash and its text entries' key hashes. */
  lineMarks: LineMark[];
}

/** The hash of a record's line (lineHash) and the fnv1a of each of its text entries' keys (their text shards). */
export interface LineMark {
  hash: string;
  texts: number[];
  /** SkillEntries.textBytes. */
  textBytes: number;
  /** For a record taken from the build cache, its line's number (from 0) there: its bytes are copied back (src/build/cache/cache-store.ts). */
  cached?: number;
}

/**
 * The hash the build cache keys a record by: of its line's bytes, so an unchanged line is known without
 * parsing it. Of the bytes as read (as src/build/cache/line-hashes.ts hashes them), not of the decoded
 * text encoded again: no second encoding of every line, and a line that is not valid UTF-8 hashes the same.
 */
export const lineHash = (bytes: Uint8Array): string => createHash("sha1").update(bytes).digest("base64");

/** What the first pass makes of one valid record: its entries, summary and trust (it throws when one does not render valid). */
export function renderRecord(record: SkillRecord, stats: StatsFile, reviews: readonly TrustReviewRecord[]) {
  // Every build scans afresh with the current rules: no verdict outlives a change of rules or files.
  const trust: Trust = scanRecord(record, reviews);
  const entries = renderSkillEntries(record, stats, trust);
  const summary = renderSummary(record, trust.verdict);
  return { trust, entries, summary };
}

/** `renderRecord`, or, when its responses do not render valid, the line reported as a bad one (undefined). */
export function renderOrReport(
  record: SkillRecord,
  stats: StatsFile,
  reviews: readonly TrustReviewRecord[],
  at: { file: string; line: number; problems: DatasetProblem[] },
): ReturnType<typeof renderRecord> | undefined {
  try {
    return renderRecord(record, stats, reviews);
  } catch (e) {
    at.problems.push({ file: at.file, line: at.line, repository: `${record.owner}/${record.repo}`, message: (e as Error).message });
    return undefined;
  }
}

/** Records a worker hands over at a time, so its own heap never holds its whole range's. */
const BATCH = 1000;

/**
 * Skills per run of a worker's index parts: its postings and meaning collectors are handed over
 * (and written to disk) every this many skills and start afresh, so what a worker holds does not
 * grow with its range (at 1M skills a range's parts were gigabytes). About 100 MB of collectors per
 * run on realistic skills; more runs cost only each run's keys written again, merged when read.
 */
export const RUN_SKILLS = 25_000;

/** A run's index parts: the search postings and the meaning model's documents of its skills. */
export interface PassRun {
  postings: CollectedPart | null;
  meaning: CollectedPart | null;
}

/**
 * Runs the pass over `input.range`. With `onBatch`, the slim records and summaries are handed over
 * every BATCH records (with the progress) and the result holds only the last ones. With `onRun`, the
 * index parts are handed over every `input.runSkills` skills (each run's ordinals and documents
 * from 0 within the run) and the result's are the last run's.
 */
export async function runPass(
  input: PassInput,
  progress: (records: number) => void,
  onBatch?: (batch: PassBatch) => void,
  onRun?: (run: PassRun) => void,
): Promise<PassResult> {
  const spill = new SpillWriter(input.spillDir, input.part, input.groups);
  // The two collectors of a run share one analysis of the text: each spelling is analysed once, each
  // primary body scanned once for both (shared-terms.ts).
  let terms = new SharedTerms();
  let collector = input.search ? new PostingCollector(FIELDS.length, 0, terms) : null;
  let meaning = input.search ? new PostingCollector(MEANING_FIELDS, 0, terms) : null;
  const runSkills = Math.max(1, input.runSkills ?? RUN_SKILLS);
  let records: SlimRecord[] = [];
  let summaries: string[] = [];
  let marks: TrustMark[] = [];
  let lineMarks: LineMark[] = [];
  const reviews = reviewsByKey(input.reviews);
  let count = 0;
  const problems: DatasetProblem[] = [];
  let sorted = true;
  let lastKey = "";
  let textBytes = 0;
  try {
    const lines = await forEachLine(input.file, input.range, (line, lineNo, bytes) => {
      const record = parseSkillLine(line, input.file, lineNo, problems);
      if (!record) return;
      // A second record for a name is a bad line like any other: the first one is kept.
      if (count > 0 && skillKey(record.owner, record.repo) === lastKey) {
        problems.push(duplicateProblem(input.file, lineNo, record));
        return;
      }
      // Everything that can refuse the record comes before anything is kept of it.
      const key = skillKey(record.owner, record.repo);
      const rendered = renderOrReport(record, input.stats, reviews.get(key) ?? [], { file: input.file, line: lineNo, problems });
      if (!rendered) return;
      const { entries, summary, trust } = rendered;
      if (count > 0 && key < lastKey) sorted = false;
      lastKey = key;
      spill.add("d", key, entries.detail);
      spill.add("f", key, entries.files);
      for (const [fileKey, json] of entries.texts) spill.add("t", fileKey, json);
      textBytes += entries.textBytes;
      if (collector && meaning) {
        const body = scanPrimaryBody(terms, record);
        collectSkill(collector, record, body);
        collectMeaning(meaning, record, body);
      }
      records.push(slimForBuild(record));
      summaries.push(summary);
      marks.push(trustMark(trust));
      lineMarks.push({ hash: lineHash(bytes), texts: entries.texts.map(([k]) => fnv1a(k)), textBytes: entries.textBytes });
      if (onRun && collector && meaning && collector.count >= runSkills) {
        onRun({ postings: collector.part(), meaning: meaning.part() });
        terms = new SharedTerms();
        collector = new PostingCollector(FIELDS.length, 0, terms);
        meaning = new PostingCollector(MEANING_FIELDS, 0, terms);
      }
      if (++count % BATCH === 0) {
        if (onBatch) {
          onBatch({ records, summaries, marks, lineMarks });
          records = [];
          summaries = [];
          marks = [];
          lineMarks = [];
        }
        progress(count);
      }
    });
    progress(count);
    return {
      lines,
      records,
      summaries,
      marks,
      lineMarks,
      problems,
      sorted,
      postings: collector?.part() ?? null,
      meaning: meaning?.part() ?? null,
      spillBytes: spill.bytes,
      textBytes,
    };
  } finally {
    spill.close();
  }
}
