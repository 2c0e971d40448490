// Checks a tool call's arguments against the tool's schema and, when they are wrong, says what to
// change in words an agent can act on: every problem, each naming its argument, what was given and
// what is allowed (the tool's inputSchema says the same in JSON Schema).
import type { z } from "zod";
import { ToolError } from "./tool.js";

const given = (value: unknown): string => {
  if (value === undefined) return "nothing";
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

const valueAt = (args: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>((v, key) => (v !== null && typeof v === "object" ? (v as Record<PropertyKey, unknown>)[key] : undefined), args);

function explain(issue: z.core.$ZodIssue, args: unknown, known: readonly string[]): string {
  const name = issue.path.map(String).join(".");
  const got = given(valueAt(args, issue.path));
  switch (issue.code) {
    case "unrecognized_keys":
      return `unknown argument${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => `\`${k}\``).join(", ")}: remove ${issue.keys.length > 1 ? "them" : "it"}; this tool takes ${known.map((k) => `\`${k}\``).join(", ")}`;
    case "invalid_type":
      if (valueAt(args, issue.path) === undefined) return `\`${name}\` is required`;
      return `\`${name}\` must be ${issue.expected === "int" ? "a whole number" : `a ${issue.expected}`} (got ${got})`;
    case "too_big":
      return `\`${name}\` must be at most ${String(issue.maximum)}${issue.origin === "string" ? " characters long" : ""} (got ${got})`;
    case "too_small":
      return `\`${name}\` must be at least ${String(issue.minimum)}${issue.origin === "string" ? " characters long" : ""} (got ${got})`;
    case "invalid_value":
      return `\`${name}\` must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")} (got ${got})`;
    default: {
      // zod's own words for the rest (a pattern, a refinement), without its "Invalid input" lead.
      const detail = issue.message.replace(/^Invalid (input|string)(: )?/, "");
      return `\`${name}\` ${detail === "" ? "is not valid" : detail} (got ${got})`;
    }
  }
}

/** The arguments as the schema parses them, or a ToolError that lists what to change. */
export function parseArguments<T>(tool: string, schema: z.ZodType<T>, args: unknown): T {
  const parsed = schema.safeParse(args ?? {});
  if (parsed.success) return parsed.data;
  const shape = "shape" in schema && schema.shape !== null && typeof schema.shape === "object" ? Object.keys(schema.shape) : [];
  const problems = parsed.error.issues.map((issue) => `- ${explain(issue, args, shape)}`);
  throw new ToolError([`Invalid arguments for ${tool}; change these and call it again:`, ...problems].join("\n"));
}
