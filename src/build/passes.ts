// The build's first pass over the whole of skills.jsonl: the file is cut into one byte range per
// worker thread (src/build/build-worker.ts), each range streamed, rendered, spilled and indexed
// on its own (src/build/stream-pass.ts), and the results merged here in range order, so ordinals,
// line numbers and the index are what one pass over the file would give, whatever the worker count.
import { skillKey } from "../contract/key.js";
import type { DatasetProblem } from "../dataset/files.js";
import { lineRanges, type SlimRecord } from "../dataset/stream.js";
import { RecordCompactor } from "./compact-record.js";
import type { TrustMark } from "./scan-record.js";
import { type Buffers, PostingIndex } from "./search-index/collect-postings.js";
import type { MeaningCorpus } from "./search-index/meaning-pass.js";
import { readPart } from "./search-index/part-file.js";
import { SortedRunMerger } from "./search-index/run-merge.js";
import { type LineMark, type PartFile, type PassBatch, type PassInput, type PassResult, runPass } from "./stream-pass.js";
import { defaultWorkers, startWorker } from "./typescript-worker.js";

/** Below this many bytes of skills.jsonl a range is not worth a worker thread's start (about a second). */
export const MIN_WORKER_BYTES = 8 * 1024 * 1024;

/**
 * The default worker count for a skills file of `bytes`: the available cores, at most 4 (the merge
 * is serial beyond that), and no more than the file has ranges of MIN_WORKER_BYTES.
 */
export const workersFor = (bytes: number): number => Math.max(1, Math.min(defaultWorkers(), Math.ceil(bytes / MIN_WORKER_BYTES)));

export interface FirstPass {
  records: SlimRecord[];
  summaries: string[];
  /** Each record's trust verdict (src/build/scan-record.ts). */
  marks: TrustMark[];
  /** Each record's line hash and text entries (for the build cache). */
  lineMarks: LineMark[];
  /** The lines skipped (not a valid record), numbered by their line in the file. */
  problems: DatasetProblem[];
  /** Whether the file's records are in key order; if not, the build sorts the file and runs the pass again. */
  sorted: boolean;
  postings: PostingIndex | null;
  /** The meaning model's input (every SKILL.md file as a document), with the postings. */
  meaning: MeaningCorpus | null;
  /**
   * When the first pass ran in worker threads, `postings` and `meaning` are null and their parts
   * are on disk, read by loadPostings and loadMeaning when the build needs them (not beside the
   * slim records). Absent when there is no index or it is in memory.
   */
  spilled?: SpilledIndexes;
  /** How many ranges (and so spill parts) there were, and spill groups. */
  parts: number;
  groups: number;
  spillBytes: number;
  /** Bytes of the skill folders' text entries, to size the text shards. */
  textBytes: number;
}

/** What a build worker posts: progress (records so far) and batches of its output, then its result once. */
export type WorkerMessage<T, B = never> = { type: "progress"; records: number } | { type: "batch"; batch: B } | { type: "done"; result: T };

/** The build's worker modules: siblings of this file. */
export type WorkerModule =
  | "build-worker"
  | "shard-worker"
  | "meaning-worker"
  | "search-worker"
  | "line-hash-worker"
  | "kept-shard-worker"
  | "search-rebuild-worker"
  | "meaning-relate-worker";

/** Where worker module `module` is, as TypeScript when the build runs from its sources. */
export const workerModule = (module: WorkerModule): URL =>
  new URL(`./${module}.${import.meta.url.endsWith(".ts") ? "ts" : "js"}`, import.meta.url);

/** Runs one of the build's worker modules to its result. */
export function runInWorker<T, B = never>(
  module: WorkerModule,
  workerData: unknown,
  progress?: (records: number) => void,
  onBatch?: (batch: B) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(workerModule(module), { workerData });
    let done: { result: T } | undefined;
    worker.on("message", (message: WorkerMessage<T, B>) => {
      if (message.type === "progress") progress?.(message.records);
      else if (message.type === "batch") onBatch?.(message.batch);
      else done = message;
    });
    worker.on("error", reject);
    worker.on("exit", (code) => (done ? resolve(done.result) : reject(new Error(`build worker ${module} exited with code ${code}`))));
  });
}

/** The first pass's parts on disk, in ordinal order, with the ordinal (or document) each starts at. */
export interface SpilledIndexes {
  postings: (PartFile & { first: number })[];
  meaning: (PartFile & { first: number })[];
  documents: number;
}

/** The parts in `files` merged, read one at a time: each run's keys are let go once mapped (run-merge.ts). */
async function mergeParts(files: readonly (PartFile & { first: number })[], buffers?: Buffers): Promise<PostingIndex> {
  const merger = new SortedRunMerger();
  for (const { file, first } of files) merger.add(Object.assign(await readPart(file), { first }));
  return merger.finish(buffers);
}

/** The search postings of `pass`, read back from its part files if need be. */
export async function loadPostings(pass: Pick<FirstPass, "postings" | "spilled">): Promise<PostingIndex | null> {
  if (pass.postings || !pass.spilled || pass.spilled.postings.length === 0) return pass.postings;
  return mergeParts(pass.spilled.postings);
}

/** The meaning corpus of `pass`, read back from its part files if need be (its lists in `buffers`). */
export async function loadMeaning(pass: Pick<FirstPass, "meaning" | "spilled">, buffers?: Buffers): Promise<MeaningCorpus | null> {
  if (pass.meaning || !pass.spilled || pass.spilled.meaning.length === 0) return pass.meaning;
  return { files: await mergeParts(pass.spilled.meaning, buffers), documents: pass.spilled.documents };
}

export interface FirstPassOptions {
  file: string;
  workers: number;
  spillDir: string;
  groups: number;
  stats: PassInput["stats"];
  search: boolean;
  reviews: PassInput["reviews"];
  /** Skills per run of a worker's index parts (default stream-pass.ts RUN_SKILLS); any count builds the same bytes. */
  runSkills?: number;
  /** Called with the records read so far over every range. */
  progress: (records: number) => void;
}

export async function firstPass(options: FirstPassOptions): Promise<FirstPass> {
  const ranges = await lineRanges(options.file, Math.max(1, options.workers));
  const done = ranges.map(() => 0);
  const inputs = ranges.map(
    (range, part): PassInput => ({
      file: options.file,
      range,
      part,
      spillDir: options.spillDir,
      groups: options.groups,
      stats: options.stats,
      search: options.search,
      reviews: options.reviews,
      ...(options.runSkills === undefined ? {} : { runSkills: options.runSkills }),
    }),
  );
  // Each range's slim records and summaries, in batches as its worker hands them over, then its result's.
  const batches: PassBatch[][] = ranges.map(() => []);
  // Compacted as they arrive, so the clones a worker posts are garbage at once (compact-record.ts).
  const compactor = new RecordCompactor();
  const keep = (part: number, batch: PassBatch) => {
    for (const r of batch.records) compactor.compact(r);
    batch.marks = batch.marks.map((m) => compactor.mark(m));
    batches[part]!.push(batch);
  };
  const results = await Promise.all(
    inputs.map(async (input) => {
      const progress = (records: number) => {
        done[input.part] = records;
        options.progress(done.reduce((a, b) => a + b, 0));
      };
      // One range runs in this thread: a worker would only add its start-up.
      const result =
        inputs.length === 1
          ? await runPass(input, progress)
          : await runInWorker<PassResult, PassBatch>("build-worker", input, progress, (batch) => keep(input.part, batch));
      keep(input.part, { records: result.records, summaries: result.summaries, marks: result.marks, lineMarks: result.lineMarks });
      return result;
    }),
  );

  const records: SlimRecord[] = [];
  const summaries: string[] = [];
  const marks: TrustMark[] = [];
  const lineMarks: LineMark[] = [];
  const problems: DatasetProblem[] = [];
  let sorted = true;
  let lines = 0;
  let spillBytes = 0;
  let textBytes = 0;
  let documents = 0;
  const spilled: SpilledIndexes = { postings: [], meaning: [], documents: 0 };
  results.forEach((result, part) => {
    const first = batches[part]!.find((b) => b.records.length > 0)?.records[0];
    problems.push(...result.problems.map((p) => ({ ...p, line: p.line === undefined ? undefined : p.line + lines })));
    const last = records[records.length - 1];
    // A range starting with the previous one's last name holds a duplicate the ranges could not see:
    // treated as unsorted, the file is sorted and its duplicates left out before the pass runs again.
    if (!result.sorted || (first && last && skillKey(first.owner, first.repo) <= skillKey(last.owner, last.repo))) sorted = false;
    if (result.postings) result.postings.first = records.length;
    // A worker's runs, in order: each starts where the one before ends.
    let ordinal = records.length;
    for (const file of result.partFiles?.postings ?? []) {
      spilled.postings.push({ ...file, first: ordinal });
      ordinal += file.count;
    }
    if (result.meaning) {
      result.meaning.first = documents;
      documents += result.meaning.count;
    }
    for (const file of result.partFiles?.meaning ?? []) {
      spilled.meaning.push({ ...file, first: documents });
      documents += file.count;
    }
    for (const batch of batches[part]!.splice(0)) {
      for (const r of batch.records) records.push(r);
      for (const s of batch.summaries) summaries.push(s);
      for (const m of batch.marks) marks.push(m);
      for (const l of batch.lineMarks) lineMarks.push(l);
    }
    lines += result.lines;
    spillBytes += result.spillBytes;
    textBytes += result.textBytes;
  });
  spilled.documents = documents;
  // Parts are either all in memory (one range, in this thread) or all on disk (worker threads).
  const onDisk = spilled.postings.length > 0;
  const parts = results.flatMap((r) => (r.postings ? [r.postings] : []));
  const postings = options.search && sorted && !onDisk ? PostingIndex.fromParts(parts) : null;
  const meaningParts = results.flatMap((r) => (r.meaning ? [r.meaning] : []));
  const meaning = options.search && sorted && meaningParts.length > 0 ? { files: PostingIndex.fromParts(meaningParts), documents } : null;
  return {
    records,
    summaries,
    marks,
    lineMarks,
    problems,
    sorted,
    postings,
    meaning,
    ...(options.search && sorted && onDisk ? { spilled } : {}),
    parts: ranges.length,
    groups: options.groups,
    spillBytes,
    textBytes,
  };
}
