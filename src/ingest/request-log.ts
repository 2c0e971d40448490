// What the crawl asked of GitHub: attempts by kind, statuses, and the last rate-limit headers
// per resource. Feeds the progress line and the report.
export interface RateLimitState {
  limit: number;
  remaining: number;
  reset: number;
}

export function requestKindOf(method: string, url: string): string {
  const path = url.replace(/^https?:\/\/[^/]+/, "").split("?")[0]!;
  if (path.endsWith("/graphql")) return "graphql";
  if (path.includes("/search/code")) return "search-code";
  if (path.includes("/search/repositories")) return "search-repositories";
  if (path.includes("/git/trees/")) return "tree";
  if (path.includes("/git/blobs/")) return "blob";
  if (/\/(tarball|zipball)(\/|$)/.test(path)) return "archive";
  if (path.includes("/rate_limit")) return "rate-limit";
  return method === "GET" ? "rest-other" : "other";
}

export class RequestLog {
  total = 0;
  readonly byKind: Record<string, number> = {};
  readonly byStatus: Record<string, number> = {};
  readonly rateLimited: Record<string, number> = {};
  readonly rate: Record<string, RateLimitState> = {};

  record(kind: string, status: number, headers: Record<string, unknown>): void {
    this.total++;
    this.byKind[kind] = (this.byKind[kind] ?? 0) + 1;
    const s = status === 0 ? "network" : String(status);
    this.byStatus[s] = (this.byStatus[s] ?? 0) + 1;
    const resource = headers["x-ratelimit-resource"];
    const remaining = Number(headers["x-ratelimit-remaining"]);
    if (typeof resource === "string" && Number.isFinite(remaining))
      this.rate[resource] = {
        limit: Number(headers["x-ratelimit-limit"]) || 0,
        remaining,
        reset: Number(headers["x-ratelimit-reset"]) || 0,
      };
  }

  noteRateLimited(kind: string): void {
    this.rateLimited[kind] = (this.rateLimited[kind] ?? 0) + 1;
  }

  /**
   * Requests left of the budget the crawl spends (GitHub's `core` REST budget once seen, else the lowest
   * seen), one figure for the progress line and the summary alike: the small per-minute search budget
   * would otherwise read as the crawl running dry.
   */
  remaining(): number | undefined {
    if (this.rate.core) return this.rate.core.remaining;
    const values = Object.values(this.rate).map((r) => r.remaining);
    return values.length ? Math.min(...values) : undefined;
  }
}
