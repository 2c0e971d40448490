// The arguments and answers of the MCP server's tools (docs/MCP.md). The answers are the API's own
// resources (SearchResult, SkillDetail, SkillContent, Category, Pagination) wrapped in an object, as
// MCP wants structured content to be one; the tools' JSON Schemas are generated from these.
// Arguments arrive as JSON, not as query strings, so numbers are numbers here; their bounds are the
// API's (LIMITS), except that a search answers at most 20 results to an agent.
import { z } from "zod";
import { Pagination, SearchMeta } from "./envelope.js";
import { FileEntry } from "./files.js";
import { GitHubName, LIMITS, LocaleParam, SEARCH_MODES, type Vocabulary } from "./params.js";
import { Category, SearchResult, SkillContent, SkillDetail } from "./resources.js";

/** The most results one search_skills call answers: enough to choose from, small enough for a context window. */
export const MCP_SEARCH_MAX = 20;
export const MCP_SEARCH_DEFAULT = 10;
/** The largest page number the API reads (nine digits). */
const PAGE_MAX = 999_999_999;

const oneOf = (values: readonly string[], what: string) =>
  z.enum(values.length > 0 ? (values as [string, ...string[]]) : [""], { message: `must be one of the ${what}: ${values.join(", ")}` });

const owner = GitHubName.describe("The repository's owner on GitHub, as search_skills answers it (e.g. `docuflow`)");
const repo = GitHubName.describe("The repository's name on GitHub, as search_skills answers it (e.g. `office-skills`)");

export const searchSkillsInput = (vocab: Vocabulary) =>
  z.strictObject({
    query: z
      .string()
      .min(2)
      .max(LIMITS.queryMaxLength)
      .describe(
        'What to look for: 2 to 200 characters, at most 12 words, "phrases", prefix* and field:word (name, description, content, ...); -word excludes',
      ),
    category: oneOf(vocab.categories, "category slugs").optional().describe("Only skills in this category (see list_categories)"),
    platform: oneOf(vocab.platforms, "platform identifiers").optional().describe("Only skills installable on this agent platform"),
    minStars: z.number().int().min(0).max(PAGE_MAX).optional().describe("Only skills whose repository has at least this many stars"),
    limit: z
      .number()
      .int()
      .min(1)
      .max(MCP_SEARCH_MAX)
      .optional()
      .describe(`Results per page, 1 to ${MCP_SEARCH_MAX} (default ${MCP_SEARCH_DEFAULT})`),
    page: z.number().int().min(1).max(PAGE_MAX).optional().describe("Page number, from 1 (default 1)"),
    mode: z
      .enum(SEARCH_MODES)
      .optional()
      .describe(
        "`default`: the query's words also bring in related domain terms, ranked below the words typed, and answer alone when the words match nothing (`fallback`); `keyword`: only the words typed and their typo matches",
      ),
  });
export type SearchSkillsInput = z.infer<ReturnType<typeof searchSkillsInput>>;

export const SearchSkillsOutput = z.strictObject({
  results: z.array(SearchResult).describe("Best match first; each says which fields matched (`matches`) and, in a collection, which skill"),
  pagination: Pagination,
  ...SearchMeta.pick({ query: true, didYouMean: true, typoSkipped: true, fallback: true }).shape,
});
export type SearchSkillsOutput = z.infer<typeof SearchSkillsOutput>;

export const GetSkillInput = z.strictObject({ owner, repo });
export type GetSkillInput = z.infer<typeof GetSkillInput>;

export const GetSkillOutput = z.strictObject({
  skill: SkillDetail.describe(
    "The skill's detail: facts, every SKILL.md of the repository (`skills`), install commands, the primary SKILL.md's body",
  ),
  files: z
    .array(FileEntry)
    .describe(
      "Every file of the repository's skill folders, each SKILL.md included, sorted by path; read a `text` one with read_skill_file",
    ),
});
export type GetSkillOutput = z.infer<typeof GetSkillOutput>;

export const ReadSkillFileInput = z.strictObject({
  owner,
  repo,
  path: z
    .string()
    .min(1)
    .max(1024)
    .describe("Repository path of a text file of a skill folder, as get_skill lists it (e.g. `skills/pdf/SKILL.md`)"),
});
export type ReadSkillFileInput = z.infer<typeof ReadSkillFileInput>;

export const ReadSkillFileOutput = SkillContent.extend({
  owner: z.string(),
  repo: z.string(),
  path: z.string().describe("The file's repository path"),
}).strict();
export type ReadSkillFileOutput = z.infer<typeof ReadSkillFileOutput>;

export const ListCategoriesInput = z.strictObject({
  locale: LocaleParam.describe("Language of names and descriptions: en, zh, ja, ko, es, fr, de or pt (default en)"),
});
export type ListCategoriesInput = z.infer<typeof ListCategoriesInput>;

export const ListCategoriesOutput = z.strictObject({
  locale: z.string().describe("The locale answered in"),
  categories: z.array(Category),
});
export type ListCategoriesOutput = z.infer<typeof ListCategoriesOutput>;
