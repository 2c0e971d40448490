// Loading the inputs of a crawl from a dataset folder and writing its outputs back, atomically and
// in an order that keeps the folder consistent if the process dies at any point: records first,
// then the crawl state (an older state only makes the next crawl re-read more), then meta.json.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { skillKey } from "../contract/key.js";
import { type CrawlState, readCrawlState, writeCrawlState } from "../dataset/crawl-state.js";
import {
  DATASET_FILES,
  DatasetError,
  type DatasetProblem,
  readJson,
  readSkillsFile,
  writeJsonFile,
  writeSkills,
} from "../dataset/files.js";
import { CategoriesFile, PlatformsFile, type SkillRecord, SourcesFile } from "../schemas/dataset.js";
import type { CrawlInput } from "./crawl.js";
import { patchSkillLines, type SkillLinesScan, scanSkillLines } from "./dataset-patch.js";

/** The folder's file if present, else the project's default (categories and platforms travel with the dataset). */
const pick = (dir: string, fallbackDir: string, name: string) => (existsSync(join(dir, name)) ? join(dir, name) : join(fallbackDir, name));

export async function loadCrawlInput(dir: string, defaultsDir: string, sourcesFile: string): Promise<CrawlInput> {
  const problems: DatasetProblem[] = [];
  const skillsFile = join(dir, DATASET_FILES.skills);
  const previous: SkillRecord[] = existsSync(skillsFile) ? await readSkillsFile(skillsFile, problems) : [];
  const sources = await readJson(sourcesFile, SourcesFile, problems);
  const categories = await readJson(pick(dir, defaultsDir, DATASET_FILES.categories), CategoriesFile, problems);
  const platforms = await readJson(pick(dir, defaultsDir, DATASET_FILES.platforms), PlatformsFile, problems);
  if (problems.length || !sources || !categories || !platforms) throw new DatasetError(problems);
  return { previous, state: await readCrawlState(dir), sources, categories, platforms };
}

/** The part of the dataset a crawl of named repositories reads, and what it needs to patch the rest (dataset-patch.ts). */
export interface NamedCrawlInput extends CrawlInput {
  /** Every line's id, name and place in the file; `previous` holds only the records of the named repositories. */
  scan: SkillLinesScan;
}

/**
 * The crawl input for a crawl of `only` these repositories, parsing only their lines: each line
 * whose name or alias is one of them, or whose id the crawl state gives one of them; a reason
 * instead when skills.jsonl cannot be patched (the caller then reads it whole).
 */
export async function loadNamedCrawlInput(
  dir: string,
  defaultsDir: string,
  sourcesFile: string,
  only: readonly string[],
): Promise<NamedCrawlInput | { unusable: string }> {
  const problems: DatasetProblem[] = [];
  const skillsFile = join(dir, DATASET_FILES.skills);
  const state = await readCrawlState(dir);
  const names = new Set(only.map((n) => n.toLowerCase()));
  const ids = new Set(Object.entries(state.repos).flatMap(([id, s]) => (names.has(skillKey(s.owner, s.repo)) ? [id] : [])));
  const scan = existsSync(skillsFile)
    ? await scanSkillLines(skillsFile, (l) => names.has(l.key) || ids.has(l.id) || l.aliases.some((a) => names.has(a)))
    : undefined;
  if (scan && "unusable" in scan) return scan;
  const sources = await readJson(sourcesFile, SourcesFile, problems);
  const categories = await readJson(pick(dir, defaultsDir, DATASET_FILES.categories), CategoriesFile, problems);
  const platforms = await readJson(pick(dir, defaultsDir, DATASET_FILES.platforms), PlatformsFile, problems);
  if (problems.length || !sources || !categories || !platforms) throw new DatasetError(problems);
  const none: SkillLinesScan = { lines: [], selected: [], file: { size: 0, mtimeMs: 0, ino: 0 } };
  return { previous: scan?.selected ?? [], scan: scan ?? none, state, sources, categories, platforms };
}

export async function writeCrawlOutput(
  dir: string,
  out: {
    /** The whole dataset's records; with `patch`, only those that replace its dropped lines. */
    records: SkillRecord[];
    state: CrawlState;
    finishedAt: string;
    /** Patch skills.jsonl instead of writing it whole: the lines of these ids go, `records` come in (at the places `scan` found). */
    patch?: { dropIds: ReadonlySet<string>; scan?: SkillLinesScan };
  },
  input: Pick<CrawlInput, "categories" | "platforms">,
): Promise<void> {
  // No file yet (a first crawl of named repositories): the records are the whole dataset.
  if (out.patch && existsSync(join(dir, DATASET_FILES.skills)))
    await patchSkillLines(join(dir, DATASET_FILES.skills), out.patch.dropIds, out.records, out.patch.scan);
  else await writeSkills(dir, out.records);
  await writeCrawlState(dir, out.state);
  if (!existsSync(join(dir, DATASET_FILES.categories))) await writeJsonFile(join(dir, DATASET_FILES.categories), input.categories);
  if (!existsSync(join(dir, DATASET_FILES.platforms))) await writeJsonFile(join(dir, DATASET_FILES.platforms), input.platforms);
  await writeJsonFile(join(dir, DATASET_FILES.meta), { generatedAt: out.finishedAt, day: out.finishedAt.slice(0, 10) });
}
