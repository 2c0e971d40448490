// Query execution against the sharded index. Each clause becomes one set of skills per ranked field:
// the skill's own name, description and content from the term shards, its collection's skills' names
// and descriptions from the nested shards (mapped from nested ids to skills). Phrases intersect their
// words and adjacent-pair keys, prefixes unite their expansions (or read a precomputed union), and a
// plain word of 5+ characters that nothing holds matches the words a typo away. Then AND of the
// required clauses (or, when nothing has them all, any of them), minus exclusions, filters, ranking,
// and the requested page.
import { type ColumnName, type ColumnSet, FLAG_HAS_INDEX, fromLittleEndian } from "../contract/columns.js";
import { Bitset, popcount } from "../contract/postings.js";
import type { SearchManifest } from "../contract/search-manifest.js";
import { PHRASE_FIELDS, RANKED_COUNT } from "../schemas/fields.js";
import { type FamilyManifest, FamilyReader, type IndexFiles, type KeyRef, QueryBudget, TYPO_WORDS_PER_LOOKUP } from "./families.js";
import { type Clause, clauseKey, type ParsedQuery } from "./query.js";
import { clauseFields, clauseScore, NESTED_FIELDS, OWN_FIELDS, pageOf, type Ranked } from "./rank.js";
import { pairsOf } from "./text.js";
import { allowedTypos, findTypoMatches, type TypoMatch, typoMatchesPerWord } from "./typo.js";

/**
 * When a plain word joins its typo matches: "missing" only when no skill holds the word itself (the
 * measured choice, see docs/SEARCH.md), "always" at a lower score, or "off".
 */
export type TypoMode = "missing" | "always" | "off";
export const DEFAULT_TYPO_MODE: TypoMode = "missing";

export interface Filters {
  /** Bit masks over the manifest vocabularies; 0 means no filter. */
  categoryMask: number;
  platformMask: number;
  minStars: number;
  hasIndex?: boolean;
  /** Ordinals left out whatever matched (the `trust` filter: malicious, and for `clean` suspicious, skills). */
  excluded?: readonly Uint32Array[];
}

export const NO_FILTERS: Filters = { categoryMask: 0, platformMask: 0, minStars: 0 };

/** The list columns a search reads: stars and updated rank it (the key, then its ties); a filter adds its own. */
export type SearchColumns = ColumnSet<"stars" | "updated"> & Partial<ColumnSet<ColumnName>>;
export const searchColumns = (filters: Filters): ColumnName[] => [
  "stars",
  "updated",
  ...(filters.categoryMask ? (["categories"] as const) : []),
  ...(filters.platformMask ? (["platforms"] as const) : []),
  ...(filters.hasIndex !== undefined ? (["flags"] as const) : []),
];

/** A filter's column, which the caller loaded by searchColumns. */
function column(columns: Partial<ColumnSet<ColumnName>>, name: ColumnName): Uint32Array {
  const c = columns[name];
  if (!c) throw new Error(`column ${name} was not loaded for this search's filters`);
  return c;
}

type Sets = (Bitset | undefined)[];

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
async function typoClauses(
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

const anyField = (sets: ClauseSets, size: number): Bitset => {
  const out = new Bitset(size);
  for (const s of sets.match) if (s) out.or(s);
  return out;
};

/** A collection's best-matching nested skill: [clauses matched, score] over its name and description. */
export interface NestedBest {
  id: number;
  matched: number;
  score: number;
}

/**
 * The nested skill of each collection that matches the required clauses best (more clauses, then a
 * higher score over its own name and description, then the first by path): a collection ranks as its
 * best skill, whose name and description count as skillName and skillDescription. Its other skills'
 * names and descriptions count as content (they are part of the content field), as they did before.
 */
export function bestNested(required: readonly ClauseSets[], owners: Uint32Array, candidates?: Bitset): Map<number, NestedBest> {
  // The union of the clauses' nested ids, walked in ascending order; only the collections that are
  // candidates are ranked, so a query of many common words does not score every nested skill.
  const ids = new Bitset(owners.length);
  for (const c of required) for (const s of c.nestedMatch) if (s) ids.or(s);
  const best = new Map<number, NestedBest>();
  ids.forEach((id) => {
    if (candidates && !candidates.has(owners[id]!)) return;
    let matched = 0;
    let score = 0;
    for (const c of required) {
      const one = NESTED_SCORE[nestedBits(c, id)]! / 4;
      if (one > 0) matched++;
      score += one;
    }
    const o = owners[id]!;
    const held = best.get(o);
    if (!held || matched > held.matched || (matched === held.matched && score > held.score)) best.set(o, { id, matched, score });
  });
  return best;
}

/** (match, exact) bits of a nested id for a clause: bit 0 name match, 1 description match, 2 name exact, 3 description exact. */
const nestedBits = (c: ClauseSets, id: number): number =>
  (c.nestedMatch[0]?.has(id) ? 1 : 0) |
  (c.nestedMatch[1]?.has(id) ? 2 : 0) |
  (c.nestedExact[0]?.has(id) ? 4 : 0) |
  (c.nestedExact[1]?.has(id) ? 8 : 0);

/** clauseScore of the 16 nested bit combinations, in quarter points. */
const NESTED_SCORE = Uint16Array.from({ length: 16 }, (_, bits) => {
  const match = new Array<boolean>(RANKED_COUNT).fill(false);
  const exact = new Array<boolean>(RANKED_COUNT).fill(false);
  NESTED_FIELDS.forEach((f, l) => {
    match[f] = (bits & (1 << l)) !== 0;
    exact[f] = (bits & (4 << l)) !== 0 && match[f];
  });
  return Math.round(clauseScore(match, exact) * 4);
});

/** A required clause as ranked: its own fields as resolved, its nested fields from each collection's best skill. */
export interface RankedClause extends ClauseSets {
  ranked: { match: Sets; exact: Sets };
}

function rankNested(required: readonly ClauseSets[], best: ReadonlyMap<number, NestedBest>, docCount: number): RankedClause[] {
  return required.map((c) => {
    const match = c.match.slice();
    const exact = c.exact.slice();
    NESTED_FIELDS.forEach((f, l) => {
      if (!c.nestedMatch[l]) return;
      // A set stays absent (read as empty) until a collection's best nested skill matches.
      let m: Bitset | undefined;
      let e: Bitset | undefined;
      for (const [o, b] of best) {
        if (c.nestedMatch[l]!.has(b.id)) (m ??= new Bitset(docCount)).add(o);
        if (c.nestedExact[l]?.has(b.id)) (e ??= new Bitset(docCount)).add(o);
      }
      match[f] = m;
      exact[f] = e;
    });
    return { ...c, ranked: { match, exact } };
  });
}

export interface SearchOutcome {
  total: number;
  items: Ranked[];
  /** The required clauses' sets as ranked, in query order (for explaining the page). */
  required: RankedClause[];
  /** Each collection's best-matching nested skill. */
  best: Map<number, NestedBest>;
  /** Words that could have had typo matches but did not: the query's typo budget was spent. */
  typoSkipped: string[];
}

/** Clears, in `set`, every skill the filters reject (a column check per member). */
function applyFilters(set: Bitset, columns: ColumnSet & Partial<ColumnSet<ColumnName>>, filters: Filters): Bitset {
  for (const ordinals of filters.excluded ?? [])
    for (const o of ordinals) if (o >>> 5 < set.words.length) set.words[o >>> 5]! &= ~(1 << (o & 31));
  if (!filters.categoryMask && !filters.platformMask && !filters.minStars && filters.hasIndex === undefined) return set;
  const categories = filters.categoryMask ? column(columns, "categories") : undefined;
  const platforms = filters.platformMask ? column(columns, "platforms") : undefined;
  const stars = filters.minStars ? column(columns, "stars") : undefined;
  const flags = filters.hasIndex !== undefined ? column(columns, "flags") : undefined;
  set.forEach((o) => {
    const ok =
      (!categories || (categories[o]! & filters.categoryMask) !== 0) &&
      (!platforms || (platforms[o]! & filters.platformMask) !== 0) &&
      (!stars || stars[o]! >= filters.minStars) &&
      (!flags || ((flags[o]! & FLAG_HAS_INDEX) !== 0) === filters.hasIndex);
    if (!ok) set.words[o >>> 5]! &= ~(1 << (o & 31));
  });
  return set;
}

/**
 * clauseScore for each combination of (match, exact) bits over the ranked fields, in quarter points:
 * scoring a skill is then a few bit tests and a table lookup per clause.
 */
const SCORE_TABLE = Uint16Array.from({ length: 1 << (2 * RANKED_COUNT) }, (_, bits) => {
  const match = Array.from({ length: RANKED_COUNT }, (_, f) => (bits & (1 << f)) !== 0);
  const exact = Array.from({ length: RANKED_COUNT }, (_, f) => (bits & (1 << (RANKED_COUNT + f))) !== 0 && match[f]!);
  return Math.round(clauseScore(match, exact) * 4);
});

export interface RunOptions {
  /**
   * When no skill has every required clause, take the skills with any of them, ranked by how many
   * they have (search does this; counting does not). Default true.
   */
  fallback?: boolean;
  typos?: TypoMode;
  /** Clause sets already resolved in this request, by clauseKey: a clause shared by several queries is read once. */
  resolved?: Map<string, Promise<ClauseSets>>;
}

function resolveOnce(index: SearchIndex, c: Clause, typos: number, options: RunOptions): Promise<ClauseSets> {
  if (!options.resolved) return resolveClause(index, c, typos);
  const key = `${clauseKey(c)}${typos > 0 ? `~${typos}` : ""}`;
  let hit = options.resolved.get(key);
  if (!hit) options.resolved.set(key, (hit = resolveClause(index, c, typos)));
  return hit;
}

/** The required clauses' sets and the skills that qualify: AND of the clauses (or the fallback), minus exclusions, filtered. */
async function select(
  index: SearchIndex,
  columns: ColumnSet & Partial<ColumnSet<ColumnName>>,
  query: ParsedQuery,
  filters: Filters,
  options: RunOptions,
) {
  const size = index.docCount;
  if (columns.count !== size) throw new RangeError(`index has ${size} skills, columns ${columns.count}`);
  // Every prefix is expanded (and charged) before any list is decoded, so a query over its work
  // budget is refused at the cost of reading keys only.
  await Promise.all(
    query.clauses.filter((c) => c.kind === "prefix").flatMap((c) => [index.main.prefix(c.terms[0]!), index.nested.prefix(c.terms[0]!)]),
  );
  const typos = await typoClauses(index, query, options.typos ?? DEFAULT_TYPO_MODE);
  const [required, excluded] = await Promise.all([
    Promise.all(query.required.map((c) => resolveOnce(index, c, typos.chosen.get(c) ?? 0, options))),
    Promise.all(query.excluded.map((c) => resolveOnce(index, c, 0, options))),
  ]);
  const any = required.map((sets) => anyField(sets, size));
  const excludedAny = new Bitset(size);
  for (const sets of excluded) excludedAny.or(anyField(sets, size));
  let candidates = any[0]!.clone();
  // Once the intersection is empty no further clause can refill it.
  for (let i = 1; i < any.length && !candidates.isEmpty(); i++) candidates.and(any[i]!);
  applyFilters(candidates.andNot(excludedAny), columns, filters);
  if ((options.fallback ?? true) && candidates.count() === 0 && required.length > 1) {
    // Nothing has every term: fall back to skills with any of them, ranked by how many they have.
    candidates = new Bitset(size);
    for (const a of any) candidates.or(a);
    applyFilters(candidates.andNot(excludedAny), columns, filters);
  }
  return { required, candidates, typoSkipped: typos.skipped };
}

/**
 * Ranking sorts by clauses matched first, so a page is decided among the candidates matching the
 * most clauses: with several scoring clauses, count per candidate (bit-sliced, 32 at a time) how
 * many each matches in any ranked field, find the highest count t such that at least `needed`
 * candidates match t or more, and score only those (a query of 12 common words then scores the few
 * that match most of them, not their whole union). Undefined when every candidate is to be scored.
 */
function matchedTier(scoring: readonly RankedClause[], candidates: Bitset, needed: number): { mask(w: number): number } | undefined {
  if (scoring.length < 2) return undefined;
  const words = candidates.words.length;
  const planeCount = 32 - Math.clz32(scoring.length);
  const planes = Array.from({ length: planeCount }, () => new Uint32Array(words));
  const anyOf = scoring.map((c) => c.ranked.match.filter((b): b is Bitset => b !== undefined).map((b) => b.words));
  for (let w = 0; w < words; w++) {
    if (candidates.words[w] === 0) continue;
    for (const sets of anyOf) {
      let carry = 0;
      for (const set of sets) carry |= set[w]!;
      carry &= candidates.words[w]!;
      for (let p = 0; p < planeCount && carry !== 0; p++) {
        const next = planes[p]![w]! & carry;
        planes[p]![w]! ^= carry;
        carry = next;
      }
    }
  }
  // Bits of word w whose count is t or more: a comparison of the bit planes from the highest down.
  const atLeast = (w: number, t: number) => {
    let greater = 0;
    let same = candidates.words[w]!;
    for (let p = planeCount - 1; p >= 0 && same !== 0; p--) {
      if ((t >>> p) & 1) same &= planes[p]![w]!;
      else {
        greater |= same & planes[p]![w]!;
        same &= ~planes[p]![w]!;
      }
    }
    return greater | same;
  };
  // The highest t with at least `needed` candidates matching t or more, tried from the top down: a
  // page that the best-matching few fill stops after a pass or two.
  for (let t = scoring.length; t > 1; t--) {
    let count = 0;
    for (let w = 0; w < words && count < needed; w++) if (candidates.words[w] !== 0) count += popcount(atLeast(w, t));
    if (count >= needed) return { mask: (w: number) => atLeast(w, t) };
  }
  return undefined;
}

/** How many skills match every required clause of `query` and no exclusion (never the any-term fallback). */
export async function countAllTerms(
  index: SearchIndex,
  columns: ColumnSet,
  query: ParsedQuery,
  options: Pick<RunOptions, "resolved" | "typos"> = {},
): Promise<number> {
  return (await select(index, columns, query, NO_FILTERS, { ...options, fallback: false })).candidates.count();
}

/** Runs a parsed query; `page` is 1-based. */
export async function executeQuery(
  index: SearchIndex,
  columns: SearchColumns,
  query: ParsedQuery,
  filters: Filters,
  page: number,
  limit: number,
  options: RunOptions = {},
): Promise<SearchOutcome> {
  const selected = await select(index, columns, query, filters, options);
  const { candidates } = selected;
  // The owners table is read only when a nested list matched.
  const nested = selected.required.some((c) => c.nestedMatch.some((s) => s !== undefined));
  const best = nested ? bestNested(selected.required, await index.owners(), candidates) : new Map<number, NestedBest>();
  const required = rankNested(selected.required, best, index.docCount);
  const total = candidates.count();
  // One exact float64 key per candidate: clauses matched (7 bits), score in quarter points (13 bits),
  // stars (32 bits); ties on it fall to updatedAt, then ordinal.
  const ordinals = new Uint32Array(total);
  const keys = new Float64Array(total);
  // A clause that matches no skill anywhere (a missing word without typo matches) scores 0 for every
  // candidate: it is left out of the loop, so a query of many unknown words costs what its known ones do.
  const scoring = required.filter((c) => c.ranked.match.some((b) => b !== undefined && !b.isEmpty()));
  // Each scoring clause's present sets, flat: the word array and its bit in the score table's index
  // (match bits 0.., exact bits RANKED_COUNT..); an absent set is left out, as it would read as empty.
  const arrays: Uint32Array[] = [];
  const bitOf: number[] = [];
  const ends: number[] = [];
  /** Where each clause's match sets end in `arrays` (its exact sets follow them). */
  const matchEnds: number[] = [];
  for (const c of scoring) {
    for (const [base, list] of [
      [0, c.ranked.match],
      [RANKED_COUNT, c.ranked.exact],
    ] as const) {
      list.forEach((b, f) => {
        if (!b) return;
        arrays.push(b.words);
        bitOf.push(base + f);
      });
      if (base === 0) matchEnds.push(arrays.length);
    }
    ends.push(arrays.length);
  }
  /** Per clause, the candidates of the current word it matches in any field (an exact set is within its match set). */
  const inWord = new Int32Array(scoring.length);
  let n = 0;
  const cw = candidates.words;
  const tier = matchedTier(scoring, candidates, page * limit);
  for (let w = 0; w < cw.length; w++) {
    // Members of each 32-bit word, walked directly: this loop runs once per candidate, up to every
    // skill for a common word. Only candidates in the tier that holds the page are scored, and per
    // candidate only the clauses it matches.
    let rest = (tier ? cw[w]! & tier.mask(w) : cw[w]!) | 0;
    if (rest === 0) continue;
    for (let c = 0, start = 0; c < scoring.length; start = ends[c++]!) {
      let any = 0;
      for (let a = start; a < matchEnds[c]!; a++) any |= arrays[a]![w]!;
      inWord[c] = any & rest;
    }
    while (rest !== 0) {
      const low = 31 - Math.clz32(rest);
      rest ^= 1 << low;
      const o = (w << 5) + low;
      let units = 0;
      let matched = 0;
      for (let c = 0, start = 0; c < scoring.length; start = ends[c++]!) {
        if (((inWord[c]! >>> low) & 1) === 0) continue;
        let bits = 0;
        for (let a = start; a < ends[c]!; a++) bits |= ((arrays[a]![w]! >>> low) & 1) << bitOf[a]!;
        const s = SCORE_TABLE[bits]!;
        matched += (s + 32767) >>> 15; // 1 when s > 0
        units += s;
      }
      ordinals[n] = o;
      // A query has at most MAX_CLAUSES clauses and a clause scores under 64 quarter points: units < 8192.
      keys[n++] = (matched * 8192 + units) * 4294967296 + columns.stars[o]!;
    }
  }
  const page0 = pageOf(keys.subarray(0, n), ordinals.subarray(0, n), columns.updated, page, limit);
  return {
    total,
    required,
    best,
    typoSkipped: selected.typoSkipped,
    items: page0.map((i) => ({
      ordinal: ordinals[i]!,
      matched: Math.floor(keys[i]! / 2 ** 45),
      score: (Math.floor(keys[i]! / 2 ** 32) % 8192) / 4,
      stars: columns.stars[ordinals[i]!]!,
      updated: columns.updated[ordinals[i]!]!,
    })),
  };
}
