// Highlights: the text HTML-escaped, with every word the query matched wrapped in <mark></mark>.
// Escaping happens piece by piece around the marks, so no text from a skill can ever become markup.

import type { Field } from "../schemas/fields.js";
import type { Clause } from "./query.js";
import { tokenize } from "./text.js";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * Marks, in `text` (the skill's `field`), the words that the positive clauses of a query match, and
 * the `typoWords` their typo matches found.
 */
export function highlight(text: string, field: Field, clauses: readonly Clause[], typoWords: Iterable<string> = []): string {
  const exact = new Set<string>(typoWords);
  const prefixes: string[] = [];
  for (const c of clauses) {
    if (c.negate || (c.field && c.field !== field)) continue;
    if (c.kind === "prefix") prefixes.push(c.terms[0]!);
    else c.terms.forEach((t) => exact.add(t));
  }
  const spans: [number, number][] = [];
  for (const t of tokenize(text)) {
    if (!exact.has(t.term) && !prefixes.some((p) => t.term.startsWith(p))) continue;
    const last = spans[spans.length - 1];
    // Overlapping CJK bigrams, or words joined only by a space, become one mark.
    if (last && (t.start <= last[1] || /^[ \u3000]$/.test(text.slice(last[1], t.start)))) last[1] = Math.max(last[1], t.end);
    else spans.push([t.start, t.end]);
  }
  let out = "";
  let at = 0;
  for (const [s, e] of spans) {
    out += `${escapeHtml(text.slice(at, s))}<mark>${escapeHtml(text.slice(s, e))}</mark>`;
    at = e;
  }
  return out + escapeHtml(text.slice(at));
}
