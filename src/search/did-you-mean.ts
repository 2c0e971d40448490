// "Did you mean": when a search finds nothing at all, each plain word that no skill holds is replaced
// by its closest, most indexed neighbour (the typo rules, plus one edit for words of 3 or 4
// characters), and the corrected query is offered only if it finds something with the same filters.
import { executeQuery } from "./engine.js";
import { TYPO_WORDS_PER_LOOKUP } from "./families.js";
import type { Filters, SearchColumns } from "./filter.js";
import { parseQuery } from "./query.js";
import type { ClauseSets, SearchIndex, TypoMode } from "./resolve.js";
import { tokenize } from "./text.js";
import { correctionTypos, findTypoMatches } from "./typo.js";

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
    const best = (await findTypoMatches(index.store, index.manifest.typo, word, correctionTypos(word), charge))[0];
    if (best) fixes.set(word, best.word);
  }
  if (fixes.size === 0) return undefined;
  const corrected = rewrite(q, fixes);
  const outcome = await executeQuery(index, columns, parseQuery(corrected), filters, 1, 1, { typos });
  return outcome.total > 0 ? corrected : undefined;
}
