// The crawler's one typed error. It also carries `status`, `request` and `response` so that
// plugin-retry treats a malformed or timed-out answer like any other failed request and retries it.
export type IngestErrorCode = "HTTP" | "MALFORMED_RESPONSE" | "TIMEOUT" | "BAD_INPUT" | "GRAPHQL";

export class IngestError extends Error {
  constructor(
    readonly code: IngestErrorCode,
    message: string,
    readonly status = 0,
    readonly extra: { cause?: unknown; request?: unknown; response?: unknown } = {},
  ) {
    super(message, { cause: extra.cause });
    this.name = "IngestError";
  }
  /** Read by plugin-retry (it re-sends `request` on retryable statuses). */
  get request(): unknown {
    return this.extra.request;
  }
  get response(): unknown {
    return this.extra.response;
  }
}

/** The HTTP status of anything Octokit throws (RequestError or IngestError), if it has one. */
export function statusOf(e: unknown): number | undefined {
  if (typeof e !== "object" || e === null || !("status" in e)) return undefined;
  const s = e.status;
  return typeof s === "number" ? s : undefined;
}

export const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e)).split("\n")[0]!;
