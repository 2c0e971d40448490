// HTTP details shared by every response: JSON body, CORS, caching, ETag and 304.
import { sha256Hex } from "./keys/hash.js";

export const CORS_HEADERS: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers":
    "ETag, X-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, X-RateLimit-Tier, X-RateLimit-Status, Retry-After, Content-Language",
};

/** Headers of every answer, 304s included. */
export const RESPONSE_HEADERS: Record<string, string> = {
  ...CORS_HEADERS,
  "X-Content-Type-Options": "nosniff",
  // The request headers that choose the caller's tier and budget, and so the X-RateLimit-* headers
  // (and a 401 for a bad key): the credential, and the page's marker with the browser's
  // Sec-Fetch-Site that rate-limit/page-client.ts reads. A shared cache must key on them all.
  Vary: "Authorization, X-Skills-Client, Sec-Fetch-Site",
};

/** Allow of the one route that takes a POST (src/api/refresh.ts). */
export const REFRESH_ALLOW = "POST, OPTIONS";

export const PREFLIGHT_HEADERS: Record<string, string> = {
  ...CORS_HEADERS,
  "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
  "Access-Control-Allow-Headers": "Authorization, If-None-Match, Content-Type",
  "Access-Control-Max-Age": "86400",
};

export const CACHE_CONTROL = {
  data: "public, max-age=300, stale-while-revalidate=3600",
  search: "public, max-age=60",
  /** Answers with live state (the re-index queue): kept, but checked again (ETag) before each use. */
  live: "no-cache",
  error: "no-store",
} as const;

/** A strong ETag: the first 128 bits of SHA-256 over the representation, hex-encoded. */
export async function etagOf(text: string): Promise<string> {
  return `"${(await sha256Hex(text)).slice(0, 32)}"`;
}

/** True when an If-None-Match header names `etag` (weak comparison, as RFC 9110 asks for GET). */
export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const bare = (t: string) => t.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => bare(t) === bare(etag));
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string>, headOnly = false): Response {
  const text = JSON.stringify(body);
  return new Response(headOnly ? null : text, {
    status,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      ...RESPONSE_HEADERS,
      ...headers,
    },
  });
}
