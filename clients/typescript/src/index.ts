// The package's entry point: the client, its error, and the API's types.
export { DEFAULT_PORT, defaultBaseUrl } from "./address.js";
export { type ClientOptions, SkillsDirectory } from "./client.js";
export { type ErrorCode, type RateLimit, SkillsDirectoryError } from "./error.js";
export type { EventsParams, EventsResponse, EventType, SkillEvent } from "./events.js";
export type { RequestOptions, ResponseInfo, Result } from "./transport.js";
export type * from "./types.js";
