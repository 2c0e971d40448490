// Response envelopes (README "Endpoints") shared by every endpoint.
import { z } from "zod";
import { FileEntry } from "./files.js";
import { RefreshQueued } from "./refresh.js";
import {
  Category,
  CategoryDetail,
  Count,
  SearchResult,
  SkillContent,
  SkillDetail,
  SkillStats,
  SkillSummary,
  Suggestion,
} from "./resources.js";
import { IndexStatus, Status } from "./status.js";

export const Pagination = z
  .object({
    page: z.number().int().positive(),
    limit: z.number().int().positive(),
    total: Count,
    totalPages: Count,
  })
  .strict();
export type Pagination = z.infer<typeof Pagination>;

export const Meta = z.object({ requestId: z.string(), timestamp: z.iso.datetime().optional() }).strict();

export const SearchMeta = Meta.extend({
  query: z.string().describe("The query as submitted"),
  took: z.number().nonnegative().describe("Milliseconds spent on the search"),
  didYouMean: z.string().optional().describe("When nothing matched: a corrected query that has results"),
  typoSkipped: z
    .array(z.string())
    .optional()
    .describe("Words held by no skill that got no typo matches because the query's typo budget (its first 2 such words) was spent"),
  fallback: z
    .literal("related")
    .optional()
    .describe(
      "`related` when no skill matched the query's own words (or their typo matches) and the results come from meaning alone: related terms of its words",
    ),
}).strict();

export const ErrorCode = z.enum([
  "NOT_FOUND",
  "INVALID_PARAMS",
  "RATE_LIMITED",
  "SERVER_ERROR",
  "INVALID_QUERY",
  "QUERY_TOO_LONG",
  "INVALID_SYNTAX",
  "INVALID_API_KEY",
  "METHOD_NOT_ALLOWED",
  "QUEUE_FULL",
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ErrorEnvelope = z.object({ error: z.object({ code: ErrorCode, message: z.string() }).strict(), meta: Meta }).strict();
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

const single = <T extends z.ZodType>(data: T) => z.object({ data, meta: Meta }).strict();
const list = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), pagination: Pagination, meta: Meta }).strict();

export const SkillListEnvelope = list(SkillSummary);
export const SkillDetailEnvelope = single(SkillDetail);
export const SkillContentEnvelope = single(SkillContent);
export const SkillFilesEnvelope = single(z.array(FileEntry));
export const SkillStatsEnvelope = single(SkillStats);
export const CategoryListEnvelope = single(z.array(Category));
export const CategoryDetailEnvelope = single(CategoryDetail);
export const SearchEnvelope = z.object({ data: z.array(SearchResult), pagination: Pagination, meta: SearchMeta }).strict();
export const SuggestionEnvelope = single(z.array(Suggestion));
export const StatusEnvelope = single(Status);
export const IndexStatusEnvelope = single(IndexStatus);
export const RefreshQueuedEnvelope = single(RefreshQueued);
