// What a request path is, for the one function in front of the whole deployment. The static asset
// server decodes, folds and normalises a path before it looks for a file, so a path is judged here by
// every form it could take on the way there: percent-decoded again and again, backslashes as slashes,
// empty and dot segments dropped, Unicode compatibility forms folded, case ignored. Any path whose
// first segment then reads `api` or `_data` belongs to the API: it is the API itself only when it is
// spelled exactly `/api/v1/...`, and the JSON 404 otherwise.
import { isPageRoute } from "../contract/page-routes.js";

export const API_PREFIX = "/api/v1";
/** The MCP server's endpoint (src/api/mcp), exactly this path. */
export const MCP_PATH = "/mcp";

/** Top-level names reserved for the API and its data, compared after normalisation. */
const RESERVED = new Set(["api", "_data"]);

/** More rounds of percent-decoding than any server on the way applies. */
const DECODE_ROUNDS = 8;

export type PathKind =
  /** Exactly `/api/v1` or below: the API's router answers (an endpoint or its JSON 404). */
  | "api"
  /** Exactly `/mcp`: the MCP server. */
  | "mcp"
  /** Another spelling of `/api` or `/_data`: the JSON 404, never a file. */
  | "reserved"
  /** A route of the page: its index.html. */
  | "page"
  /** Anything else: the page's 404.html, or the JSON 404 without one. */
  | "other";

/** Percent-escapes decoded once; a malformed escape is kept as it is (as lenient servers do). */
function decodeOnce(text: string): string {
  return text.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      // A run that is not UTF-8 as a whole: decode byte by byte as Latin-1, which keeps ASCII exact.
      return run.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    }
  });
}

/**
 * The first segment a lenient server could read `pathname` as, lower-cased: both with `..` resolved
 * and with it taken literally, since servers differ in which they do.
 */
export function firstSegments(pathname: string): string[] {
  let text = pathname;
  for (let i = 0; i < DECODE_ROUNDS; i++) {
    const next = decodeOnce(text);
    if (next === text) break;
    text = next;
  }
  const resolved: string[] = [];
  const literal: string[] = [];
  for (const raw of text.normalize("NFKC").replace(/\\/g, "/").split("/")) {
    // Trailing dots and spaces vanish on some file systems (`_data.` is `_data` there).
    const segment = raw.replace(/[\s.]+$/u, "").toLowerCase();
    if (raw.trim() === "..") resolved.pop();
    else if (segment !== "") resolved.push(segment);
    if (segment !== "") literal.push(segment);
  }
  return [resolved[0], literal[0]].filter((s): s is string => s !== undefined);
}

export function classifyPath(pathname: string): PathKind {
  if (pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`)) return "api";
  if (pathname === MCP_PATH) return "mcp";
  if (firstSegments(pathname).some((s) => RESERVED.has(s))) return "reserved";
  return isPageRoute(pathname) ? "page" : "other";
}
