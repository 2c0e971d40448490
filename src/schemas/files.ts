// The files of a repository's skill folders as the API lists them (GET /skills/{owner}/{repo}/files).
// Beside the dataset's FolderFile (src/schemas/dataset.ts) rather than in resources.ts, whose shapes
// the dataset's import.
import { z } from "zod";
import { FolderFileKind } from "./dataset.js";
import { Count } from "./resources.js";

/**
 * One file of a skill folder as `GET /skills/{owner}/{repo}/files` lists it: every SKILL.md and every
 * other file of its folder. Only `text` files are served by `/content`; the other kinds are listed
 * with their size and hashes so that a copy can be checked, never served.
 */
export const FileEntry = z
  .object({
    path: z.string().describe("Repository path"),
    size: Count.describe("Size in bytes"),
    kind: FolderFileKind.describe(
      "`text` (served by /content), `binary`, `symlink`, or `omitted` (over the crawl's bounds: 256 KiB a file, 2 MiB and 300 files a folder)",
    ),
    sha: z.string().describe("Git blob SHA-1"),
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .describe("SHA-256 of the file's bytes"),
    skill: z.string().describe("Path of the SKILL.md whose folder holds the file (its own path for a SKILL.md)"),
    mode: z
      .string()
      .regex(/^[0-7]{6}$/)
      .optional()
      .describe("Git file mode when not 100644, as the repository's tree gives it: 100755 executable, 120000 symlink"),
  })
  .strict();
export type FileEntry = z.infer<typeof FileEntry>;
