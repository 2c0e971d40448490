// Maps a path under /api/v1 to its handler. Segments are percent-decoded one by one, so an
// encoded slash stays inside its segment and can never reach another route or a file.
import { ApiError, invalidParams } from "../contract/errors.js";
import { categoryDetail, categoryList, categorySkills } from "./categories.js";
import { eventFeed } from "./events.js";
import { openApi } from "./openapi-route.js";
import type { HandlerResult, RequestScope } from "./scope.js";
import { autocompleteRoute, searchRoute } from "./search.js";
import { skillList } from "./skill-lists.js";
import { skillContent, skillDetail, skillFiles, skillStats } from "./skill-lookup.js";
import { indexStatus, status } from "./status.js";

export const API_PREFIX = "/api/v1";
const MAX_PATH = 2048;

export type Handler = (scope: RequestScope) => Promise<HandlerResult>;

export function pathSegments(pathname: string): string[] {
  if (pathname.length > MAX_PATH) throw invalidParams(`the path is longer than ${MAX_PATH} characters`);
  const rest = pathname.slice(API_PREFIX.length);
  const parts = rest.split("/").filter((s, i) => !(i === 0 && s === ""));
  if (parts.length > 0 && parts[parts.length - 1] === "") parts.pop();
  return parts.map((p) => {
    try {
      return decodeURIComponent(p);
    } catch {
      throw invalidParams(`the path segment ${JSON.stringify(p.slice(0, 50))} is not valid percent-encoding`);
    }
  });
}

/** The handler for a path, or undefined when no endpoint lives there. */
export function route(segments: readonly string[]): Handler | undefined {
  const [head, a, b, c, ...more] = segments;
  if (more.length > 0) return undefined;
  if (head === "openapi.json" && a === undefined) return openApi;
  if (head === "events" && a === undefined) return eventFeed;
  if (head === "status" && a === undefined) return status;
  if (head === "index-status" && a !== undefined && b !== undefined && c === undefined) return (s) => indexStatus(s, a, b);
  if (head === "skills") {
    if (a === undefined) return skillList;
    if (b === undefined) return a === "search" ? searchRoute : a === "autocomplete" ? autocompleteRoute : undefined;
    if (c === undefined) return (s) => skillDetail(s, a, b);
    if (c === "content") return (s) => skillContent(s, a, b);
    if (c === "files") return (s) => skillFiles(s, a, b);
    if (c === "stats") return (s) => skillStats(s, a, b);
    return undefined;
  }
  if (head === "categories" && c === undefined) {
    if (a === undefined) return categoryList;
    if (b === undefined) return (s) => categoryDetail(s, a);
    if (b === "skills") return (s) => categorySkills(s, a);
  }
  return undefined;
}

/** Routes whose answer holds live state (index-status: the re-index queue), which the answer cache must not keep. */
export const isLiveRoute = (segments: readonly string[]): boolean => segments[0] === "index-status";

export const noRoute = (pathname: string) =>
  new ApiError("NOT_FOUND", `no endpoint at ${pathname.slice(0, 200)}; see ${API_PREFIX}/openapi.json for the list`);
