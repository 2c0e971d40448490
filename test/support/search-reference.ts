// The brute-force reference search: the same parser, analyser and ranking as the indexed search,
// but a linear scan over every skill's text. Tests compare the indexed search with it.
import { ApiError } from "../../src/contract/errors.js";
import { PHRASE_FIELDS } from "../../src/contract/fields.js";
import { searchDocument } from "../../src/render/search-document.js";
import { MAX_EXPANSIONS } from "../../src/render/search-index.js";
import type { SkillRecord } from "../../src/schemas/dataset.js";
import { fieldKeys } from "../../src/search/document-text.js";
import type { Clause, ParsedQuery } from "../../src/search/query.js";
import { clauseFields, clauseScore, compareRanked, type Ranked } from "../../src/search/rank.js";
import { pairsOf } from "../../src/search/text.js";

export interface ReferenceFilters {
  category?: string;
  platform?: string;
  minStars?: number;
  hasIndex?: boolean;
}

export interface ReferenceIndex {
  records: readonly SkillRecord[];
  keys: Set<string>[][];
  vocabulary: string[];
}

export function referenceIndex(records: readonly SkillRecord[]): ReferenceIndex {
  const keys = records.map((r) => {
    const d = searchDocument(r);
    return [d.name, d.description, d.content].map((segments, f) => new Set(fieldKeys(segments, PHRASE_FIELDS[f]!)));
  });
  const vocab = new Set<string>();
  for (const doc of keys) for (const field of doc) for (const k of field) if (!k.startsWith("\u0001")) vocab.add(k);
  return { records, keys, vocabulary: [...vocab].sort() };
}

function clauseMatch(doc: Set<string>[], c: Clause, expansions: Map<string, string[]>) {
  const match = [false, false, false];
  const exact = [false, false, false];
  for (const f of clauseFields(c)) {
    const keys = doc[f]!;
    if (c.kind === "prefix") {
      match[f] = expansions.get(c.terms[0]!)!.some((t) => keys.has(t));
      exact[f] = keys.has(c.terms[0]!);
    } else {
      const needed = PHRASE_FIELDS[f] && c.kind === "phrase" ? [...c.terms, ...pairsOf(c.terms)] : c.terms;
      match[f] = exact[f] = needed.every((k) => keys.has(k));
    }
  }
  return { match, exact };
}

/** Every matching skill in rank order (ordinals with their ranking figures). */
export function referenceSearch(index: ReferenceIndex, query: ParsedQuery, filters: ReferenceFilters = {}): Ranked[] {
  const expansions = new Map<string, string[]>();
  for (const c of query.clauses) {
    if (c.kind !== "prefix") continue;
    const p = c.terms[0]!;
    const found = index.vocabulary.filter((t) => t.startsWith(p));
    if (found.length > MAX_EXPANSIONS) throw new ApiError("INVALID_QUERY", `the prefix "${p}*" matches more than ${MAX_EXPANSIONS} words`);
    expansions.set(p, found);
  }
  const allowed: number[] = [];
  index.records.forEach((r, o) => {
    if (filters.category && !r.categories.includes(filters.category)) return;
    if (filters.platform && !r.platforms.includes(filters.platform)) return;
    if (r.stars < (filters.minStars ?? 0)) return;
    if (filters.hasIndex !== undefined && r.hasIndex !== filters.hasIndex) return;
    const doc = index.keys[o]!;
    if (query.excluded.some((c) => clauseMatch(doc, c, expansions).match.some(Boolean))) return;
    allowed.push(o);
  });
  const rank = (o: number): Ranked => {
    let score = 0;
    let matched = 0;
    for (const c of query.required) {
      const { match, exact } = clauseMatch(index.keys[o]!, c, expansions);
      const s = clauseScore(match, exact);
      if (s > 0) matched++;
      score += s;
    }
    const r = index.records[o]!;
    return { ordinal: o, matched, score, stars: r.stars, updated: Math.floor(Date.parse(r.updatedAt) / 1000) };
  };
  const ranked = allowed.map(rank);
  let hits = ranked.filter((x) => x.matched === query.required.length);
  if (hits.length === 0 && query.required.length > 1) hits = ranked.filter((x) => x.matched > 0);
  return hits.sort(compareRanked);
}
