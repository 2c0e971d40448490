// Turns a URL's query string into validated parameters: a repeated parameter or a value the
// schema refuses becomes 400 INVALID_PARAMS naming the parameter and what is allowed.
import type { z } from "zod";
import { invalidParams } from "../contract/errors.js";

export function parseQuery<T>(url: URL, schema: z.ZodType<T>, known: readonly string[]): T {
  const raw: Record<string, string> = {};
  for (const name of known) {
    const values = url.searchParams.getAll(name);
    if (values.length > 1) throw invalidParams(`\`${name}\` is given ${values.length} times; give it once`);
    if (values.length === 1) raw[name] = values[0]!;
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const name = issue.path.join(".") || "query";
  throw invalidParams(
    `\`${name}\` ${issueSentence(issue)}${raw[name] !== undefined ? ` (got ${JSON.stringify(raw[name].slice(0, 50))})` : ""}`,
  );
}

/** A schema's complaint as words for people: an enum's raw "Invalid option: expected one of …" names the allowed values instead. */
function issueSentence(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_value" && /^Invalid option/.test(issue.message)) {
    const values = issue.values.map(String);
    if (values.length <= 2) return `must be ${values.join(" or ")}`;
    return `must be one of ${values.slice(0, -1).join(", ")} or ${values.at(-1)}`;
  }
  return issue.message;
}
