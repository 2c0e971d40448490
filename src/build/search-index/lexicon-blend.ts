// Blending the two sources of related terms into the one list per word that the shards hold: the
// directory model's (meaning-model.ts: what a word goes with in this directory) and the lexicon's
// (lexicon-model.ts: what the word means in English, bridged into directory terms). A word known to
// only one source keeps that source's list. A word known to both keeps the strongest terms of the
// two lists by weight, a term in both at the larger of its weights, at most RELATED_PER_WORD: the
// directory's strong pairs (a tool and its job) stay ahead of the lexicon's guesses, and the
// lexicon's terms fill in where the directory's pairs are weak or few.
import type { RelatedEntry, RelatedList } from "../../contract/related-shard.js";
import { RELATED_PER_WORD } from "./meaning-model.js";

const byTerm = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The blend of two related-term lists (each strongest first), strongest first then term A to Z. */
export function blendLists(directory: RelatedList, lexicon: RelatedList): RelatedList {
  const best = new Map<string, number>();
  for (const [t, w] of [...directory, ...lexicon]) best.set(t, Math.max(w, best.get(t) ?? 0));
  return [...best].sort((p, q) => q[1] - p[1] || byTerm(p[0], q[0])).slice(0, RELATED_PER_WORD);
}

/** Two entry lists sorted by word, blended word by word, sorted by word. */
export function blendRelated(directory: readonly RelatedEntry[], lexicon: readonly RelatedEntry[]): RelatedEntry[] {
  const out: RelatedEntry[] = [];
  let a = 0;
  let b = 0;
  while (a < directory.length || b < lexicon.length) {
    const x = directory[a];
    const y = lexicon[b];
    if (x && (!y || x[0] < y[0])) {
      out.push(x);
      a++;
    } else if (y && (!x || y[0] < x[0])) {
      out.push(y);
      b++;
    } else {
      out.push([x![0], blendLists(x![1], y![1])]);
      a++;
      b++;
    }
  }
  return out;
}
