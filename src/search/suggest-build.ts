// Build step 3: the autocomplete index. Suggestions are index terms (found in at least two skills,
// or in a skill's name) and whole multi-word skill names, each with the number of skills the
// suggestion finds as a query. For short prefixes the best suggestions are precomputed, so a
// keystroke reads one small file whatever the size of the directory.
import type { SuggestionPair } from "../contract/search-manifest.js";
import type { Postings } from "./collect-postings.js";
import { terms as analyse } from "./text.js";

export const TOP_PREFIX_LENGTH = 3;
export const TOP_PER_PREFIX = 20;
/** Names of more words than this are not offered whole. */
const MAX_NAME_WORDS = 6;

/** SuggestionPair order: more skills first, then text A to Z. */
export const bySuggestionRank = (a: SuggestionPair, b: SuggestionPair): number => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

function union(lists: readonly (Uint32Array | undefined)[]): Uint32Array {
  const present = lists.filter((l): l is Uint32Array => l !== undefined);
  if (present.length === 1) return present[0]!;
  const all = new Set<number>();
  for (const l of present) for (const v of l) all.add(v);
  return Uint32Array.from([...all].sort((a, b) => a - b));
}

function intersectCount(lists: Uint32Array[]): number {
  const sorted = [...lists].sort((a, b) => a.length - b.length);
  const [first, ...rest] = sorted;
  if (!first) return 0;
  let n = 0;
  const cursors = rest.map(() => 0);
  outer: for (const v of first) {
    for (let k = 0; k < rest.length; k++) {
      const list = rest[k]!;
      let c = cursors[k]!;
      while (c < list.length && list[c]! < v) c++;
      cursors[k] = c;
      if (c >= list.length) break outer;
      if (list[c] !== v) continue outer;
    }
    n++;
  }
  return n;
}

/** Every suggestion with its count, sorted by text. */
export function suggestionEntries(postings: Postings, names: readonly string[]): SuggestionPair[] {
  const nameTerms = new Set(names.flatMap((n) => analyse(n)));
  const unionCache = new Map<string, Uint32Array>();
  const docsOf = (term: string): Uint32Array => {
    let hit = unionCache.get(term);
    if (!hit) {
      const lists = postings.get(term);
      hit = lists ? union(lists.map((l) => l?.toArray())) : new Uint32Array(0);
      unionCache.set(term, hit);
    }
    return hit;
  };
  const out = new Map<string, number>();
  for (const [key, lists] of postings) {
    if (key.startsWith("\u0001") || [...key].length < 2) continue;
    const inName = nameTerms.has(key);
    const upper = lists.reduce((s, l) => s + (l?.count ?? 0), 0);
    if (upper < 2 && !inName) continue;
    out.set(key, inName ? docsOf(key).length : union(lists.map((l) => l?.toArray())).length);
  }
  for (const name of names) {
    const words = [...new Set(analyse(name))];
    if (words.length < 2 || words.length > MAX_NAME_WORDS) continue;
    const text = words.join(" ");
    if (!out.has(text)) out.set(text, intersectCount(words.map(docsOf)));
  }
  return [...out].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** The best TOP_PER_PREFIX suggestions for every prefix of 1..TOP_PREFIX_LENGTH characters. */
export function topByPrefix(entries: readonly SuggestionPair[]): [string, SuggestionPair[]][] {
  const buckets = new Map<string, SuggestionPair[]>();
  for (const entry of entries) {
    const chars = [...entry[0]];
    for (let len = 1; len <= Math.min(TOP_PREFIX_LENGTH, chars.length); len++) {
      const prefix = chars.slice(0, len).join("");
      let bucket = buckets.get(prefix);
      if (!bucket) buckets.set(prefix, (bucket = []));
      bucket.push(entry);
      // Keep buckets small while building: trim to the best once they double.
      if (bucket.length >= TOP_PER_PREFIX * 4) bucket.splice(0, bucket.length, ...bucket.sort(bySuggestionRank).slice(0, TOP_PER_PREFIX));
    }
  }
  return [...buckets]
    .map(([p, list]): [string, SuggestionPair[]] => [p, list.sort(bySuggestionRank).slice(0, TOP_PER_PREFIX)])
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}
