// The MCP server of one request, on the official SDK's low-level Server: initialize (name, version,
// instructions; the SDK negotiates the protocol version), tools/list and tools/call. The low-level
// Server rather than McpServer, because the specification makes an unknown tool a JSON-RPC error
// (-32602) while McpServer answers it as a tool result, and because these tools' schemas depend on
// the deployment and are made once per isolate, not once per request.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, type CallToolResult, ErrorCode, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
import { z } from "zod";
import { ApiError } from "../../contract/errors.js";
import { parseArguments } from "./arguments.js";
import { type ScopeFor, ToolError } from "./tool.js";
import { TOOL_NAMES, TOOLS, type ToolSet } from "./tools.js";

export const SERVER_INFO = { name: "skills-directory", title: "Skills Directory", version: "1.0.0" };

export const INSTRUCTIONS = [
  "A directory of agent skills (SKILL.md packages from public GitHub repositories).",
  "Find skills with search_skills (list_categories gives the category slugs), read one with get_skill and any file of its folder with read_skill_file.",
  "Skills the trust scanner judged malicious are never served; a result's verdict says whether it is clean or suspicious: show a suspicious skill's findings (get_skill) before recommending it.",
  "To install a skill with every file checked against its SHA-256, run `npx skills-directory install <owner>/<repo>`.",
].join(" ");

/**
 * A JSON-RPC error from a handler. The SDK answers a thrown error's `code` and `message` as they are
 * (its McpError would prefix the message with its code, and the client prefixes it again).
 */
class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const ToolsCall = z.looseObject({ method: z.literal("tools/call") });

const errorResult = (text: string): CallToolResult => ({ content: [{ type: "text", text }], isError: true });

async function callTool(tools: ToolSet, scopeFor: ScopeFor, name: string, args: unknown): Promise<CallToolResult> {
  const tool = TOOLS.find((t) => t.name === name);
  if (!tool)
    throw new RpcError(
      ErrorCode.InvalidParams,
      `Unknown tool: ${JSON.stringify(name.slice(0, 100))}; the tools are ${TOOL_NAMES.join(", ")}`,
    );
  try {
    const answer = await tool.run(scopeFor, parseArguments(name, tools.inputs.get(name)!, args));
    return { content: [{ type: "text", text: answer.text }], structuredContent: answer.structured as Record<string, unknown> };
  } catch (error) {
    if (error instanceof ToolError) return errorResult(error.message);
    // The API's own 4xx (a skill not found, a query the engine refuses): the agent can change its call.
    if (error instanceof ApiError && error.status < 500) return errorResult(error.message);
    console.error(`MCP tool ${name} failed:`, error);
    throw new RpcError(ErrorCode.InternalError, "internal error; the X-Request-Id header identifies it in the logs");
  }
}

export function createMcpServer(tools: ToolSet, scopeFor: ScopeFor): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: {} },
    instructions: INSTRUCTIONS,
    // The SDK's default validator (ajv) compiles code at run time, which workerd forbids.
    jsonSchemaValidator: new CfWorkerJsonSchemaValidator(),
  });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.definitions }));
  // Registered with a schema that checks only the method: the SDK's Server checks tools/call's params
  // itself and answers bad ones with -32602 (invalid params), where checking them against the full
  // schema first would turn them into -32603 (internal error).
  server.setRequestHandler(ToolsCall, (request) => {
    const { params } = CallToolRequestSchema.parse(request);
    return callTool(tools, scopeFor, params.name, params.arguments);
  });
  return server;
}
