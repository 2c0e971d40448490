// The one typed error of the API and the one place that turns any failure into the envelope
// {error:{code,message},meta:{requestId}}.
import type { ErrorCode } from "../schemas/envelope.js";

const STATUS: Record<ErrorCode, number> = {
  NOT_FOUND: 404,
  INVALID_PARAMS: 400,
  RATE_LIMITED: 429,
  SERVER_ERROR: 500,
  INVALID_QUERY: 400,
  QUERY_TOO_LONG: 400,
  INVALID_SYNTAX: 400,
  INVALID_API_KEY: 401,
  METHOD_NOT_ALLOWED: 405,
};

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.status = STATUS[code];
  }
}

export const notFound = (what: string) => new ApiError("NOT_FOUND", `${what} was not found`);
export const invalidParams = (message: string) => new ApiError("INVALID_PARAMS", message);

/** The error body; anything that is not an ApiError is an internal error whose details stay private. */
export function errorBody(error: unknown, requestId: string) {
  const e = error instanceof ApiError ? error : new ApiError("SERVER_ERROR", "internal error; the request id identifies it in the logs");
  return { status: e.status, headers: e.headers, body: { error: { code: e.code, message: e.message }, meta: { requestId } } };
}
