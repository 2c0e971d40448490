// Loading the inputs of a crawl from a dataset folder and writing its outputs back, atomically and
// in an order that keeps the folder consistent if the process dies at any point: records first,
// then the crawl state (an older state only makes the next crawl re-read more), then meta.json.
import { existsSync } from "node:fs";
import { join } from "node:path";
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

export async function writeCrawlOutput(
  dir: string,
  out: { records: SkillRecord[]; state: CrawlState; finishedAt: string },
  input: Pick<CrawlInput, "categories" | "platforms">,
): Promise<void> {
  await writeSkills(dir, out.records);
  await writeCrawlState(dir, out.state);
  if (!existsSync(join(dir, DATASET_FILES.categories))) await writeJsonFile(join(dir, DATASET_FILES.categories), input.categories);
  if (!existsSync(join(dir, DATASET_FILES.platforms))) await writeJsonFile(join(dir, DATASET_FILES.platforms), input.platforms);
  await writeJsonFile(join(dir, DATASET_FILES.meta), { generatedAt: out.finishedAt, day: out.finishedAt.slice(0, 10) });
}
