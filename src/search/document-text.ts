// What the search sees of a skill: its name, its description, and its content, which is the body of
// the primary SKILL.md plus the names and descriptions of the repository's other SKILL.md files.
// Also the one function that turns a field's text into index keys, used by the build and by the
// brute-force reference alike.
import type { SkillRecord } from "../schemas/dataset.js";
import { bodyStart, primaryFile } from "../render/skill-views.js";
import { pairsOf, terms } from "./text.js";

/** Each field is a list of segments; phrases never span two segments (two nested skills, say). */
export interface SearchDocument {
  name: readonly string[];
  description: readonly string[];
  content: readonly string[];
}

export function searchDocument(r: SkillRecord): SearchDocument {
  const primary = primaryFile(r);
  const nested = r.files
    .filter((f) => f.path !== r.primary)
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .flatMap((f) => [f.name, f.description]);
  return {
    name: [r.name],
    description: [r.description],
    content: [primary.content.slice(bodyStart(primary.content)), ...nested],
  };
}

/**
 * Fields whose adjacent-term pairs are indexed, so phrases there are checked for adjacency. Content is
 * not among them: its pairs are nearly all unique and would multiply the index (measured: 730k pair
 * keys and 29 MB for 2,000 synthetic skills), so in content a phrase needs its words, not their order.
 */
export const PHRASE_FIELDS: readonly boolean[] = [true, true, false];

/** The distinct index keys of one field: its terms, then (in phrase fields) its adjacent-term pair keys. */
export function fieldKeys(segments: readonly string[], withPairs: boolean): string[] {
  const keys = new Set<string>();
  for (const segment of segments) {
    const seq = terms(segment);
    for (const t of seq) keys.add(t);
    if (withPairs) for (const p of pairsOf(seq)) keys.add(p);
  }
  return [...keys];
}
