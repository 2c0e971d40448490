// Reads the body of a POST /mcp before the SDK does, to know what it costs (one request for every
// JSON-RPC request it carries) and to answer the two malformed cases with the errors JSON-RPC 2.0
// names: -32700 when the body is not JSON, -32600 when it is JSON but not a request, notification
// or response (an empty batch included).
import { MAX_BATCH_SIZE, readRequestBody, requestBodyTooLargeMessage } from "@modelcontextprotocol/sdk/server/requestBody.js";
import { ErrorCode, isJSONRPCRequest, JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";

/** Far above any tool call's arguments; a larger body is refused unread (413). */
export const MAX_BODY_BYTES = 64 * 1024;

export type McpBody = { ok: true; parsed: unknown; requests: number } | { ok: false; status: number; code: number; message: string };

const refuse = (status: number, code: number, message: string): McpBody => ({ ok: false, status, code, message });

export async function readMcpBody(request: Request): Promise<McpBody> {
  const body = await readRequestBody(request, MAX_BODY_BYTES);
  if (body.tooLarge) return refuse(413, ErrorCode.InvalidRequest, requestBodyTooLargeMessage(MAX_BODY_BYTES));
  const text = body.text ?? "";
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return refuse(400, ErrorCode.ParseError, "Parse error: the body is not JSON");
  }
  const messages = Array.isArray(parsed) ? parsed : [parsed];
  if (messages.length === 0) return refuse(400, ErrorCode.InvalidRequest, "Invalid Request: an empty batch");
  if (messages.length > MAX_BATCH_SIZE)
    return refuse(400, ErrorCode.InvalidRequest, `Invalid Request: a batch may hold at most ${MAX_BATCH_SIZE} messages`);
  const bad = messages.findIndex((m) => !JSONRPCMessageSchema.safeParse(m).success);
  if (bad >= 0) {
    const where = Array.isArray(parsed) ? ` (message ${bad + 1} of the batch)` : "";
    return refuse(400, ErrorCode.InvalidRequest, `Invalid Request: not a JSON-RPC 2.0 request, notification or response${where}`);
  }
  return { ok: true, parsed, requests: messages.filter((m) => isJSONRPCRequest(m)).length };
}
