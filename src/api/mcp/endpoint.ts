// POST /mcp: the Model Context Protocol over Streamable HTTP, stateless (no session, one JSON answer
// a POST). Each POST gets its own SDK server and transport, as the SDK asks of a stateless server,
// over the deployment's shared asset cache. GET and DELETE answer 405: this server offers no SSE
// stream and no session to end. Every answer carries the API's CORS headers, the rate-limit headers
// and X-Request-Id; errors outside JSON-RPC's own (405, 413, 401, 429) come as a JSON-RPC error body.
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { ApiError } from "../../contract/errors.js";
import type { ApiContext } from "../env.js";
import { memoOver, type Services } from "../handle.js";
import { CORS_HEADERS, RESPONSE_HEADERS } from "../http.js";
import { API_PREFIX, MCP_PATH } from "../site-paths.js";
import { readMcpBody } from "./body.js";
import { charge } from "./charge.js";
import { createMcpServer } from "./server.js";
import type { ScopeFor } from "./tool.js";
import { toolSet } from "./tools.js";

const ALLOW = "POST, OPTIONS";

export const MCP_PREFLIGHT_HEADERS: Record<string, string> = {
  ...CORS_HEADERS,
  "Access-Control-Allow-Methods": ALLOW,
  "Access-Control-Allow-Headers": "Authorization, Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID",
  "Access-Control-Max-Age": "86400",
};

/** JSON-RPC's code for an error the implementation defines (here: HTTP-level refusals). */
const SERVER_ERROR = -32000;

/** A JSON-RPC error answer with its HTTP status (the SDK's own errors have the same shape). */
function rpcError(status: number, code: number, message: string, headers: Record<string, string>): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code, message } }), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

async function answer(ctx: ApiContext, services: Services, parsed: unknown): Promise<Response> {
  const store = services.store.session();
  const manifest = await store.manifest();
  const memo = memoOver(services.memo);
  const now = services.now ?? (() => performance.now());
  const tools = memo("mcp-tools", () => toolSet(manifest.vocabulary));
  const origin = new URL(ctx.request.url).origin;
  const scopeFor: ScopeFor = (path, params = {}) => {
    const url = new URL(`${API_PREFIX}/${path}`, origin);
    for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, String(value));
    return { url, request: ctx.request, store, manifest, now, memo };
  };
  const server = createMcpServer(tools, scopeFor);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(ctx.request, { parsedBody: parsed });
  } finally {
    await server.close();
  }
}

export async function handleMcp(ctx: ApiContext, services: Services): Promise<Response> {
  const requestId = crypto.randomUUID();
  const base = { ...RESPONSE_HEADERS, "Cache-Control": "no-store", "X-Request-Id": requestId };
  const { method } = ctx.request;
  if (method === "OPTIONS") return new Response(null, { status: 204, headers: { ...MCP_PREFLIGHT_HEADERS, "X-Request-Id": requestId } });
  if (method !== "POST") {
    const message = `Method Not Allowed: ${method} ${MCP_PATH}; this server is stateless, with no event stream to open and no session to end: POST JSON-RPC messages`;
    return rpcError(405, SERVER_ERROR, message, { ...base, Allow: ALLOW });
  }
  let limitHeaders: Record<string, string> = {};
  try {
    const body = await readMcpBody(ctx.request);
    // A malformed body costs one request, like any other the API answers.
    limitHeaders = await charge(ctx, services.limiter, body.ok ? body.requests : 1);
    if (!body.ok) return rpcError(body.status, body.code, body.message, { ...base, ...limitHeaders });
    const res = await answer(ctx, services, body.parsed);
    const headers = new Headers(res.headers);
    for (const [name, value] of Object.entries({ ...base, ...limitHeaders })) headers.set(name, value);
    return new Response(res.body, { status: res.status, headers });
  } catch (error) {
    if (error instanceof ApiError)
      return rpcError(error.status, SERVER_ERROR, error.message, { ...base, ...limitHeaders, ...error.headers });
    console.error(`MCP request ${requestId} failed:`, error);
    return rpcError(500, ErrorCode.InternalError, "internal error; the X-Request-Id header identifies it in the logs", {
      ...base,
      ...limitHeaders,
    });
  }
}
