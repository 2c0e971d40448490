// The one place that turns any failure into the error envelope {error:{code,message},meta:{requestId}}.
import { ApiError } from "../contract/errors.js";

/** The error body; anything that is not an ApiError is an internal error whose details stay private. */
export function errorBody(error: unknown, requestId: string) {
  const e = error instanceof ApiError ? error : new ApiError("SERVER_ERROR", "internal error; the request id identifies it in the logs");
  return { status: e.status, headers: e.headers, body: { error: { code: e.code, message: e.message }, meta: { requestId } } };
}
