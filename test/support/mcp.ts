// The MCP tests' client: the SDK's own Client over its StreamableHTTPClientTransport, as an agent
// connects, with the last HTTP answer's status and headers kept (for the rate-limit headers), and
// every tool's structuredContent checked against the tool's outputSchema with the SDK's ajv
// validator, as the SDK client checks it. Plus a raw POST for what no well-behaved client sends.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { type CallToolResult, CallToolResultSchema, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { expect } from "vitest";

export interface McpSession {
  client: Client;
  tools: Tool[];
  /** Status and headers of the latest HTTP answer the transport received. */
  last(): { status: number; headers: Headers };
  /** Calls a tool; a result that is not an error has its structuredContent checked against the tool's outputSchema. */
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

const validator = new AjvJsonSchemaValidator();

/** Connects (initialize, then the initialized notification) and lists the tools. */
export async function connect(origin: string, headers: Record<string, string> = {}, listTools = true): Promise<McpSession> {
  let last = { status: 0, headers: new Headers() };
  const transport = new StreamableHTTPClientTransport(new URL(`${origin}/mcp`), {
    requestInit: { headers },
    fetch: async (url, init) => {
      const res = await fetch(url, init);
      last = { status: res.status, headers: res.headers };
      return res;
    },
  });
  const client = new Client({ name: "skills-directory-tests", version: "1.0.0" });
  await client.connect(transport);
  const tools = listTools ? (await client.listTools()).tools : [];
  return {
    client,
    tools,
    last: () => last,
    async call(name, args) {
      const result = CallToolResultSchema.parse(await client.callTool({ name, arguments: args }));
      if (!result.isError) {
        const tool = tools.find((t) => t.name === name);
        expect(tool?.outputSchema, `${name} has an outputSchema`).toBeDefined();
        const check = validator.getValidator(tool!.outputSchema!)(result.structuredContent);
        expect(check.errorMessage, `${name}'s structuredContent against its outputSchema`).toBeUndefined();
        expect(check.valid).toBe(true);
      }
      return result;
    },
    close: () => client.close(),
  };
}

/** The text of a tool result's first content block. */
export const textOf = (result: CallToolResult): string => {
  const first = result.content[0];
  return first?.type === "text" ? first.text : "";
};

export interface RawAnswer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: JSON-RPC answers of many shapes, each checked field by field
  body: any;
}

/** A POST to /mcp with any body, as a client that does not follow the protocol might send it. */
export async function rawPost(origin: string, body: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const res = await fetch(`${origin}/mcp`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers },
    body,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/** A JSON-RPC request, as a raw body. */
export const rpc = (id: number, method: string, params?: unknown) =>
  JSON.stringify({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) });
