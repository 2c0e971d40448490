// The dataset in data/: what the crawler writes and the build reads. One record per repository
// (one skill per repository, docs/ARCHITECTURE.md); every file of the folder is described here and nowhere else.
import { z } from "zod";
import { CalendarDate, Count, IsoTimestamp, StarPoint } from "./resources.js";
import { DESCRIPTION_MAX, OwnerName, RepoName, ShortText, SkillDescription, SkillName } from "./untrusted-text.js";

/** One SKILL.md file of a repository, raw text included. */
export const SkillFile = z
  .object({
    path: z.string().min(1),
    name: SkillName,
    description: ShortText(DESCRIPTION_MAX),
    sha: z.string().regex(/^[0-9a-f]{40}$/),
    size: Count,
    content: z.string().describe("Raw file text, frontmatter included"),
  })
  .strict();
export type SkillFile = z.infer<typeof SkillFile>;

/** How a file of a skill folder is kept: text with its content, or recorded without content (docs/CRAWLER.md bounds). */
export const FOLDER_FILE_KINDS = ["text", "binary", "symlink", "omitted"] as const;
export const FolderFileKind = z.enum(FOLDER_FILE_KINDS);
export type FolderFileKind = z.infer<typeof FolderFileKind>;

/**
 * A file of a skill folder other than its SKILL.md (the folder of each SKILL.md, recursively): scripts,
 * references, assets. Text files within the bounds carry their content; binary files, symlinks and files
 * over the bounds are recorded with their size and hashes only.
 */
export const FolderFile = z
  .object({
    path: z.string().min(1).describe("Repository path"),
    skill: z.string().min(1).describe("Path of the SKILL.md whose folder holds the file (the deepest one)"),
    kind: FolderFileKind,
    size: Count,
    sha: z
      .string()
      .regex(/^[0-9a-f]{40}$/)
      .describe("Git blob SHA-1"),
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .describe("SHA-256 of the file's bytes"),
    mode: z
      .string()
      .regex(/^[0-7]{6}$/)
      .optional()
      .describe("Git mode when not 100644: 100755 executable, 120000 symlink"),
    target: z.string().optional().describe("A symlink's target path, as stored in git"),
    content: z.string().optional().describe("The text of a `text` file; absent for every other kind"),
  })
  .strict()
  .refine((f) => (f.kind === "text") === (f.content !== undefined), { message: "content is present exactly for text files" });
export type FolderFile = z.infer<typeof FolderFile>;

export const SkillRecord = z
  .object({
    id: z.string().regex(/^\d+$/),
    owner: OwnerName,
    repo: RepoName,
    aliases: z.array(z.string()).describe("Former owner/repo names that resolve to this record"),
    name: SkillName,
    description: SkillDescription,
    stars: Count,
    forks: Count,
    watchers: Count,
    openIssues: Count,
    license: z.string().min(1),
    createdAt: IsoTimestamp,
    updatedAt: IsoTimestamp,
    pushedAt: IsoTimestamp,
    author: z.object({ name: z.string(), avatar: z.string() }).strict(),
    topics: z.array(z.string()),
    categories: z.array(z.string()).min(1).max(3),
    subcategories: z.array(z.string()).describe("Subcategory slugs, each `parent/child`"),
    platforms: z.array(z.string()).min(1),
    installCommands: z.record(z.string(), z.string()),
    hasIndex: z.boolean().describe("The repository has .claude-plugin/marketplace.json"),
    defaultBranch: z.string(),
    headSha: z.string(),
    primary: z.string().describe("Path of the primary SKILL.md, one of files[].path"),
    files: z.array(SkillFile).min(1),
    folderFiles: z
      .array(FolderFile)
      .optional()
      .describe("Every other file of the skill folders, sorted by path; absent when there are none"),
    starHistory: z.array(StarPoint),
  })
  .strict()
  .refine((r) => r.files.some((f) => f.path === r.primary), { message: "primary must name one of files[].path" });
export type SkillRecord = z.infer<typeof SkillRecord>;

export const LocalizedText = z.record(z.string(), z.string()).refine((t) => typeof t.en === "string", {
  message: "an English (en) text is required",
});

export const CategoryDef = z
  .object({
    slug: z.string().regex(/^[a-z0-9-]+$/),
    group: z.enum(["technical", "professional"]),
    icon: z.string(),
    keywords: z.array(z.string()),
    names: LocalizedText,
    descriptions: LocalizedText,
    subcategories: z.array(
      z.object({ slug: z.string().regex(/^[a-z0-9-]+$/), names: LocalizedText, keywords: z.array(z.string()) }).strict(),
    ),
  })
  .strict();
export type CategoryDef = z.infer<typeof CategoryDef>;

export const CategoriesFile = z.object({ locales: z.array(z.string()).min(1), categories: z.array(CategoryDef).min(1) }).strict();
export type CategoriesFile = z.infer<typeof CategoriesFile>;

export const PlatformDef = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    name: z.string(),
    installPaths: z.array(z.string()).describe("Where the platform looks for skills"),
    install: z.string().describe("Install instruction; {owner} and {repo} are replaced"),
    installWithoutIndex: z
      .string()
      .optional()
      .describe("Install instruction for a repository without .claude-plugin/marketplace.json, when `install` needs one"),
    evidence: z.array(z.string()).describe("Repository paths whose presence shows support for the platform"),
  })
  .strict();
export type PlatformDef = z.infer<typeof PlatformDef>;

export const PlatformsFile = z.object({ default: z.array(z.string()).min(1), platforms: z.array(PlatformDef).min(1) }).strict();
export type PlatformsFile = z.infer<typeof PlatformsFile>;

/** Optional analytics export supplied by the operator: counters per `owner/repo`. */
export const StatsFile = z.record(
  z.string(),
  z.object({ views: Count.default(0), installs: Count.default(0), favorites: Count.default(0) }).strict(),
);
export type StatsFile = z.infer<typeof StatsFile>;

/** data/meta.json: when the dataset was last crawled; the build manifest carries it. `demo` marks an invented
 * dataset (the embedded sample, src/contract/demo-data.ts); a crawl never writes it. */
export const DatasetMeta = z.object({ generatedAt: IsoTimestamp, day: CalendarDate.optional(), demo: z.boolean().optional() }).strict();
export type DatasetMeta = z.infer<typeof DatasetMeta>;

/** data/sources.json: where the crawler looks for repositories (a curated list, repository topics, a code
 * search for SKILL.md files sliced by file size past the 1,000-result cap) and what it never lists. */
const FullName = z.string().regex(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/, "owner/repo");

export const SourcesFile = z
  .object({
    repos: z.array(FullName).describe("Curated repositories, always crawled"),
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
