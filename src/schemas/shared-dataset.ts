// The rows of the shared dataset format (repos.jsonl, skills.jsonl of real SKILL.md files, and
// files.jsonl of the other files of their skill folders): read by the local GitHub-compatible server of
// the tests and by the converter that turns the shared dataset into a dataset folder (src/node/shared-dataset.ts).
import { z } from "zod";

export const DatasetRepo = z.looseObject({
  owner: z.string(),
  repo: z.string(),
  defaultBranch: z.string(),
  headSha: z.string(),
  firstCommitAt: z.string(),
  lastCommitAt: z.string(),
  licenseSpdx: z.string().nullable().optional(),
  hasMarketplace: z.boolean().optional(),
  marketplace: z.unknown().optional(),
  hasPluginJson: z.boolean().optional(),
  topLevel: z.array(z.string()).default([]),
  skillPaths: z.array(z.string()).default([]),
  commitCount: z.number().int().nonnegative().optional(),
  // Fixture-only extras (absent from the shared dataset): what a test wants GitHub to say.
  description: z.string().nullable().optional(),
  topics: z.array(z.string()).optional(),
  stars: z.number().int().nonnegative().optional(),
  forkOf: z.string().optional(),
  mirrorUrl: z.string().optional(),
  extraFiles: z.record(z.string(), z.string()).optional(),
});
export type DatasetRepo = z.infer<typeof DatasetRepo>;

export const DatasetSkill = z.looseObject({
  owner: z.string(),
  repo: z.string(),
  path: z.string(),
  raw: z.string(),
  blobSha: z.string(),
  size: z.number(),
  mode: z.string().optional(),
  /** Absent for UTF-8 text; "base64" when `raw` holds the bytes of a file that is not (a binary file). */
  encoding: z.string().optional(),
});
export type DatasetSkill = z.infer<typeof DatasetSkill>;

/** A files.jsonl row: a file of a skill folder other than its SKILL.md, with exactly the fields of a skills.jsonl row. */
export const DatasetFile = DatasetSkill;
export type DatasetFile = DatasetSkill;
