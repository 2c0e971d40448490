// Lines and excerpts. A finding points at a 1-based line and quotes at most EXCERPT_MAX characters of it,
// with every invisible character written as \u{…} so a reader sees what the agent sees. The excerpt is
// always a substring of the escaped line, which is what makes a finding checkable.
import { EXCERPT_MAX } from "../../schemas/trust.js";

/** Characters a reader cannot see: controls, zero-width, bidi controls, the soft hyphen, Unicode tags. */
export const INVISIBLE =
  /[\u0000-\u0008\u000B-\u001F\u007F\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]|[\u{E0000}-\u{E007F}]/gu;

/** Splits text into lines as a reader counts them: on \n, a trailing \r dropped. */
export function splitLines(text: string): string[] {
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.endsWith("\r")) lines[i] = l.slice(0, -1);
  }
  return lines;
}

const escapeChar = (c: string) => `\\u{${c.codePointAt(0)!.toString(16).toUpperCase()}}`;

/** The line with its invisible characters written out. */
export function escapeInvisible(line: string): string {
  return line.replace(INVISIBLE, escapeChar);
}

/** At most EXCERPT_MAX characters of the escaped line, around the raw index `at` where the finding starts. */
export function excerptOf(line: string, at = 0): string {
  const escaped = escapeInvisible(line);
  if (escaped.length <= EXCERPT_MAX) return escaped;
  const before = escapeInvisible(line.slice(0, Math.max(0, Math.min(at, line.length))));
  let start = Math.max(0, Math.min(before.length - 40, escaped.length - EXCERPT_MAX));
  // Never start or end between the halves of a surrogate pair.
  if (isLowSurrogate(escaped.charCodeAt(start))) start++;
  let end = Math.min(escaped.length, start + EXCERPT_MAX);
  if (end < escaped.length && isLowSurrogate(escaped.charCodeAt(end))) end--;
  return escaped.slice(start, end);
}

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** 1-based line number of a character offset, given the offsets where lines start. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}
