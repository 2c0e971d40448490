// Groundedness: a finding's file is one of the scanned files, and its 1-based line, with invisible
// characters written as \u{…}, holds its excerpt.
import type { ScanInput, ScanResult } from "../../../src/build/trust/scan.js";
import { EXCERPT_MAX } from "../../../src/schemas/trust.js";

const INVISIBLE =
  /[\u0000-\u0008\u000B-\u001F\u007F\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]|[\u{E0000}-\u{E007F}]/gu;
const escape = (line: string) => line.replace(INVISIBLE, (c) => `\\u{${c.codePointAt(0)!.toString(16).toUpperCase()}}`);

export function groundingProblems(input: ScanInput, result: ScanResult): string[] {
  const texts = new Map<string, string>();
  for (const s of input.skills) texts.set(s.path, s.content);
  for (const f of input.folderFiles) if (f.content !== undefined) texts.set(f.path, f.content);
  const problems: string[] = [];
  for (const f of result.findings) {
    const text = texts.get(f.file);
    if (text === undefined) {
      problems.push(`${f.rule}: no file ${f.file}`);
      continue;
    }
    const line = text.split("\n")[f.line - 1]?.replace(/\r$/, "");
    if (line === undefined) problems.push(`${f.rule}: ${f.file} has no line ${f.line}`);
    else if (f.excerpt.length > EXCERPT_MAX || f.excerpt.length === 0 || !escape(line).includes(f.excerpt))
      problems.push(`${f.rule}: ${f.file}:${f.line} does not hold ${JSON.stringify(f.excerpt)}`);
  }
  return problems;
}
