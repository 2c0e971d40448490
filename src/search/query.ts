// The search query language (docs/SEARCH.md): plain terms, "exact phrases", name:/description:/content:
// restrictions, -exclusions, and prefix*. Pure: a string in, a parsed query or an ApiError out.
import { ApiError } from "../contract/errors.js";
import { type Field, isField } from "../schemas/fields.js";
import { LIMITS } from "../schemas/params.js";
import { fold, MAX_TERM_LENGTH, tokenize } from "./text.js";

/** Shortest prefix (after folding) that `word*` accepts: shorter ones match most of the vocabulary. */
export const MIN_PREFIX = 2;

/**
 * One condition on a skill. `terms` are folded index terms; a phrase needs them adjacent and in
 * order; a prefix clause has one term that matches every indexed term starting with it.
 */
export interface Clause {
  kind: "term" | "phrase" | "prefix";
  terms: string[];
  /** Undefined: any of name, description, content. */
  field?: Field;
  negate: boolean;
  /** Written in quotes: the words themselves only, never their typo matches (a one-word phrase is a term). */
  quoted?: true;
}

export interface ParsedQuery {
  clauses: Clause[];
  /** The positive clauses (what must match and what gets highlighted). */
  required: Clause[];
  excluded: Clause[];
}

const syntax = (message: string) => new ApiError("INVALID_SYNTAX", message);
const invalid = (message: string) => new ApiError("INVALID_QUERY", message);

/** The raw pieces of a query before text analysis: one per whitespace-separated item. */
interface Item {
  negate: boolean;
  field?: Field;
  phrase: boolean;
  prefix: boolean;
  text: string;
}

const isSpace = (ch: string) => /\s/u.test(ch);

function readItems(q: string): Item[] {
  const items: Item[] = [];
  let i = 0;
  while (i < q.length) {
    if (isSpace(q[i]!)) {
      i++;
      continue;
    }
    const start = i;
    let negate = false;
    if (q[i] === "-") {
      negate = true;
      i++;
      if (i >= q.length || isSpace(q[i]!))
        throw syntax(`empty exclusion at position ${start + 1}: put the excluded word right after "-", as in -class`);
      if (q[i] === "-") throw syntax(`"--" at position ${start + 1}: an exclusion takes a single "-"`);
    }
    let field: Field | undefined;
    const fieldMatch = /^([A-Za-z]+):/.exec(q.slice(i));
    if (fieldMatch) {
      const name = fieldMatch[1]!.toLowerCase();
      if (!isField(name)) throw syntax(`unknown field "${fieldMatch[1]}:"; the fields are name:, description: and content:`);
      field = name;
      i += fieldMatch[0].length;
      if (i >= q.length || isSpace(q[i]!)) throw syntax(`empty field "${name}:": write a term or a "phrase" right after the colon`);
      if (q[i] === "-") throw syntax(`"${name}:-": to exclude, put the minus before the field, as in -${name}:term`);
    }
    if (q[i] === '"') {
      const close = q.indexOf('"', i + 1);
      if (close < 0) throw syntax(`unbalanced quote at position ${i + 1}: close the phrase with a second "`);
      const text = q.slice(i + 1, close);
      i = close + 1;
      if (text.trim() === "") throw syntax(`empty phrase at position ${start + 1}: write words between the quotes`);
      if (text.includes("*")) throw syntax(`"*" inside a phrase: prefix search works on single words only, as in react*`);
      if (i < q.length && !isSpace(q[i]!)) {
        throw syntax(
          q[i] === "*"
            ? `"*" after a phrase: prefix search works on single words only, as in react*`
            : `a phrase must be followed by a space (position ${i + 1})`,
        );
      }
      items.push({ negate, field, phrase: true, prefix: false, text });
      continue;
    }
    let end = i;
    while (end < q.length && !isSpace(q[end]!)) {
      if (q[end] === '"') throw syntax(`unbalanced quote at position ${end + 1}: a quote may only open a phrase at the start of a word`);
      end++;
    }
    let text = q.slice(i, end);
    i = end;
    let prefix = false;
    if (text.endsWith("*")) {
      prefix = true;
      text = text.slice(0, -1);
    }
    if (text.includes("*")) throw syntax(`misplaced "*" in "${q.slice(start, end)}": "*" may only end a word, as in react*`);
    if (prefix && text === "") {
      if (negate || field) throw syntax(`a lone "*" in "${q.slice(start, end)}": write at least ${MIN_PREFIX} characters before "*"`);
      items.push({ negate, field, phrase: false, prefix: true, text: "" });
      continue;
    }
    items.push({ negate, field, phrase: false, prefix, text });
  }
  return items;
}

function toClauses(item: Item): Clause[] {
  const base = { field: item.field, negate: item.negate };
  if (item.prefix) {
    // The stem of a partial word is not its prefix ("class*" must not become "clas*"), so the last
    // word is only folded; words before it in the same item ("pdf-to*") are ordinary terms.
    const all = tokenize(item.text, { keepStopWords: true });
    const last = all[all.length - 1];
    if (!last) return [];
    const lastRaw = item.text.slice(last.start, last.end);
    const prefix = fold(lastRaw).slice(0, MAX_TERM_LENGTH);
    if ([...prefix].length < MIN_PREFIX) {
      throw invalid(`prefix "${lastRaw}*" is too short: write at least ${MIN_PREFIX} characters before "*"`);
    }
    const before = tokenize(item.text.slice(0, last.start)).map((t): Clause => ({ kind: "term", terms: [t.term], ...base }));
    return [...before, { kind: "prefix", terms: [prefix], ...base }];
  }
  const terms = tokenize(item.text).map((t) => t.term);
  if (terms.length === 0) return [];
  return [{ kind: terms.length === 1 ? "term" : "phrase", terms, ...base, ...(item.phrase ? { quoted: true as const } : {}) }];
}

/** At most this many clauses (words, phrases, prefixes, exclusions, duplicates removed) in one query. */
export const MAX_CLAUSES = 12;

/**
 * The rules every `q` follows, for search and autocomplete alike: present, at most 200 characters,
 * and at least `minLength` characters once trimmed (search 2; autocomplete 1, the first keystroke).
 * Returns the trimmed text.
 */
export function checkQueryText(q: string | undefined, minLength = 2): string {
  const least = minLength === 1 ? "one character" : `${minLength} characters`;
  if (q === undefined) throw invalid('the query parameter "q" is required, e.g. q=react');
  const n = [...q].length;
  if (n > LIMITS.queryMaxLength)
    throw new ApiError("QUERY_TOO_LONG", `the query has ${n} characters; at most ${LIMITS.queryMaxLength} are allowed`);
  const trimmed = q.trim();
  if (trimmed === "") throw invalid(`the query "q" is empty; write at least ${least}`);
  if ([...trimmed].length < minLength) throw invalid(`the query "${trimmed}" is too short; write at least ${least}`);
  return trimmed;
}

export const clauseKey = (c: Clause) => `${c.negate ? "-" : ""}${c.field ?? ""}:${c.kind}${c.quoted ? '"' : ""}:${c.terms.join(" ")}`;

/**
 * Parses a search query. Throws ApiError INVALID_QUERY (missing, empty, too short, a lone "*", nothing
 * searchable left), QUERY_TOO_LONG, or INVALID_SYNTAX, each with a message saying what to change.
 */
export function parseQuery(q: string | undefined): ParsedQuery {
  const trimmed = checkQueryText(q);
  const items = readItems(trimmed);
  if (items.length > 0 && items.every((it) => it.prefix && it.text === ""))
    throw invalid('a lone "*" matches nothing; write a word, or a prefix such as react*');
  if (items.some((it) => it.prefix && it.text === "")) throw syntax('a lone "*" between words: "*" may only end a word, as in react*');
  const seen = new Set<string>();
  const clauses: Clause[] = [];
  for (const item of items) {
    for (const clause of toClauses(item)) {
      const key = clauseKey(clause);
      if (!seen.has(key)) {
        seen.add(key);
        clauses.push(clause);
      }
    }
  }
  if (clauses.length > MAX_CLAUSES) {
    throw invalid(`the query has ${clauses.length} words, phrases and prefixes; at most ${MAX_CLAUSES} are allowed`);
  }
  const required = clauses.filter((c) => !c.negate);
  const excluded = clauses.filter((c) => c.negate);
  if (required.length === 0) {
    throw invalid(
      clauses.length > 0
        ? "the query only excludes; add at least one term to search for, as in react -class"
        : "the query has only stop words or punctuation; add a distinctive word",
    );
  }
  return { clauses, required, excluded };
}
