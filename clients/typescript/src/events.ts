// The changes feed (GET /events): aliases into the types generated from the OpenAPI document.
import type { components, operations } from "./generated/openapi.js";

export type SkillEvent = components["schemas"]["SkillEvent"];
export type EventType = SkillEvent["type"];
export type EventsResponse = components["schemas"]["EventListResponse"];
export type EventsParams = NonNullable<operations["events"]["parameters"]["query"]>;
