// Lines and excerpts. A finding points at a 1-based line and quotes at most EXCERPT_MAX characters of it,
// with every invisible character written as \u{…} so a reader sees what the agent sees. The excerpt is
// always a substring of the escaped line, which is what makes a finding checkable.
import { EXCERPT_MAX } from "../../schemas/trust.js";

/** A UTF-16 code unit a reader cannot see: controls, zero-width, bidi controls, the soft hyphen, BOM. */
function invisibleUnit(c: number): boolean {
  return (
    (c <= 0x1f && c !== 9) ||
    c === 0x7f ||
    c === 0xad ||
    c === 0x180e ||
    (c >= 0x200b && c <= 0x200f) ||
    (c >= 0x202a && c <= 0x202e) ||
    (c >= 0x2060 && c <= 0x2064) ||
    (c >= 0x2066 && c <= 0x206f) ||
    c === 0xfeff
  );
}

/** Unicode tag characters (U+E0000 to U+E007F) are the surrogate pair 0xDB40 + 0xDC00..0xDC7F. */
const isTagPair = (hi: number, lo: number) => hi === 0xdb40 && lo >= 0xdc00 && lo <= 0xdc7f;

/**
 * The text with its invisible characters written out as \u{…}. A hand-written loop: a Unicode-mode regular
 * expression with an astral range is far slower on a long line than the scanner's budget allows.
 */
export function escapeInvisible(text: string): string {
  let out = "";
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (invisibleUnit(c)) {
      out += `${text.slice(from, i)}\\u{${c.toString(16).toUpperCase()}}`;
      from = i + 1;
    } else if (c === 0xdb40 && isTagPair(c, text.charCodeAt(i + 1))) {
      out += `${text.slice(from, i)}\\u{${text.codePointAt(i)!.toString(16).toUpperCase()}}`;
      from = i + 2;
      i++;
    }
  }
  return from === 0 ? text : out + text.slice(from);
}

/** At most EXCERPT_MAX characters of the escaped line, around the raw index `at` where the finding starts. */
export function excerptOf(line: string, at = 0): string {
  // Escape only a window of the raw line around `at` (never splitting a surrogate pair): the escaped window
  // is a substring of the escaped line, and a long line costs no more than a short one.
  let start = Math.max(0, Math.min(at, line.length) - 40);
  if (isLowSurrogate(line.charCodeAt(start))) start--;
  let end = Math.min(line.length, start + EXCERPT_MAX);
  if (end < line.length && isLowSurrogate(line.charCodeAt(end))) end++;
  const escaped = escapeInvisible(line.slice(start, end));
  if (escaped.length <= EXCERPT_MAX && (end === line.length || start === 0)) {
    // Room left: widen to the left so short lines are quoted whole.
    if (end === line.length && start > 0) {
      const whole = escapeInvisible(line.slice(Math.max(0, end - EXCERPT_MAX)));
      return cut(whole, whole.length - EXCERPT_MAX);
    }
    return escaped;
  }
  return cut(escaped, 0);
}

/** EXCERPT_MAX characters of an escaped text from `from`, not splitting a surrogate pair. */
function cut(escaped: string, from: number): string {
  let s = Math.max(0, from);
  if (isLowSurrogate(escaped.charCodeAt(s))) s++;
  let e = Math.min(escaped.length, s + EXCERPT_MAX);
  if (e < escaped.length && isLowSurrogate(escaped.charCodeAt(e))) e--;
  return escaped.slice(s, e);
}

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** 1-based line number of a character offset, given the offsets where lines start. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}

/** Splits text into lines as a reader counts them: on \n, a trailing \r dropped. */
export function splitLines(text: string): string[] {
  const lines = text.split("\n");
  if (!text.includes("\r")) return lines;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.endsWith("\r")) lines[i] = l.slice(0, -1);
  }
  return lines;
}
