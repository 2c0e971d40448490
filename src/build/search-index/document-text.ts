// A skill as the search sees it (three fields of text segments, built by src/build/search-index/search-document.ts)
// and the one function that turns a field's text into index keys, used by the index build and by the
// brute-force reference of the tests alike.

import { pairsOf } from "../../search/text.js";
import { scanTerms } from "./term-scan.js";

/** Each field is a list of segments; phrases never span two segments (two nested skills, say). */
export interface SearchDocument {
  name: readonly string[];
  description: readonly string[];
  content: readonly string[];
}

/** The distinct index keys of one field: its terms, then (in phrase fields) its adjacent-term pair keys. */
export function fieldKeys(segments: readonly string[], withPairs: boolean): string[] {
  const keys = new Set<string>();
  for (const segment of segments) {
    const seq = scanTerms(segment);
    for (const t of seq) keys.add(t);
    if (withPairs) for (const p of pairsOf(seq)) keys.add(p);
  }
  return [...keys];
}
