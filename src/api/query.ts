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
  throw invalidParams(`\`${name}\` ${issue.message}${raw[name] !== undefined ? ` (got ${JSON.stringify(raw[name].slice(0, 50))})` : ""}`);
}
