// JSON Lines read against a schema: each non-blank line parsed and validated on its own, the good rows
// kept in order and every bad one reported by its line, so one bad line never hides the others.
import type { z } from "zod";
import type { DatasetProblem } from "./files.js";

export function parseJsonLines<T>(lines: readonly string[], schema: z.ZodType<T>, file: string): { rows: T[]; problems: DatasetProblem[] } {
  const rows: T[] = [];
  const problems: DatasetProblem[] = [];
  lines.forEach((line, i) => {
    if (line.trim() === "") return;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch (e) {
      problems.push({ file, line: i + 1, message: `not JSON: ${(e as Error).message}` });
      return;
    }
    const parsed = schema.safeParse(raw);
    if (parsed.success) rows.push(parsed.data);
    else
      problems.push({
        file,
        line: i + 1,
        message: parsed.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`).join("; "),
      });
  });
  return { rows, problems };
}
