// Friendly names for the shapes of the API. Every type here is an alias into generated/openapi.ts,
// which is generated from the API's OpenAPI document (never edited by hand).
import type { components, operations } from "./generated/openapi.js";

type Schemas = components["schemas"];

export type SkillSummary = Schemas["SkillSummary"];
export type SkillDetail = Schemas["SkillDetail"];
export type NestedSkill = Schemas["NestedSkill"];
export type SkillContent = Schemas["SkillContent"];
export type FileEntry = Schemas["FileEntry"];
export type SkillStats = Schemas["SkillStats"];
export type Category = Schemas["Category"];
export type CategoryDetail = Schemas["CategoryDetail"];
export type SearchResult = Schemas["SearchResult"];
export type Suggestion = Schemas["Suggestion"];
export type Pagination = Schemas["Pagination"];
export type ApiErrorCode = Schemas["ErrorCode"];
export type ErrorEnvelope = Schemas["Error"];

export type SkillListResponse = Schemas["SkillListResponse"];
export type SkillDetailResponse = Schemas["SkillDetailResponse"];
export type SkillContentResponse = Schemas["SkillContentResponse"];
export type SkillFilesResponse = Schemas["SkillFilesResponse"];
export type SkillStatsResponse = Schemas["SkillStatsResponse"];
export type CategoryListResponse = Schemas["CategoryListResponse"];
export type CategoryDetailResponse = Schemas["CategoryDetailResponse"];
export type SearchResponse = Schemas["SearchResponse"];
export type SuggestionListResponse = Schemas["SuggestionListResponse"];
export type Status = Schemas["Status"];
export type IndexStatus = Schemas["IndexStatus"];
export type StatusResponse = Schemas["StatusResponse"];
export type IndexStatusResponse = Schemas["IndexStatusResponse"];
export type RefreshQueuedResponse = Schemas["RefreshQueuedResponse"];
export type RefreshQueued = Schemas["RefreshQueued"];
export type RefreshState = Schemas["RefreshState"];

/** The query parameters of an operation, as the document declares them. */
type Query<K extends keyof operations> = NonNullable<operations[K]["parameters"]["query"]>;

export type ListSkillsParams = Query<"listSkills">;
export type SearchParams = Omit<Query<"search">, "q">;
export type AutocompleteParams = Omit<Query<"autocomplete">, "q">;
export type ContentParams = Query<"getSkillContent">;
export type LocaleParams = Query<"listCategories">;
