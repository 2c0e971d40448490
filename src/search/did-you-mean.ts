// "Did you mean": when a search finds nothing at all, each plain word that no skill holds is replaced
// by its closest, most indexed neighbour (the typo rules, plus one edit for words of 3 or 4
// characters), and the corrected query is offered only if it finds something with the same filters.
import { executeQuery } from "./engine.js";
import { TYPO_WORDS_PER_LOOKUP } from "./families.js";
import type { Filters, SearchColumns } from "./filter.js";
import { parseQuery } from "./query.js";
import { anyField, type ClauseSets, resolveClause, type SearchIndex, type TypoMode } from "./resolve.js";
import { tokenize } from "./text.js";
import { correctionTypos, findTypoMatches, type TypoMatch } from "./typo.js";

/** `q` with every token whose term is a key of `fixes` replaced by its correction. */
export function rewrite(q: string, fixes: ReadonlyMap<string, string>): string {
  let out = "";
  let at = 0;
  for (const t of tokenize(q, { keepStopWords: true })) {
    const fix = fixes.get(t.term);
    if (fix === undefined) continue;
    out += q.slice(at, t.start) + fix;
    at = t.end;
  }
  return out + q.slice(at);
}

/**
 * The first typo match some skill the trust filter keeps holds: a word only left-out (malicious)
 * skills hold is never offered, though it may be the closest and most indexed.
 */
async function firstKept(
  index: SearchIndex,
  found: readonly TypoMatch[],
  excluded: readonly Uint32Array[],
): Promise<TypoMatch | undefined> {
  for (const m of found) {
    const held = anyField(await resolveClause(index, { kind: "term", terms: [m.word], negate: false }, 0), index.docCount);
    for (const ordinals of excluded) for (const o of ordinals) if (o >>> 5 < held.words.length) held.words[o >>> 5]! &= ~(1 << (o & 31));
    if (!held.isEmpty()) return m;
  }
  return undefined;
}

export async function didYouMean(
  index: SearchIndex,
  columns: SearchColumns,
  q: string,
  required: readonly ClauseSets[],
  filters: Filters,
  typos: TypoMode,
): Promise<string | undefined> {
  const fixes = new Map<string, string>();
  for (const sets of required) {
    const word = sets.missing;
    if (word === undefined || fixes.has(word)) continue;
    const charge = (n: number) => index.budget.spend(1 + Math.floor(n / TYPO_WORDS_PER_LOOKUP));
    const found = await findTypoMatches(index.store, index.manifest.typo, word, correctionTypos(word), charge);
    const best = filters.excluded?.length ? await firstKept(index, found, filters.excluded) : found[0];
    if (best) fixes.set(word, best.word);
  }
  if (fixes.size === 0) return undefined;
  const corrected = rewrite(q, fixes);
  const outcome = await executeQuery(index, columns, parseQuery(corrected), filters, 1, 1, { typos });
  return outcome.total > 0 ? corrected : undefined;
}
