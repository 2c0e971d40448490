// What a tool of the MCP server is: its name, what an agent reads about it, its argument and answer
// schemas (src/schemas/mcp.ts), and what it does. A tool runs the API's own handlers in-process, on
// a RequestScope made for it (`scope`), so a tool and its endpoint answer from one code path.
import type { z } from "zod";
import type { Vocabulary } from "../../schemas/params.js";
import type { RequestScope } from "../scope.js";

export interface ToolAnswer<T> {
  /** The answer, checked against the tool's output schema. */
  structured: T;
  /** The same answer as text an agent or a person reads. */
  text: string;
}

/** Makes the RequestScope of one API endpoint: its path under /api/v1 and its query parameters. */
export type ScopeFor = (path: string, params?: Record<string, string | number | undefined>) => RequestScope;

export interface McpTool<I = never, O = unknown> {
  name: string;
  title: string;
  description: string;
  /** The argument schema; it may list the deployment's vocabularies (category slugs, platforms). */
  input(vocab: Vocabulary): z.ZodType<I>;
  output: z.ZodType<O>;
  run(scopeFor: ScopeFor, args: I): Promise<ToolAnswer<O>>;
}

/** A problem the agent can fix (a bad argument, an unknown skill, a refused skill): an `isError` tool result. */
export class ToolError extends Error {}

/** Keeps a tool's types while listing tools of different argument types together. */
export const defineTool = <I, O>(tool: McpTool<I, O>): McpTool<I, O> => tool;
