// The public resources of the API (README "Endpoints"). Each shape is defined once here;
// types come from z.infer and the OpenAPI document is generated from these schemas.
import { z } from "zod";
import { RANKED_FIELDS } from "./fields.js";
import { Trust, TrustVerdict } from "./trust.js";
import { DESCRIPTION_MAX, OwnerName, RepoName, ShortText, SkillDescription, SkillName } from "./untrusted-text.js";

export const IsoTimestamp = z.iso.datetime({ offset: false }).describe("ISO 8601 UTC timestamp");
export const CalendarDate = z.iso.date().describe("Calendar date YYYY-MM-DD");
export const Count = z.number().int().nonnegative();

export const SkillSummary = z
  .object({
    id: z.string().describe("GitHub repository id, as a string"),
    owner: OwnerName,
    repo: RepoName,
    name: SkillName,
    description: SkillDescription,
    stars: Count,
    forks: Count,
    updatedAt: IsoTimestamp,
    categories: z.array(z.string()).describe("Category slugs"),
    platforms: z.array(z.string()).describe("Platform identifiers (see data/platforms.json)"),
    verdict: TrustVerdict.describe(
      "The trust scanner's verdict on the repository's skill folders (docs/API.md): lists and search leave `malicious` skills out unless asked with `trust=any`",
    ),
  })
  .strict();
export type SkillSummary = z.infer<typeof SkillSummary>;

export const NestedSkill = z
  .object({ name: SkillName, description: ShortText(DESCRIPTION_MAX), path: z.string(), sha: z.string(), size: Count })
  .strict();
export type NestedSkill = z.infer<typeof NestedSkill>;

export const SkillDetail = SkillSummary.extend({
  content: z.string().describe("Markdown body of the primary SKILL.md (frontmatter removed)"),
  watchers: Count,
  openIssues: Count,
  license: z.string(),
  createdAt: IsoTimestamp,
  pushedAt: IsoTimestamp,
  author: z.object({ name: z.string(), avatar: z.string() }).strict(),
  installCommands: z
    .record(z.string(), z.string())
    .describe("Install instruction per platform; empty for a skill whose verdict is `malicious`"),
  skills: z.array(NestedSkill).describe("Every SKILL.md of the repository, the primary first"),
  trust: Trust.describe("The trust scanner's verdict, every finding (file, line, excerpt, why) and the rules version"),
  indexedCommit: z
    .string()
    .regex(/^[0-9a-f]{40}$/)
    .describe("The commit the record (and so the scan) was indexed at"),
}).strict();
export type SkillDetail = z.infer<typeof SkillDetail>;

export const SkillContent = z
  .object({
    content: z.string().describe("Raw text of the file (a SKILL.md with its frontmatter)"),
    sha: z.string().describe("Git blob SHA-1 of the file"),
    size: Count.describe("Size in bytes"),
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .describe("SHA-256 of the UTF-8 bytes of `content`, to check a copy against"),
  })
  .strict();
export type SkillContent = z.infer<typeof SkillContent>;

export const StarPoint = z.object({ date: CalendarDate, stars: Count }).strict();
export type StarPoint = z.infer<typeof StarPoint>;

export const SkillStats = z.object({ views: Count, installs: Count, favorites: Count, starHistory: z.array(StarPoint) }).strict();
export type SkillStats = z.infer<typeof SkillStats>;

export const Subcategory = z.object({ slug: z.string(), name: z.string(), skillCount: Count }).strict();

export const Category = z
  .object({
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    icon: z.string(),
    skillCount: Count,
    subcategories: z.array(Subcategory),
  })
  .strict();
export type Category = z.infer<typeof Category>;

export const TopSkill = z.object({ owner: z.string(), repo: z.string(), name: z.string(), stars: Count, verdict: TrustVerdict }).strict();

export const CategoryDetail = Category.extend({ topSkills: z.array(TopSkill) }).strict();
export type CategoryDetail = z.infer<typeof CategoryDetail>;

export const SearchResult = z
  .object({
    id: z.string(),
    owner: z.string(),
    repo: z.string(),
    name: z.string(),
    description: z.string(),
    stars: Count,
    verdict: TrustVerdict,
    score: z.number(),
    highlights: z.object({ name: z.string(), description: z.string() }).strict(),
    matches: z
      .array(
        z
          .object({
            field: z.enum(RANKED_FIELDS),
            terms: z.array(z.string()),
            typo: z.literal(true).optional().describe("The terms are indexed words that typo matches found"),
            related: z
              .literal(true)
              .optional()
              .describe("The terms were reached through meaning: related terms of the query word `queryWord`, found in this field"),
            queryWord: z.string().optional().describe("With `related`: the query word the terms are related to"),
          })
          .strict(),
      )
      .describe("Why the skill matched: per field, the query's words found there (a prefix as typed, with its *)"),
    matchedSkill: z
      .object({ name: z.string(), path: z.string() })
      .strict()
      .optional()
      .describe("The skill of a collection that matched best, when it is not the repository's primary SKILL.md"),
  })
  .strict();
export type SearchResult = z.infer<typeof SearchResult>;

export const Suggestion = z.object({ text: z.string(), count: Count }).strict();
export type Suggestion = z.infer<typeof Suggestion>;
