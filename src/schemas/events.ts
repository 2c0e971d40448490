// Events (contract section 6, DESIGN.md "Events and webhooks"): one shape for an event, shared by
// the dataset's event log, the feed files of the build, GET /events and the webhook bodies.
import { z } from "zod";
import { Meta } from "./envelope.js";
import { intParam } from "./params.js";
import { IsoTimestamp, SkillSummary } from "./resources.js";
import { TrustVerdict } from "./trust.js";

export const EVENT_TYPES = ["skill.created", "skill.updated", "skill.deleted", "skill.trust_changed"] as const;
export const EventType = z.enum(EVENT_TYPES, { message: `must be one of: ${EVENT_TYPES.join(", ")}` });
export type EventType = z.infer<typeof EventType>;

export const EVENT_ID_PATTERN = /^evt_[0-9a-f]{24}$/;
export const EventId = z.string().regex(EVENT_ID_PATTERN, { message: "must be an event id such as evt_0123456789abcdef01234567" });

const BlobSha = z
  .string()
  .regex(/^[0-9a-f]{40}$/)
  .describe("Git blob SHA-1 of the primary SKILL.md");

/**
 * The skill an event is about: its summary as of the event. Events logged before verdicts existed
 * carry no `verdict`, so it is optional here (the log is never rewritten).
 */
export const EventSkill = SkillSummary.partial({ verdict: true });
export type EventSkill = z.infer<typeof EventSkill>;

export const SkillEvent = z
  .object({
    id: EventId.describe("Stable and deterministic: derived from the skill id, the type and the new content state"),
    type: EventType,
    occurredAt: IsoTimestamp.describe("When the dataset change was recorded (the crawl or build that saw it)"),
    skill: EventSkill.describe("The skill as of the event; for a deletion, the last known summary"),
    previous: z
      .object({ owner: z.string(), repo: z.string() })
      .strict()
      .optional()
      .describe("The former owner/repo, on a skill.updated that is a rename"),
    content: z
      .object({ before: BlobSha.optional(), after: BlobSha.optional() })
      .strict()
      .optional()
      .describe("The primary SKILL.md's blob sha before and after; absent when no SKILL.md changed (a rename only)"),
    previousVerdict: TrustVerdict.optional().describe("On skill.trust_changed: the verdict before the change"),
    verdict: TrustVerdict.optional().describe("On skill.trust_changed: the verdict now (also the skill's `verdict`)"),
  })
  .strict();
export type SkillEvent = z.infer<typeof SkillEvent>;

/** A line of data/events.jsonl: the event and its position in the log (never reused, never renumbered). */
export const LoggedEvent = z.object({ seq: z.number().int().nonnegative(), event: SkillEvent }).strict();
export type LoggedEvent = z.infer<typeof LoggedEvent>;

/** What data/events-state.json remembers of a skill: the content state its last event left it in. */
export const EventBaselineEntry = z
  .object({
    files: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .describe("Digest of every SKILL.md path and blob sha"),
    primary: BlobSha,
    summary: EventSkill.describe("The summary carried by the skill's last event"),
    verdict: TrustVerdict.optional().describe("The skill's trust verdict when last derived (absent before verdicts existed)"),
    last: EventId.describe("The skill's last event"),
    deletedAt: IsoTimestamp.optional().describe("Set once the skill was deleted"),
  })
  .strict();
export type EventBaselineEntry = z.infer<typeof EventBaselineEntry>;

export const EventBaseline = z
  .object({
    version: z.literal(1),
    nextSeq: z.number().int().nonnegative(),
    skills: z.record(z.string().regex(/^\d+$/), EventBaselineEntry),
  })
  .strict();
export type EventBaseline = z.infer<typeof EventBaseline>;

export const EVENTS_LIMIT = { max: 500, default: 100 } as const;

/** GET /events: `since` an event id (omitted: from the oldest retained), `limit`, `type`. Each field carries its OpenAPI text (ParamDoc). */
export const eventsQuery = z.object({
  since: EventId.optional().meta({
    description:
      "Only events after this one (an event id, e.g. the last one you processed or `meta.next`); omitted: from the oldest retained. An unknown or pruned id is 400.",
    example: "evt_8624b97a4eb00d4e3959a53e",
  }),
  limit: intParam(1, EVENTS_LIMIT.max, EVENTS_LIMIT.default, "Events per page.", 100),
  type: EventType.optional().meta({ description: "Only events of this type.", example: "skill.updated" }),
});
export type EventsQuery = z.output<typeof eventsQuery>;

/** GET /events answers `{data: [event], meta: {next, requestId, timestamp}}`. */
export const EventsEnvelope = z
  .object({
    data: z.array(SkillEvent),
    meta: Meta.extend({
      next: EventId.nullable().describe("Pass as `since` for the next page; null when the feed has nothing after this page"),
    }).strict(),
  })
  .strict();
