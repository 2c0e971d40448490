// Autocomplete at runtime: completes the last word (or the last word of an open "phrase") of a partial
// query. A lone word is answered from the precomputed prefix tables with exact counts; after other
// words, a bounded number of completions are counted as whole queries, every word required. A typed
// word of 5+ characters that no suggestion starts with is completed by its typo matches instead.

import type { ColumnSet } from "../contract/columns.js";
import { ApiError } from "../contract/errors.js";
import {
  bySuggestionRank,
  EntriesShard,
  type SearchManifest,
  type SuggestionPair,
  shardFor,
  shardsForPrefix,
  TopShard,
} from "../contract/search-manifest.js";
import { isField } from "../schemas/fields.js";
import { countAllTerms } from "./engine.js";
import type { IndexFiles } from "./families.js";
import { checkQueryText, parseQuery } from "./query.js";
import { type ClauseSets, SearchIndex } from "./resolve.js";
import { fold, stem, terms } from "./text.js";
import { allowedTypos, findTypoMatches } from "./typo.js";

/**
 * How many completions of the last word are counted when earlier words narrow them, whatever the
 * limit: each is one more clause resolved and one intersection, so a keystroke's cost stays bounded.
 */
export const COUNTED_CANDIDATES = 24;

interface PartialQuery {
  /** Everything before the word being completed, as typed. */
  head: string;
  /** `name:` etc. and whether an open phrase needs its closing quote. */
  field: string;
  inPhrase: boolean;
  negate: boolean;
  /** The folded partial word. */
  word: string;
}

const quotesIn = (text: string) => text.match(/"/g)?.length ?? 0;

/** A last item that says nothing yet: "-", "name:", an opening quote, or several of them ('-name:"'). */
const DANGLING = /(?:^|\s)(-?(?:([A-Za-z]+):)?"?)$/;

/**
 * `q` without a dangling last item, which the user is still typing and which no query can end with;
 * `q` itself when there is none. An unknown field or a quote that closes a phrase is not dangling.
 */
export function withoutDanglingItem(q: string): string {
  const m = DANGLING.exec(q);
  if (!m || m[1] === "") return q;
  const field = m[2]?.toLowerCase();
  if (field !== undefined && !isField(field)) return q;
  const before = q.slice(0, m.index);
  // Inside an open phrase, "-" or "name:" or a quote is part of (or closes) the phrase.
  if (quotesIn(before) % 2 === 1) return q;
  return before.trimEnd();
}

function splitPartial(q: string): PartialQuery {
  const inPhrase = quotesIn(q) % 2 === 1;
  const lastItem = q.length - /\S*$/u.exec(q)![0].length;
  if (inPhrase) {
    const start = Math.max(lastItem, q.lastIndexOf('"') + 1);
    // An open phrase is negated when its item begins with "-" (-"pdf fo, -name:"pdf fo).
    const negate = /(?:^|\s)-[^\s"]*"[^"]*$/u.test(q);
    return { head: q.slice(0, start), field: "", inPhrase, negate, word: fold(q.slice(start)) };
  }
  let raw = q.slice(lastItem);
  let field = "";
  let negate = false;
  if (raw.startsWith("-")) {
    negate = true;
    raw = raw.slice(1);
  }
  const m = /^([A-Za-z]+:)(.*)$/s.exec(raw);
  if (m) {
    field = m[1]!.toLowerCase();
    raw = m[2]!;
  }
  if (raw.startsWith('"')) raw = raw.slice(1);
  const head = q.slice(0, lastItem);
  return { head: negate ? `${head}-` : head, field, inPhrase, negate, word: fold(raw.replace(/\*+$/, "")) };
}

/** The completions worth counting after earlier words: the best COUNTED_CANDIDATES single words, whatever the limit. */
export function countedCandidates(completions: readonly SuggestionPair[]): SuggestionPair[] {
  return completions.filter(([text]) => !text.includes(" ")).slice(0, COUNTED_CANDIDATES);
}

/** Syntax errors are 400s; a query that is only too short, only stop words or only exclusions so far is fine. */
function checkSyntax(q: string): void {
  try {
    parseQuery(q);
  } catch (e) {
    if (!(e instanceof ApiError) || e.code !== "INVALID_QUERY") throw e;
  }
}

/** Completions of `word` (folded), best first, with their stand-alone counts. */
async function completions(
  store: Pick<IndexFiles, "json">,
  manifest: SearchManifest,
  word: string,
  want: number,
): Promise<SuggestionPair[]> {
  const s = manifest.suggest;
  if (word === "") return [];
  if ([...word].length <= s.topPrefixLength) {
    const n = shardFor(s.top, word);
    if (n < 0) return [];
    const shard = await store.json(s.top[n]!.file, TopShard);
    return shard.find(([p]) => p === word)?.[1].slice(0, want) ?? [];
  }
  const found: SuggestionPair[] = [];
  for (const n of shardsForPrefix(s.entries, word)) {
    const shard = await store.json(s.entries[n]!.file, EntriesShard);
    for (const e of shard) if (e[0].startsWith(word)) found.push(e);
  }
  return found.sort(bySuggestionRank).slice(0, want);
}

/**
 * The typo matches of a typed word that no suggestion starts with, as suggestions with their own
 * counts (a typo match that is not itself a suggestion is not offered), best first.
 */
async function typoCompletions(
  store: Pick<IndexFiles, "json" | "decoded">,
  manifest: SearchManifest,
  word: string,
  want: number,
): Promise<SuggestionPair[]> {
  if (allowedTypos(word) === 0) return [];
  const out: SuggestionPair[] = [];
  for (const m of await findTypoMatches(store, manifest.typo, word)) {
    const entry = await suggestionOf(store, manifest, m.word);
    if (entry) out.push(entry);
  }
  return out.sort(bySuggestionRank).slice(0, want);
}

/**
 * The suggestion of an indexed term: offered in its surface form (`kubernetes` for the term
 * `kubernete`), which starts with the term or, for `-ies` plurals, with all of it but its last letter.
 */
async function suggestionOf(store: Pick<IndexFiles, "json">, manifest: SearchManifest, term: string): Promise<SuggestionPair | undefined> {
  const prefix = term.endsWith("y") ? term.slice(0, -1) : term;
  return (await completions(store, manifest, prefix, Number.POSITIVE_INFINITY)).find(
    ([text]) => !text.includes(" ") && stem(text) === term,
  );
}

/** Completions of the typed word, or, when none starts with it, its typo matches. */
async function completeWord(
  store: Pick<IndexFiles, "json" | "decoded">,
  manifest: SearchManifest,
  word: string,
  want: number,
): Promise<SuggestionPair[]> {
  const found = await completions(store, manifest, word, want);
  if (found.length > 0) return found;
  // A word typed in another form than the one offered ("skills" where skills mostly write "skill").
  const same = stem(word) === word ? undefined : await suggestionOf(store, manifest, stem(word));
  return same ? [same] : typoCompletions(store, manifest, word, want);
}

export async function suggest(
  store: IndexFiles,
  manifest: SearchManifest,
  /** Loaded only when earlier words need a search run (a lone word needs no columns). */
  columns: () => Promise<ColumnSet>,
  q: string | undefined,
  limit: number,
  /** Skills no count includes (the trust filter's default: malicious ones), as search's `excluded` filter. */
  excluded: readonly Uint32Array[] = [],
): Promise<SuggestionPair[]> {
  const typed = checkQueryText(q, 1);
  const text = withoutDanglingItem(typed);
  if (text !== typed) {
    // "pdf -", "pdf name:", 'pdf "': what comes before must be valid; there is no word to complete yet.
    if (text !== "") checkSyntax(text);
    return [];
  }
  const partial = splitPartial(text);
  // Whatever comes before the last word must be a valid query; a partial last word that is only a
  // stop word or too short a prefix is fine here.
  checkSyntax(partial.inPhrase ? `${text}"` : text);
  if (partial.negate || partial.word === "") return [];
  const head = partial.head.trim();
  if (head === "" && !partial.field && !partial.inPhrase) return completeWord(store, manifest, partial.word, limit);
  const index = new SearchIndex(store, manifest);
  const cols = await columns();
  // The earlier words' clauses are resolved once and shared by every candidate's count.
  const resolved = new Map<string, Promise<ClauseSets>>();
  const candidates = countedCandidates(await completeWord(store, manifest, partial.word, Number.POSITIVE_INFINITY));
  const counted = await Promise.all(
    candidates.map(async ([completion]): Promise<SuggestionPair> => {
      const suggestion = `${partial.head}${partial.field}${completion}${partial.inPhrase ? '"' : ""}`.trim();
      try {
        // Every word required: the count is what a search for the suggestion finds, never the any-word fallback.
        return [suggestion, await countAllTerms(index, cols, parseQuery(suggestion), { resolved, excluded })];
      } catch (e) {
        // A suggestion that is no valid query counts 0; a request over its work budget is a 400.
        if (!(e instanceof ApiError) || index.budget.exceeded) throw e;
        return [suggestion, 0];
      }
    }),
  );
  const out = counted.filter(([, count]) => count > 0);
  if (!partial.field && /^[^"*:]*$/.test(head) && !/(?:^|\s)-/.test(head)) {
    // Whole skill names that the plain words typed so far begin ("writing hoo" -> "writing hookify rule");
    // their counts (every word of the name required) are precomputed.
    const typedWords = [...terms(head), partial.word].join(" ");
    for (const entry of await completions(store, manifest, typedWords, limit)) {
      if (entry[0].includes(" ") && entry[1] > 0 && !out.some(([t]) => t === entry[0])) out.push(entry);
    }
  }
  return out.sort(bySuggestionRank).slice(0, limit);
}
