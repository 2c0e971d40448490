// The API's operations, one declarative entry each: the OpenAPI document, the clients' generated
// types and the document tests are all derived from this table. Adding an endpoint is one entry.
import type { z } from "zod";
import { eventsQuery } from "../schemas/events.js";
import { categoryQuery, contentQuery, GITHUB_NAME, listQuery, searchQuery, suggestQuery, type Vocabulary } from "../schemas/params.js";
import type { ComponentName } from "./openapi-components.js";

export type Tag = "Skills" | "Categories" | "Search" | "Meta";

export interface PathParam {
  description: string;
  example: string;
  pattern?: string;
}

export interface Operation {
  /** Path under the server URL, with `{name}` for each path parameter. */
  path: string;
  /** Stable, and the name of the method in the TypeScript client (snake_case in the Python one). */
  operationId: string;
  tag: Tag;
  summary: string;
  description: string;
  pathParams?: Record<string, PathParam>;
  /** The server's own query schema: the document's parameters are read from its fields' metadata. */
  query?: (vocab: Vocabulary) => z.ZodType;
  /** The named component schema of the 200 body. */
  response: ComponentName;
  /** Extra response headers of the 200 (beyond the ones every answer carries). */
  headers?: readonly "Content-Language"[];
  /** The HTTP method; every operation but the re-index request is a GET (with HEAD). */
  method?: "get" | "post";
  /** Caching class of the 200 (202 for a POST), as the function sends it. */
  cache: "data" | "search" | "document" | "live" | "none";
  /** Statuses besides 200 and 304; every operation can answer 400, 401, 405, 429 and 500. */
  notFound: boolean;
}

const OWNER: PathParam = {
  description: "Owner of the GitHub repository (user or organisation); matched without regard to case.",
  example: "anvil-dev",
  pattern: GITHUB_NAME.source,
};
const REPO: PathParam = {
  description: "Name of the GitHub repository; matched without regard to case, and an old name of a renamed repository still resolves.",
  example: "pdf",
  pattern: GITHUB_NAME.source,
};
const SLUG: PathParam = { description: "Category slug, one of the 24 listed by `GET /categories`.", example: "data" };

export const OPERATIONS: readonly Operation[] = [
  {
    path: "/skills",
    operationId: "listSkills",
    tag: "Skills",
    summary: "List skills",
    description:
      "A page of skill summaries, sorted and filtered. Ties in any sort are broken by owner/repo ascending, so paging is stable; a page beyond the last answers an empty `data`.",
    query: listQuery,
    response: "SkillListResponse",
    cache: "data",
    notFound: false,
  },
  {
    path: "/skills/search",
    operationId: "search",
    tag: "Search",
    summary: "Search skills",
    description:
      'Full-text search over names, descriptions and SKILL.md content, with phrases (`"react hooks"`), field restrictions (`name:react`), exclusions (`-class`) and prefixes (`react*`). Results are ranked by relevance; matched terms are wrapped in `<mark>` in `highlights`.',
    query: searchQuery,
    response: "SearchResponse",
    cache: "search",
    notFound: false,
  },
  {
    path: "/skills/autocomplete",
    operationId: "autocomplete",
    tag: "Search",
    summary: "Autocomplete a partial query",
    description:
      "Suggested queries for what the user has typed so far, each with the number of skills a search for it finds, most found first.",
    query: () => suggestQuery,
    response: "SuggestionListResponse",
    cache: "search",
    notFound: false,
  },
  {
    path: "/skills/{owner}/{repo}",
    operationId: "getSkill",
    tag: "Skills",
    summary: "Get a skill",
    description:
      "The skill of one repository: its summary fields, repository facts, install commands per platform, the markdown body of its primary SKILL.md, and every SKILL.md of the repository in `skills`.",
    pathParams: { owner: OWNER, repo: REPO },
    response: "SkillDetailResponse",
    cache: "data",
    notFound: true,
  },
  {
    path: "/skills/{owner}/{repo}/content",
    operationId: "getSkillContent",
    tag: "Skills",
    summary: "Get a skill's SKILL.md or another text file of its folders",
    description:
      "The raw SKILL.md of the skill (frontmatter included), its git blob SHA, its size in bytes and the SHA-256 of its text. `path` selects another text file of the skill's folders, exactly as `GET /skills/{owner}/{repo}/files` lists it: another SKILL.md, a script, a reference. A listed `binary`, `symlink` or `omitted` file answers 400 naming its kind; a path not listed (`./`, `..` and other spellings included) 404.",
    pathParams: { owner: OWNER, repo: REPO },
    query: () => contentQuery,
    response: "SkillContentResponse",
    cache: "data",
    notFound: true,
  },
  {
    path: "/skills/{owner}/{repo}/files",
    operationId: "listSkillFiles",
    tag: "Skills",
    summary: "List the files of a skill's folders",
    description:
      "Every file of every skill folder of the repository (the folder of each SKILL.md, recursively), each SKILL.md included, sorted by path: its size, kind (`text` files are served by `/content`; `binary`, `symlink` and `omitted` ones, over the crawl's bounds, are listed only), git blob SHA-1, SHA-256 and the SKILL.md whose folder holds it. An installer checks each copied file against `sha256`.",
    pathParams: { owner: OWNER, repo: REPO },
    response: "SkillFilesResponse",
    cache: "data",
    notFound: true,
  },
  {
    path: "/skills/{owner}/{repo}/stats",
    operationId: "getSkillStats",
    tag: "Skills",
    summary: "Get a skill's statistics",
    description:
      "Views, installs and favorites (from the operator's analytics, 0 when absent) and the star history, one point per crawl day.",
    pathParams: { owner: OWNER, repo: REPO },
    response: "SkillStatsResponse",
    cache: "data",
    notFound: true,
  },
  {
    path: "/categories",
    operationId: "listCategories",
    tag: "Categories",
    summary: "List categories",
    description: "The 24 categories with their skill counts and subcategories, in the requested locale.",
    query: () => categoryQuery,
    response: "CategoryListResponse",
    headers: ["Content-Language"],
    cache: "data",
    notFound: false,
  },
  {
    path: "/categories/{slug}",
    operationId: "getCategory",
    tag: "Categories",
    summary: "Get a category",
    description: "One category, its subcategories and its ten most-starred skills, in the requested locale.",
    pathParams: { slug: SLUG },
    query: () => categoryQuery,
    response: "CategoryDetailResponse",
    headers: ["Content-Language"],
    cache: "data",
    notFound: true,
  },
  {
    path: "/categories/{slug}/skills",
    operationId: "listCategorySkills",
    tag: "Categories",
    summary: "List the skills of a category",
    description: "Like `GET /skills`, restricted to one category.",
    pathParams: { slug: SLUG },
    query: listQuery,
    response: "SkillListResponse",
    cache: "data",
    notFound: true,
  },
  {
    path: "/events",
    operationId: "events",
    tag: "Skills",
    summary: "The changes feed",
    description:
      "skill.created, skill.updated (content or rename), skill.deleted and skill.trust_changed (the trust verdict changed: `previousVerdict`, `verdict`), oldest first, strictly after `since`; `meta.next` is the cursor of the next page, null when the feed has nothing after this one. Events are kept 90 days. See docs/EVENTS.md.",
    query: () => eventsQuery,
    response: "EventListResponse",
    cache: "data",
    notFound: false,
  },
  {
    path: "/status",
    operationId: "getStatus",
    tag: "Meta",
    summary: "How fresh the directory is",
    description:
      "When the dataset was last crawled and the site built, the counts, a summary of the last crawl (repositories added, changed, removed, failed and skipped; GitHub requests spent and left) and the API version.",
    response: "StatusResponse",
    cache: "data",
    notFound: false,
  },
  {
    path: "/index-status/{owner}/{repo}",
    operationId: "getIndexStatus",
    tag: "Meta",
    summary: "Whether a repository is listed, and if not, why",
    description:
      "`indexed`, `excluded` (with the reason, and the `sources.json` pattern as `rule` when one matched), `failed` at the last crawl (why, and whether the previous record is still served) or `unknown` (a 200, not a 404), with when a crawl last looked at the repository.",
    pathParams: { owner: OWNER, repo: REPO },
    response: "IndexStatusResponse",
    cache: "live",
    notFound: false,
  },
  {
    path: "/index-status/{owner}/{repo}/refresh",
    operationId: "requestRefresh",
    method: "post",
    tag: "Meta",
    summary: "Ask for a re-index of a repository",
    description:
      "Queues a public GitHub repository for the next re-index run (every 15 minutes), which re-reads it (or discovers it, when the directory does not list it yet and it holds skills) and serves the result. No body and no key are needed. Answers 202 with the queue state; a repository already queued gets the same answer again, its `since` unchanged. A name that cannot be a GitHub repository, or one the directory's sources exclude, is a 400. Limits: 10 requests an hour from one address (IPv4 address, IPv6 /64) and one accepted request per repository every 10 minutes (429 with `Retry-After`); the queue holds at most 500 repositories, and a request beyond that is a 503 `QUEUE_FULL` with `Retry-After`. The function never calls GitHub.",
    pathParams: { owner: OWNER, repo: REPO },
    response: "RefreshQueuedResponse",
    cache: "none",
    notFound: false,
  },
];
