// The changes feed (GET /events): its types, written to the feed's published shape until the
// OpenAPI document describes it and they can be generated like the others.
import type { SkillSummary } from "./types.js";

export type EventType = "skill.created" | "skill.updated" | "skill.deleted";

export interface SkillEvent {
  id: string;
  type: EventType;
  occurredAt: string;
  /** The skill's summary; for a deletion, the last one known. */
  skill: SkillSummary;
  /** The old name, on a rename. */
  previous?: { owner: string; repo: string };
  /** SKILL.md blob SHAs before and after the change. */
  content?: { before?: string; after?: string };
}

export interface EventsResponse {
  data: SkillEvent[];
  meta: { next: string | null; requestId: string; timestamp?: string };
}

export interface EventsParams {
  /** Events strictly after this event id; omitted: from the oldest retained. */
  since?: string;
  /** 1 to 500, default 100. */
  limit?: number;
  type?: EventType;
}
