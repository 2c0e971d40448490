// The one error the client throws: an error envelope from the API, or a failure to get one
// (network, timeout, abort, a body that is not the API's JSON).
import type { ApiErrorCode } from "./types.js";

/** What the rate-limit headers said: requests allowed per hour, left, and the Unix time (s) the window ends. */
export interface RateLimit {
  limit: number;
  remaining: number;
  reset: number;
}

/** The API's own codes, plus the client's for failures that never reached an answer. */
export type ErrorCode = ApiErrorCode | "NETWORK_ERROR" | "TIMEOUT" | "ABORTED" | "INVALID_RESPONSE";

export interface ErrorDetails {
  code: ErrorCode;
  /** The HTTP status; 0 when no answer arrived. */
  status: number;
  message: string;
  requestId?: string | null;
  retryAfter?: number | null;
  rateLimit?: RateLimit | null;
  cause?: unknown;
}

export class SkillsDirectoryError extends Error {
  override readonly name = "SkillsDirectoryError";
  readonly code: ErrorCode;
  readonly status: number;
  /** The `X-Request-Id` of the failed answer: quote it when reporting a problem. */
  readonly requestId: string | null;
  /** Seconds to wait (from `Retry-After`), on a 429. */
  readonly retryAfter: number | null;
  readonly rateLimit: RateLimit | null;

  constructor(details: ErrorDetails) {
    super(details.message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = details.code;
    this.status = details.status;
    this.requestId = details.requestId ?? null;
    this.retryAfter = details.retryAfter ?? null;
    this.rateLimit = details.rateLimit ?? null;
  }
}
