// The server's tools and what tools/list answers for them: each tool's JSON Schemas, generated from
// its zod schemas (draft-07, which every MCP client's validator reads), made once per isolate.
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { Vocabulary } from "../../schemas/params.js";
import { getSkill } from "./get-skill.js";
import { listCategories } from "./list-categories.js";
import { readSkillFile } from "./read-skill-file.js";
import { searchSkills } from "./search-skills.js";
import type { McpTool } from "./tool.js";

/**
 * Every tool, in the order tools/list gives them. The list forgets each tool's argument type: a tool
 * is only ever run on the arguments its own schema parsed (server.ts).
 */
export const TOOLS = [searchSkills, getSkill, readSkillFile, listCategories] as unknown as readonly McpTool<unknown, unknown>[];

export const TOOL_NAMES = TOOLS.map((t) => t.name);

/** Every tool only reads the directory, and the same call answers the same while a deployment stands. */
const ANNOTATIONS = { readOnlyHint: true, idempotentHint: true, destructiveHint: false, openWorldHint: false } as const;

type ObjectSchema = Tool["inputSchema"];

const jsonSchema = (schema: z.ZodType, io: "input" | "output"): ObjectSchema => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { target: "draft-7", io });
  if (rest.type !== "object") throw new Error("a tool's schemas must describe objects");
  return rest as ObjectSchema;
};

export interface ToolSet {
  definitions: Tool[];
  /** Each tool's argument schema for this deployment, by name. */
  inputs: Map<string, z.ZodType>;
}

export function toolSet(vocab: Vocabulary): ToolSet {
  const inputs = new Map(TOOLS.map((t) => [t.name, t.input(vocab)] as const));
  const definitions = TOOLS.map(
    (t): Tool => ({
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: jsonSchema(inputs.get(t.name)!, "input"),
      outputSchema: jsonSchema(t.output, "output"),
      annotations: { title: t.title, ...ANNOTATIONS },
    }),
  );
  return { definitions, inputs };
}
