// The one typed error of the API: a code of the contract, its HTTP status, a message and optional
// headers. A leaf without dependencies beyond the error codes, so the search engine throws it without
// importing the HTTP layer; src/api/errors.ts is the one place that turns it into the envelope.
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
  QUEUE_FULL: 503,
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
