// The dataset the build's tests build from: 400 synthetic skills (seed 3) with the project's categories
// and platforms, one renamed repository, a name freed by a rename and taken by another, and an old
// name claimed twice.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { writeJsonFile, writeSkills } from "../../src/dataset/files.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { CategoriesFile, PlatformsFile } from "../../src/schemas/dataset.js";
import { synthesize } from "../../src/synth/generate.js";

/** Writes the dataset into `dataDir` (an existing, empty folder). */
export async function writeBuildDataset(dataDir: string): Promise<void> {
  const categories = CategoriesFile.parse(JSON.parse(await readFile(join(PROJECT_ROOT, "data", "categories.json"), "utf8")));
  const platforms = PlatformsFile.parse(JSON.parse(await readFile(join(PROJECT_ROOT, "data", "platforms.json"), "utf8")));
  await writeJsonFile(join(dataDir, "categories.json"), categories);
  await writeJsonFile(join(dataDir, "platforms.json"), platforms);
  await writeJsonFile(join(dataDir, "meta.json"), { generatedAt: "2026-11-20T06:00:00Z" });
  const records = [...synthesize({ skills: 400, seed: 3, categories, platforms })];
  records[5]!.aliases = ["old-owner/old-name"];
  // A name freed by a rename and taken by a new repository, and an old name claimed twice.
  records[7]!.aliases = [`${records[8]!.owner.toUpperCase()}/${records[8]!.repo}`];
  records[9]!.aliases = ["OLD-OWNER/old-name"];
  await writeSkills(dataDir, records);
}
