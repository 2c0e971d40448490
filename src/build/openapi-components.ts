// The named component schemas of the OpenAPI document: each zod schema of src/schemas under the
// name clients see. Schemas nested in others become $refs to their own component.
import { z } from "zod";
import {
  CategoryDetailEnvelope,
  CategoryListEnvelope,
  ErrorCode,
  ErrorEnvelope,
  IndexStatusEnvelope,
  Meta,
  Pagination,
  RefreshQueuedEnvelope,
  SearchEnvelope,
  SearchMeta,
  SkillContentEnvelope,
  SkillDetailEnvelope,
  SkillFilesEnvelope,
  SkillListEnvelope,
  SkillStatsEnvelope,
  StatusEnvelope,
  SuggestionEnvelope,
} from "../schemas/envelope.js";
import { EventsEnvelope, SkillEvent } from "../schemas/events.js";
import { FileEntry } from "../schemas/files.js";
import { RefreshQueued, RefreshState } from "../schemas/refresh.js";
import {
  Category,
  CategoryDetail,
  NestedSkill,
  SearchResult,
  SkillContent,
  SkillDetail,
  SkillStats,
  SkillSummary,
  StarPoint,
  Subcategory,
  Suggestion,
  TopSkill,
} from "../schemas/resources.js";
import { CrawlSummary, IndexStatus, Status } from "../schemas/status.js";

const COMPONENTS = {
  SkillSummary,
  SkillDetail,
  NestedSkill,
  SkillContent,
  FileEntry,
  SkillStats,
  StarPoint,
  Category,
  Subcategory,
  CategoryDetail,
  TopSkill,
  SearchResult,
  Suggestion,
  Pagination,
  Meta,
  SearchMeta,
  ErrorCode,
  Status,
  CrawlSummary,
  IndexStatus,
  RefreshState,
  RefreshQueued,
  Error: ErrorEnvelope,
  SkillListResponse: SkillListEnvelope,
  SkillDetailResponse: SkillDetailEnvelope,
  SkillContentResponse: SkillContentEnvelope,
  SkillFilesResponse: SkillFilesEnvelope,
  SkillStatsResponse: SkillStatsEnvelope,
  CategoryListResponse: CategoryListEnvelope,
  CategoryDetailResponse: CategoryDetailEnvelope,
  SearchResponse: SearchEnvelope,
  SuggestionListResponse: SuggestionEnvelope,
  SkillEvent,
  EventListResponse: EventsEnvelope,
  StatusResponse: StatusEnvelope,
  IndexStatusResponse: IndexStatusEnvelope,
  RefreshQueuedResponse: RefreshQueuedEnvelope,
} satisfies Record<string, z.ZodType>;

export type ComponentName = keyof typeof COMPONENTS;

type JsonSchema = Record<string, unknown>;

/** `components.schemas` of the document: every named schema, output side, nested ones by $ref. */
export function componentSchemas(): Record<ComponentName, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(COMPONENTS)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { uri: (id) => `#/components/schemas/${id}`, io: "output", unrepresentable: "any" });
  const out: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    const { $schema: _s, $id: _i, ...rest } = schema as JsonSchema;
    out[id] = rest;
  }
  return out as Record<ComponentName, JsonSchema>;
}
