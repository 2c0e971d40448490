// A clause resolved against the sharded index: one set of skills per ranked field, the skill's own
// name, description and content from the term shards, its collection's skills' names and descriptions
// from the nested shards (mapped from nested ids to skills). Phrases intersect their words and
// adjacent-pair keys, prefixes unite their expansions (or read a precomputed union), and a plain word
// of 5+ characters that nothing holds matches the words a typo away, within the query's typo budget.
import { fromLittleEndian } from "../contract/columns.js";
import { Bitset } from "../contract/postings.js";
import type { SearchManifest } from "../contract/search-manifest.js";
import { PHRASE_FIELDS, RANKED_COUNT } from "../schemas/fields.js";
import { type FamilyManifest, FamilyReader, type IndexFiles, type KeyRef, QueryBudget, TYPO_WORDS_PER_LOOKUP } from "./families.js";
import type { Clause, ParsedQuery } from "./query.js";
import { clauseFields, NESTED_FIELDS, OWN_FIELDS } from "./rank.js";
import { pairsOf } from "./text.js";
import { allowedTypos, findTypoMatches, type TypoMatch, typoMatchesPerWord } from "./typo.js";

/**
 * When a plain word joins its typo matches: "missing" only when no skill holds the word itself (the
 * measured choice, see docs/SEARCH.md), "always" at a lower score, or "off".
 */
export type TypoMode = "missing" | "always" | "off";
export const DEFAULT_TYPO_MODE: TypoMode = "missing";

export type Sets = (Bitset | undefined)[];

/** One clause resolved: where it matches and where exactly, per ranked field (skills) and per nested field (nested ids). */
export interface ClauseSets {
  match: Sets;
  exact: Sets;
  nestedMatch: Sets;
  nestedExact: Sets;
  /** The typo matches that joined, each with its skills per ranked field and its nested ids per nested field. */
  typos: { word: string; distance: number; match: Sets; nested: Sets }[];
  /** A plain word held by no skill at all (a candidate for didYouMean). */
  missing?: string;
}

/** What one request reads the index through: both families, the nested owners, the typo shards, one budget. */
export class SearchIndex {
  readonly main: FamilyReader;
  readonly nested: FamilyReader;
  readonly budget: QueryBudget;
  private ownersLoad?: Promise<Uint32Array>;

  constructor(
    readonly store: IndexFiles,
    readonly manifest: SearchManifest,
    budget = new QueryBudget(),
  ) {
    this.budget = budget;
    const main: FamilyManifest = { docCount: manifest.docCount, terms: manifest.terms, prefixes: manifest.prefixes };
    this.main = new FamilyReader(store, main, manifest.maxExpansions, budget);
    this.nested = new FamilyReader(store, manifest.nested, manifest.maxExpansions, budget);
  }

  get docCount(): number {
    return this.manifest.docCount;
  }

  /** Nested id -> the ordinal of its repository (ascending). */
  owners(): Promise<Uint32Array> {
    this.ownersLoad ??=
      this.manifest.nested.docCount === 0
        ? Promise.resolve(new Uint32Array(0))
        : this.store.bytes(this.manifest.nested.owners).then(fromLittleEndian);
    return this.ownersLoad;
  }
}

/** Per list of one family: the matching documents and the exactly matching ones. */
interface FamilySets {
  match: Sets;
  exact: Sets;
  /** Whether the clause's words are in this family at all (for a term: its key exists). */
  found: boolean;
}

async function resolveIn(reader: FamilyReader, c: Clause, lists: readonly number[], phraseLists: readonly boolean[]): Promise<FamilySets> {
  const size = reader.docCount;
  const match: Sets = [];
  const exact: Sets = [];
  if (lists.length === 0) return { match, exact, found: false };
  if (c.kind === "prefix") {
    const prefix = c.terms[0]!;
    const [hit, whole] = await Promise.all([reader.prefix(prefix), reader.find(prefix)]);
    for (const l of lists) {
      match[l] = FamilyReader.prefixPostings(hit, l, size);
      exact[l] = FamilyReader.postings(whole, l, new Bitset(size));
    }
    return { match, exact, found: "union" in hit || hit.refs.length > 0 };
  }
  const pairs = c.kind === "phrase" ? pairsOf(c.terms).filter((p) => !c.terms.includes(p)) : [];
  const [refs, pairRefs] = await Promise.all([
    Promise.all(c.terms.map((k) => reader.find(k))),
    Promise.all(lists.some((l) => phraseLists[l]) ? pairs.map((k) => reader.find(k)) : []),
  ]);
  for (const l of lists) {
    // In a list with pair keys, a phrase's pairs imply its words: the words' (longer) lists are skipped.
    const needed: (KeyRef | undefined)[] = phraseLists[l] && pairRefs.length > 0 ? pairRefs : refs;
    // A word no list holds leaves the list's set absent (read as empty): a query of many unknown
    // words allocates nothing for them.
    // So does a word with an empty list here (a word only in content has no name or description set).
    let set: Bitset | undefined;
    if (!needed.some((ref) => ref === undefined || ref.shard.count(ref.index, l) === 0)) {
      for (const ref of needed) {
        const one = FamilyReader.postings(ref, l, new Bitset(size));
        set = set ? set.and(one) : one;
      }
    }
    match[l] = set;
    exact[l] = set;
  }
  return { match, exact, found: refs.every((r) => r !== undefined) };
}

/** The skills (ordinals) whose collections hold the nested ids of `set`. */
function toOwners(set: Bitset | undefined, owners: Uint32Array, docCount: number): Bitset | undefined {
  if (!set) return undefined;
  const out = new Bitset(docCount);
  set.forEach((id) => out.add(owners[id]!));
  return out;
}

/** A typo word's exact matches: its skills per own ranked field, and its nested ids per nested field. */
async function wordSets(index: SearchIndex, word: string): Promise<{ match: Sets; nested: Sets }> {
  const c: Clause = { kind: "term", terms: [word], negate: false };
  const [own, nested] = await Promise.all([
    resolveIn(index.main, c, OWN_FIELDS, PHRASE_FIELDS),
    resolveIn(index.nested, c, [0, 1], PHRASE_FIELDS),
  ]);
  return { match: own.match, nested: nested.match };
}

/** `set` OR-ed into `target[k]`, which is this clause's own copy (`owned`), made on the first OR. */
const orInto = (target: Sets, owned: boolean[], k: number, set: Bitset | undefined, size: number) => {
  if (!set) return;
  if (!owned[k]) {
    target[k] = target[k] ? target[k]!.clone() : new Bitset(size);
    owned[k] = true;
  }
  target[k]!.or(set);
};

/**
 * The query's typo budget: at most this many words of one query get typo matches (the first ones, in
 * query order, that may), and they share MAX_TYPO_MATCHES typo matches (typoMatchesPerWord). Each
 * word costs a typo key lookup and its matches' posting lists: a query of 12 misspelled words reads
 * as many typo matches' lists as a query of one (docs/SEARCH.md, "Bounds on one query").
 */
export const MAX_TYPO_WORDS = 2;

/**
 * The required clauses that get typo matches, each with how many: the first MAX_TYPO_WORDS eligible
 * ones (with "missing", held by no skill); and the eligible words after them, which the budget left
 * without (meta.typoSkipped).
 */
export async function typoClauses(
  index: SearchIndex,
  query: ParsedQuery,
  mode: TypoMode,
): Promise<{ chosen: Map<Clause, number>; skipped: string[] }> {
  const chosen = new Map<Clause, number>();
  const skipped: string[] = [];
  if (mode === "off") return { chosen, skipped };
  for (const c of query.required) {
    if (!typoEligible(c)) continue;
    if (mode === "missing") {
      const [own, nested] = await Promise.all([index.main.find(c.terms[0]!), index.nested.find(c.terms[0]!)]);
      if (own || nested) continue;
    }
    if (chosen.size < MAX_TYPO_WORDS) chosen.set(c, 0);
    else if (!skipped.includes(c.terms[0]!)) skipped.push(c.terms[0]!);
  }
  const each = typoMatchesPerWord(chosen.size);
  for (const c of chosen.keys()) chosen.set(c, each);
  return { chosen, skipped };
}

/** Whether a clause may match words a typo away: a plain (unquoted), unrestricted, positive word long enough. */
export const typoEligible = (c: Clause): boolean =>
  c.kind === "term" && !c.quoted && !c.field && !c.negate && allowedTypos(c.terms[0]!) > 0;

/** A clause's sets, widened by up to `typos` typo matches of its word (0: none). */
export async function resolveClause(index: SearchIndex, c: Clause, typos: number): Promise<ClauseSets> {
  const fields = clauseFields(c);
  const ownLists = fields.filter((f) => f < OWN_FIELDS.length);
  const nestedLists = fields.filter((f) => f >= OWN_FIELDS.length).map((f) => f - OWN_FIELDS.length);
  const [own, nested] = await Promise.all([
    resolveIn(index.main, c, ownLists, PHRASE_FIELDS),
    resolveIn(index.nested, c, nestedLists, PHRASE_FIELDS),
  ]);
  // The owners table (4 bytes a nested skill) is read only when some nested list matched.
  const nestedHit = nestedLists.some((l) => nested.match[l] !== undefined || nested.exact[l] !== undefined);
  const owners = nestedHit ? await index.owners() : new Uint32Array(0);
  const match: Sets = new Array(RANKED_COUNT).fill(undefined);
  const exact: Sets = new Array(RANKED_COUNT).fill(undefined);
  for (const f of ownLists) {
    match[f] = own.match[f];
    exact[f] = own.exact[f];
  }
  for (const l of nestedLists) {
    match[NESTED_FIELDS[l]!] = toOwners(nested.match[l], owners, index.docCount);
    exact[NESTED_FIELDS[l]!] = toOwners(nested.exact[l], owners, index.docCount);
  }
  const sets: ClauseSets = { match, exact, nestedMatch: nested.match, nestedExact: nested.exact, typos: [] };
  const held = own.found || nested.found;
  if (c.kind === "term" && !held && !c.negate) sets.missing = c.terms[0]!;
  if (typos === 0) return sets;
  // Typo matches widen `match` (never `exact`), so they score as the field's weight without the exact bonus.
  const found: TypoMatch[] = await findTypoMatches(
    index.store,
    index.manifest.typo,
    c.terms[0]!,
    undefined,
    (n) => index.budget.spend(1 + Math.floor(n / TYPO_WORDS_PER_LOOKUP)),
    typos,
  );
  // Each typo word's lists are OR-ed straight into the clause's sets; its nested ids are mapped to
  // skills once for all of them. A typo word keeps its own sets (for `matches`), not mapped.
  const words = await Promise.all(found.map((t) => wordSets(index, t.word)));
  const owned: boolean[] = [];
  const nestedOwned: boolean[] = [];
  found.forEach((t, i) => {
    const word = words[i]!;
    sets.typos.push({ word: t.word, distance: t.distance, match: word.match, nested: word.nested });
    for (const f of OWN_FIELDS) orInto(match, owned, f, word.match[f], index.docCount);
    word.nested.forEach((s, l) => orInto(sets.nestedMatch, nestedOwned, l, s, index.manifest.nested.docCount));
  });
  if (nestedOwned.some(Boolean)) {
    const owners = await index.owners();
    NESTED_FIELDS.forEach((f, l) => {
      if (nestedOwned[l]) match[f] = toOwners(sets.nestedMatch[l], owners, index.docCount);
    });
  }
  return sets;
}

/** A related term that joined a clause: the skills whose names or descriptions hold it, per ranked field (no content). */
export interface RelatedTerm {
  term: string;
  /** The query word it came from. */
  from: string;
  /** The model's weight, in hundredths. */
  weight: number;
  /** Per ranked field: name and description (the skill's own); the other fields stay absent. */
  sets: Sets;
}

/**
 * A related term's skills: those whose own name or description holds it. A collection's other skills
 * are left out: a collection of hundreds of skills names nearly every related term somewhere, and
 * would outrank the skill the query means.
 */
export async function resolveRelated(index: SearchIndex, term: string, from: string, weight: number): Promise<RelatedTerm> {
  const own = await resolveIn(index.main, { kind: "term", terms: [term], negate: false }, [0, 1], PHRASE_FIELDS);
  const sets: Sets = new Array(RANKED_COUNT).fill(undefined);
  sets[0] = own.match[0];
  sets[1] = own.match[1];
  return { term, from, weight, sets };
}

export const anyField = (sets: ClauseSets, size: number): Bitset => {
  const out = new Bitset(size);
  for (const s of sets.match) if (s) out.or(s);
  return out;
};
