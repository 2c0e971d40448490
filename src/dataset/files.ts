// Reading and writing the dataset folder. Writes are atomic (temp file + rename) so a process
// that dies midway leaves the previous file intact.

import { createReadStream, existsSync } from "node:fs";
import { mkdir, open, readFile, rename, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { z } from "zod";
import { compareKeys } from "../contract/key.js";
import { CategoriesFile, DatasetMeta, PlatformsFile, SkillRecord, SourcesFile, StatsFile } from "../schemas/dataset.js";
import { stableStringify } from "./json.js";
import { slim } from "./stream.js";

export interface Dataset {
  records: SkillRecord[];
  categories: CategoriesFile;
  platforms: PlatformsFile;
  stats: StatsFile;
  meta: DatasetMeta;
}

/** One problem found in a dataset file; the reader collects them all before failing. */
export interface DatasetProblem {
  file: string;
  line?: number;
  /** The line's owner/repo, when it names one. */
  repository?: string;
  message: string;
}

/** "1 bad line", "3 bad lines": how the build's reports count the lines of skills.jsonl it skipped. */
/**
 * Above this share of bad lines in skills.jsonl the build stops: so many smell of a broken file (a
 * bad merge, a truncated or mangled copy), not of a hostile repository's record.
 */
export const MAX_BAD_LINE_SHARE = 0.1;

export const badLines = (n: number): string => `${n} bad line${n === 1 ? "" : "s"}`;

/** One problem on one line: `file:line (owner/repo): message`. */
export const problemText = (p: DatasetProblem): string =>
  `${p.file}${p.line ? `:${p.line}` : ""}${p.repository ? ` (${p.repository})` : ""}: ${p.message}`;

export class DatasetError extends Error {
  constructor(
    readonly problems: DatasetProblem[],
    heading = "dataset is invalid",
  ) {
    super(
      `${heading} (${problems.length} problem${problems.length === 1 ? "" : "s"}):\n` +
        problems.map((p) => `  ${problemText(p)}`).join("\n"),
    );
  }
}

export const DATASET_FILES = {
  skills: "skills.jsonl",
  categories: "categories.json",
  platforms: "platforms.json",
  stats: "stats.json",
  meta: "meta.json",
} as const;

const issueText = (error: z.ZodError) => error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ");

/** Reads a JSON file through its schema; what is wrong is added to `problems`, never thrown. */
export async function readJson<T>(file: string, schema: z.ZodType<T>, problems: DatasetProblem[]): Promise<T | undefined> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, "utf8"));
  } catch (e) {
    problems.push({ file, message: (e as Error).message });
    return undefined;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) problems.push({ file, message: issueText(parsed.error) });
  return parsed.success ? parsed.data : undefined;
}

/** Parses one JSON line as a skill record, reporting (not throwing) what is wrong with it. */
export function parseSkillLine(line: string, file: string, lineNo: number, problems: DatasetProblem[]): SkillRecord | undefined {
  if (line.trim() === "") return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch (e) {
    problems.push({ file, line: lineNo, message: `not JSON: ${(e as Error).message}` });
    return undefined;
  }
  const parsed = SkillRecord.safeParse(raw);
  if (!parsed.success) problems.push({ file, line: lineNo, ...repositoryOf(raw), message: issueText(parsed.error) });
  return parsed.success ? parsed.data : undefined;
}

export const DUPLICATE_NAME = "a record for this owner/repo came earlier in the file (the earlier one is kept)";

/** A line whose owner/repo an earlier line already holds: skipped like a bad line, the first record kept. */
export const duplicateProblem = (file: string, line: number | undefined, r: { owner: string; repo: string }): DatasetProblem => ({
  file,
  ...(line !== undefined ? { line } : {}),
  repository: `${r.owner}/${r.repo}`.slice(0, 200),
  message: DUPLICATE_NAME,
});

/** The records in key order, keeping the first (in file order) of each owner/repo, case-insensitive; the others are reported. */
export function firstOfEachName(records: readonly SkillRecord[], file: string, problems: DatasetProblem[]): SkillRecord[] {
  const out: SkillRecord[] = [];
  let last = "";
  // A stable sort on the key alone: records of one name, whatever their case, stay in file order.
  const keyOf = (r: SkillRecord) => `${r.owner}/${r.repo}`.toLowerCase();
  for (const r of [...records].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0))) {
    const key = keyOf(r);
    if (out.length > 0 && key === last) problems.push(duplicateProblem(file, undefined, r));
    else out.push(r);
    last = key;
  }
  return out;
}

/** `{repository: "owner/repo"}` when a parsed line names one (as strings), so a report can say whose line it was. */
function repositoryOf(raw: unknown): { repository?: string } {
  const named = NamedLine.safeParse(raw);
  return named.success ? { repository: `${named.data.owner}/${named.data.repo}`.slice(0, 200) } : {};
}
const NamedLine = z.looseObject({ owner: z.string(), repo: z.string() });

/**
 * Streams a skills file line by line, so datasets larger than one string can hold are readable;
 * `keep` may slim each record as it is read (see readDataset's `texts`).
 */
export async function readSkillsFile(
  file: string,
  problems: DatasetProblem[],
  keep: (record: SkillRecord) => SkillRecord = (r) => r,
): Promise<SkillRecord[]> {
  const records: SkillRecord[] = [];
  const lines = createInterface({ input: createReadStream(file, { encoding: "utf8" }), crlfDelay: Infinity });
  let lineNo = 0;
  for await (const line of lines) {
    const record = parseSkillLine(line, file, ++lineNo, problems);
    if (record) records.push(keep(record));
  }
  return records;
}

/** The dataset folder's files other than skills.jsonl. */
export type DatasetFiles = Omit<Dataset, "records">;

/** Reads the folder's small files (categories, platforms, stats, meta); undefined if one is wrong (see `problems`). */
export async function readDatasetFiles(dir: string, problems: DatasetProblem[]): Promise<DatasetFiles | undefined> {
  const categories = await readJson(join(dir, DATASET_FILES.categories), CategoriesFile, problems);
  const platforms = await readJson(join(dir, DATASET_FILES.platforms), PlatformsFile, problems);
  const statsPath = join(dir, DATASET_FILES.stats);
  const stats = existsSync(statsPath) ? await readJson(statsPath, StatsFile, problems) : {};
  const metaPath = join(dir, DATASET_FILES.meta);
  const meta = existsSync(metaPath) ? await readJson(metaPath, DatasetMeta, problems) : { generatedAt: "1970-01-01T00:00:00Z" };
  return categories && platforms && stats && meta ? { categories, platforms, stats, meta } : undefined;
}

/**
 * Reads and validates a dataset folder; throws one DatasetError listing every problem. With
 * `texts: false` every record is slimmed as it is read (SKILL.md texts emptied, src/dataset/stream.ts),
 * so a dataset of any size fits: what benchmarks need of a 1M-skill dataset.
 */
export async function readDataset(dir: string, options: { texts?: boolean } = {}): Promise<Dataset> {
  const problems: DatasetProblem[] = [];
  const skillsFile = join(dir, DATASET_FILES.skills);
  let records: SkillRecord[] = [];
  try {
    records = await readSkillsFile(skillsFile, problems, options.texts === false ? slim : undefined);
  } catch (e) {
    problems.push({ file: skillsFile, message: (e as Error).message });
  }
  const files = await readDatasetFiles(dir, problems);
  if (problems.length > 0 || !files) throw new DatasetError(problems);
  records.sort(compareKeys);
  return { records, ...files };
}

/** Writes a file atomically: to a temporary sibling first, then renamed over the target. */
export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, file);
}

/** The lines of skills.jsonl: records in key order, each as key-stable JSON. */
function* skillLines(records: readonly SkillRecord[]): Generator<string> {
  for (const r of [...records].sort(compareKeys)) yield `${stableStringify(r)}\n`;
}

/** Serialises records as sorted, key-stable JSON Lines. */
export const formatSkillLines = (records: readonly SkillRecord[]): string => [...skillLines(records)].join("");

/** Writes skills.jsonl atomically, a line at a time, so any size of dataset can be written. */
export async function writeSkills(dir: string, records: readonly SkillRecord[]): Promise<void> {
  const file = join(dir, DATASET_FILES.skills);
  await mkdir(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  const handle = await open(tmp, "w");
  try {
    let chunk = "";
    for (const line of skillLines(records)) {
      chunk += line;
      if (chunk.length > 1 << 20) {
        await handle.write(chunk);
        chunk = "";
      }
    }
    await handle.write(chunk);
  } finally {
    await handle.close();
  }
  await rename(tmp, file);
}

export async function writeJsonFile(file: string, value: unknown): Promise<void> {
  await writeFileAtomic(file, `${stableStringify(value, 2)}\n`);
}

/** Reads data/sources.json (or another sources file) through its schema; a bad file is an error. */
export async function readSources(file: string): Promise<SourcesFile> {
  const problems: DatasetProblem[] = [];
  const sources = await readJson(file, SourcesFile, problems);
  if (!sources) throw new DatasetError(problems);
  return sources;
}
