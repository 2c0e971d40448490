// Autocomplete at runtime: completes the last word (or the last word of an open "phrase") of a partial
// query. A lone word is answered from the precomputed prefix tables with exact counts; after other
// words, the best completions are counted by running the whole suggested query.
import { ApiError } from "../api/errors.js";
import type { AssetStore } from "../api/store.js";
import type { Columns } from "../render/columns.js";
import { LIMITS } from "../schemas/params.js";
import { executeQuery, NO_FILTERS } from "./execute.js";
import { IndexReader } from "./index-reader.js";
import { EntriesShard, shardFor, TopShard, type SearchManifest } from "./manifest.js";
import { parseQuery } from "./query.js";
import { bySuggestionRank, type Suggestion } from "./suggest-build.js";
import { fold, terms } from "./text.js";

/** How many completions of the last word are counted in context when earlier words narrow them. */
const CONTEXT_CANDIDATES = 3;

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

/** Applies the search rules for a missing, empty, too long or too short `q`. */
function checkLength(q: string | undefined): string {
  if (q === undefined) throw new ApiError("INVALID_QUERY", 'the query parameter "q" is required, e.g. q=rea');
  const n = [...q].length;
  if (n > LIMITS.queryMaxLength) throw new ApiError("QUERY_TOO_LONG", `the query has ${n} characters; at most ${LIMITS.queryMaxLength} are allowed`);
  const t = q.trim();
  if (t === "") throw new ApiError("INVALID_QUERY", 'the query "q" is empty; write at least two characters');
  if ([...t].length < 2) throw new ApiError("INVALID_QUERY", `the query "${t}" is too short; write at least two characters`);
  if (/^\*+$/.test(t)) throw new ApiError("INVALID_QUERY", 'a lone "*" matches nothing; write the start of a word');
  return t;
}

function splitPartial(q: string): PartialQuery {
  const inPhrase = (q.match(/"/g)?.length ?? 0) % 2 === 1;
  const lastSpace = Math.max(q.lastIndexOf(" "), q.lastIndexOf("\t"), q.lastIndexOf("\n"));
  let start = lastSpace + 1;
  if (inPhrase) start = Math.max(start, q.lastIndexOf('"') + 1);
  let raw = q.slice(start);
  const head = q.slice(0, start);
  let field = "";
  let negate = false;
  if (!inPhrase) {
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
  }
  return { head: negate ? `${head}-` : head, field, inPhrase, negate, word: fold(raw.replace(/\*+$/, "")) };
}

/** Completions of `word` (folded), best first, with their stand-alone counts. */
async function completions(store: Pick<AssetStore, "json">, manifest: SearchManifest, word: string, want: number): Promise<Suggestion[]> {
  const s = manifest.suggest;
  if (word === "") return [];
  if ([...word].length <= s.topPrefixLength) {
    const n = shardFor(s.top, word);
    if (n < 0) return [];
    const shard = await store.json(s.top[n]!.file, TopShard);
    return shard.find(([p]) => p === word)?.[1].slice(0, want) ?? [];
  }
  const found: Suggestion[] = [];
  for (let n = Math.max(0, shardFor(s.entries, word)); n < s.entries.length; n++) {
    if (n > 0 && s.entries[n]!.first > word && !s.entries[n]!.first.startsWith(word)) break;
    const shard = await store.json(s.entries[n]!.file, EntriesShard);
    for (const e of shard) if (e[0].startsWith(word)) found.push(e);
  }
  return found.sort(bySuggestionRank).slice(0, want);
}

export async function suggest(
  store: Pick<AssetStore, "json" | "bytes">,
  manifest: SearchManifest,
  /** Loaded only when earlier words need a search run (a lone word needs no columns). */
  columns: () => Promise<Columns>,
  q: string | undefined,
  limit: number,
): Promise<Suggestion[]> {
  const text = checkLength(q);
  const partial = splitPartial(text);
  // Whatever comes before the last word must be a valid query (syntax errors are 400s); a partial last
  // word that is only a stop word or too short a prefix is fine here.
  try {
    parseQuery(partial.inPhrase ? `${text}"` : text);
  } catch (e) {
    if (!(e instanceof ApiError) || e.code !== "INVALID_QUERY") throw e;
  }
  if (partial.negate || partial.word === "") return [];
  const head = partial.head.trim();
  if (head === "" && !partial.field && !partial.inPhrase) return completions(store, manifest, partial.word, limit);
  const reader = new IndexReader(store, manifest);
  const candidates = await completions(store, manifest, partial.word, limit * CONTEXT_CANDIDATES);
  const out: Suggestion[] = [];
  for (const [completion] of candidates) {
    if (completion.includes(" ")) continue;
    const suggestion = `${partial.head}${partial.field}${completion}${partial.inPhrase ? '"' : ""}`.trim();
    let count = 0;
    try {
      count = (await executeQuery(reader, await columns(), parseQuery(suggestion), NO_FILTERS, 1, 1)).total;
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
    if (count > 0) out.push([suggestion, count]);
  }
  if (!partial.field && !partial.inPhrase) {
    // Whole skill names that the words typed so far begin ("writing hoo" -> "writing hookify rule").
    const typed = [...terms(head), partial.word].join(" ");
    for (const entry of await completions(store, manifest, typed, limit)) {
      if (entry[0].includes(" ") && !out.some(([t]) => t === entry[0])) out.push(entry);
    }
  }
  return out.sort(bySuggestionRank).slice(0, limit);
}
