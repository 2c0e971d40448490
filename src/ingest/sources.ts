// data/sources.json: where the crawler looks for repositories: a curated list, repository topics,
// a code search for SKILL.md files (sliced by file size past the 1,000-result cap), exclusions.
import { z } from "zod";

const RepoName = z.string().regex(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/, "owner/repo");

export const SourcesFile = z
  .object({
    repos: z.array(RepoName).describe("Curated repositories, always crawled"),
    topics: z.array(z.string().regex(/^[a-z0-9-]+$/)).describe("Repository topics searched"),
    codeSearch: z
      .object({
        enabled: z.boolean(),
        query: z.string().min(1),
        /** File sizes searched, in bytes; the range is halved until a slice has at most 1,000 results. */
        minSize: z.number().int().nonnegative(),
        maxSize: z.number().int().positive(),
        /** Code search has no date filter, so it runs in full at most this often. */
        everyHours: z.number().nonnegative(),
      })
      .strict(),
    exclude: z.array(z.string().regex(/^[A-Za-z0-9_.-]+\/([A-Za-z0-9_.-]+|\*)$/, "owner/repo or owner/*")).describe("Never listed"),
  })
  .strict();
export type SourcesFile = z.infer<typeof SourcesFile>;

/** Whether `owner/repo` matches an exclusion (`owner/repo` or `owner/*`, case-insensitive). */
export function isExcluded(name: string, exclude: readonly string[]): boolean {
  const [owner = "", repo = ""] = name.toLowerCase().split("/");
  return exclude.some((e) => {
    const [eo = "", er = ""] = e.toLowerCase().split("/");
    return eo === owner && (er === "*" || er === repo);
  });
}
