// Groundedness: a finding's file is one of the scanned files, and its 1-based line, with invisible
// characters written as \u{…}, holds its excerpt.
import type { ScanInput, ScanResult } from "../../../src/build/trust/scan.js";
import { EXCERPT_MAX } from "../../../src/schemas/trust.js";

// Written independently of the scanner's own escaping, by code point (a Unicode regular expression is far
// too slow on the 256 KiB lines of the hostile-input tests).
const invisible = (cp: number) =>
  (cp <= 0x1f && cp !== 9) ||
  cp === 0x7f ||
  cp === 0xad ||
  cp === 0x180e ||
  (cp >= 0x200b && cp <= 0x200f) ||
  (cp >= 0x202a && cp <= 0x202e) ||
  (cp >= 0x2060 && cp <= 0x2064) ||
  (cp >= 0x2066 && cp <= 0x206f) ||
  cp === 0xfeff ||
  (cp >= 0xe0000 && cp <= 0xe007f);

function escaped(line: string): string {
  const parts: string[] = [];
  for (const ch of line) {
    const cp = ch.codePointAt(0)!;
    parts.push(invisible(cp) ? `\\u{${cp.toString(16).toUpperCase()}}` : ch);
  }
  return parts.join("");
}

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
    else if (f.excerpt.length > EXCERPT_MAX || f.excerpt.length === 0 || !escaped(line).includes(f.excerpt))
      problems.push(`${f.rule}: ${f.file}:${f.line} does not hold ${JSON.stringify(f.excerpt)}`);
  }
  return problems;
}
