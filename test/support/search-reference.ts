// The brute-force reference search: the same parser, analyser, typo rules and ranking as the indexed
// search, but a linear scan over every skill's keys and every nested skill's keys. Tests compare the
// indexed search with it: the same ids in the same order, the same matches and matched skills.

import { fieldKeys } from "../../src/build/search-index/document-text.js";
import { nestedSkills, searchDocument } from "../../src/build/search-index/search-document.js";
import type { TypoEntry } from "../../src/contract/typo-shard.js";
import type { SkillRecord } from "../../src/schemas/dataset.js";
import { PHRASE_FIELDS, RANKED_COUNT, RANKED_FIELDS } from "../../src/schemas/fields.js";
import type { TrustVerdict } from "../../src/schemas/trust.js";
import type { Match } from "../../src/search/explain.js";
import type { Clause, ParsedQuery } from "../../src/search/query.js";
import { clauseFields, clauseScore, compareRanked, FIELD_ORDER, NESTED_FIELDS, type Ranked } from "../../src/search/rank.js";
import { MAX_TYPO_WORDS, type TypoMode, typoEligible } from "../../src/search/resolve.js";
import { pairsOf } from "../../src/search/text.js";
import { typoKeys, typoMatches, typoMatchesPerWord } from "../../src/search/typo.js";
import { trustKeeps } from "./list-reference.js";

export interface ReferenceFilters {
  category?: string;
  platform?: string;
  minStars?: number;
  hasIndex?: boolean;
  trust?: "default" | "clean" | "any";
  /** Each record's trust verdict, by ordinal (all clean when absent). */
  verdicts?: readonly TrustVerdict[];
}

export interface ReferenceIndex {
  records: readonly SkillRecord[];
  /** Per skill: keys of name, description, content. */
  keys: Set<string>[][];
  /** Per nested skill: its repository's ordinal, name, path, and keys of its name and description. */
  nested: { owner: number; name: string; path: string; keys: Set<string>[] }[];
  nestedOf: number[][];
  vocabulary: Set<string>;
  sortedVocabulary: string[];
  words: TypoEntry[];
  /**
   * The entries of `words`, in its order, whose typo keys meet `term`'s (typoKeysMeet against each
   * word, answered from a table of every word's keys made on the first call rather than re-deriving
   * all the vocabulary's keys for every query).
   */
  wordsMeeting(term: string): TypoEntry[];
}

const isPair = (k: string) => k.startsWith("\u0001");

export function referenceIndex(records: readonly SkillRecord[]): ReferenceIndex {
  const keys = records.map((r) => {
    const d = searchDocument(r);
    return [d.name, d.description, d.content].map((segments, f) => new Set(fieldKeys(segments, PHRASE_FIELDS[f]!)));
  });
  const nested = nestedSkills(records).map((s) => ({
    owner: s.owner,
    name: s.name,
    path: s.path,
    keys: [s.name, s.description].map((t) => new Set(fieldKeys([t], true))),
  }));
  const nestedOf: number[][] = records.map(() => []);
  nested.forEach((s, id) => nestedOf[s.owner]!.push(id));
  // A word's weight: in how many (document, list) pairs it is indexed, over both families.
  const weights = new Map<string, number>();
  for (const doc of [...keys, ...nested.map((n) => n.keys)]) {
    for (const field of doc) for (const k of field) if (!isPair(k)) weights.set(k, (weights.get(k) ?? 0) + 1);
  }
  const words = [...weights];
  /** Typo key to the indices in `words` of the words that have it. */
  let byKey: Map<string, number[]> | undefined;
  return {
    records,
    keys,
    nested,
    nestedOf,
    vocabulary: new Set(weights.keys()),
    sortedVocabulary: [...weights.keys()].sort(),
    words,
    wordsMeeting(term) {
      if (!byKey) {
        byKey = new Map();
        words.forEach(([w], i) => {
          for (const k of typoKeys(w)) byKey!.get(k)?.push(i) ?? byKey!.set(k, [i]);
        });
      }
      const found = new Set<number>();
      for (const k of typoKeys(term)) for (const i of byKey.get(k) ?? []) found.add(i);
      return [...found].sort((a, b) => a - b).map((i) => words[i]!);
    },
  };
}

interface Context {
  expansions: Map<string, string[]>;
  typos: Map<Clause, string[]>;
}

function context(index: ReferenceIndex, query: ParsedQuery, mode: TypoMode): Context {
  const expansions = new Map<string, string[]>();
  for (const c of query.clauses)
    if (c.kind === "prefix")
      expansions.set(
        c.terms[0]!,
        index.sortedVocabulary.filter((t) => t.startsWith(c.terms[0]!)),
      );
  // A plain word joins its typo matches (default: only when no skill holds the word itself), for the
  // first MAX_TYPO_WORDS such words of the query, which share the query's typo matches.
  const chosen: Clause[] = [];
  for (const c of query.required) {
    if (chosen.length >= MAX_TYPO_WORDS) break;
    if (mode === "off" || !typoEligible(c) || (mode === "missing" && index.vocabulary.has(c.terms[0]!))) continue;
    chosen.push(c);
  }
  const typos = new Map<Clause, string[]>();
  for (const c of chosen)
    typos.set(
      c,
      // Two typos only where the words' typo keys meet (at most one of them in the first letters).
      typoMatches(c.terms[0]!, [index.wordsMeeting(c.terms[0]!)], undefined, typoMatchesPerWord(chosen.length)).map((m) => m.word),
    );
  return { expansions, typos };
}

/** Whether one list's keys match a clause, and exactly; and which typo words they hold. */
function keysMatch(keys: Set<string>, c: Clause, ctx: Context, phrase: boolean) {
  const typo = (ctx.typos.get(c) ?? []).filter((w) => keys.has(w));
  if (c.kind === "prefix") return { match: ctx.expansions.get(c.terms[0]!)!.some((t) => keys.has(t)), exact: keys.has(c.terms[0]!), typo };
  const needed = phrase && c.kind === "phrase" ? [...c.terms, ...pairsOf(c.terms)] : c.terms;
  const m = needed.every((k) => keys.has(k));
  return { match: m || typo.length > 0, exact: m, typo };
}

interface FieldMatch {
  match: boolean[];
  exact: boolean[];
  typo: string[][];
}

const empty = (): FieldMatch => ({
  match: new Array<boolean>(RANKED_COUNT).fill(false),
  exact: new Array<boolean>(RANKED_COUNT).fill(false),
  typo: Array.from({ length: RANKED_COUNT }, () => []),
});

/** A clause against skill `o`'s own fields (0-2). */
function ownMatch(index: ReferenceIndex, o: number, c: Clause, ctx: Context): FieldMatch {
  const out = empty();
  for (const f of clauseFields(c).filter((f) => f < 3)) {
    const m = keysMatch(index.keys[o]![f]!, c, ctx, PHRASE_FIELDS[f]!);
    out.match[f] = m.match;
    out.exact[f] = m.exact;
    out.typo[f] = m.typo;
  }
  return out;
}

/** A clause against nested skill `id` (fields 3-4). */
function nestedMatch(index: ReferenceIndex, id: number, c: Clause, ctx: Context): FieldMatch {
  const out = empty();
  NESTED_FIELDS.forEach((f, l) => {
    if (!clauseFields(c).includes(f)) return;
    const m = keysMatch(index.nested[id]!.keys[l]!, c, ctx, true);
    out.match[f] = m.match;
    out.exact[f] = m.exact;
    out.typo[f] = m.typo;
  });
  return out;
}

const scoreOf = (per: FieldMatch[]): [number, number] => {
  let matched = 0;
  let score = 0;
  for (const m of per) {
    const s = clauseScore(m.match, m.exact);
    if (s > 0) matched++;
    score += s;
  }
  return [matched, score];
};

export interface ReferenceHit extends Ranked {
  matches: Match[];
  matchedSkill?: { name: string; path: string };
}

/** Every matching skill in rank order, with its ranking figures, matches and matched skill. */
export function referenceSearch(
  index: ReferenceIndex,
  query: ParsedQuery,
  filters: ReferenceFilters = {},
  mode: TypoMode = "missing",
): ReferenceHit[] {
  const ctx = context(index, query, mode);
  const anyMatch = (o: number, c: Clause) =>
    ownMatch(index, o, c, ctx).match.some(Boolean) || index.nestedOf[o]!.some((id) => nestedMatch(index, id, c, ctx).match.some(Boolean));
  const allowed: number[] = [];
  index.records.forEach((r, o) => {
    if (filters.category && !r.categories.includes(filters.category)) return;
    if (filters.platform && !r.platforms.includes(filters.platform)) return;
    if (r.stars < (filters.minStars ?? 0)) return;
    if (filters.hasIndex !== undefined && r.hasIndex !== filters.hasIndex) return;
    if (!trustKeeps(filters.trust, filters.verdicts?.[o] ?? "clean")) return;
    if (query.excluded.some((c) => anyMatch(o, c))) return;
    allowed.push(o);
  });
  let selected = allowed.filter((o) => query.required.every((c) => anyMatch(o, c)));
  if (selected.length === 0 && query.required.length > 1) selected = allowed.filter((o) => query.required.some((c) => anyMatch(o, c)));
  const hits = selected.map((o) => {
    // The collection's best nested skill: most clauses, then the highest score, then the first.
    let best: { id: number; per: FieldMatch[]; matched: number; score: number } | undefined;
    for (const id of index.nestedOf[o]!) {
      const per = query.required.map((c) => nestedMatch(index, id, c, ctx));
      const [matched, score] = scoreOf(per);
      if (matched > 0 && (!best || matched > best.matched || (matched === best.matched && score > best.score)))
        best = { id, per, matched, score };
    }
    const own = query.required.map((c) => ownMatch(index, o, c, ctx));
    const ranked = own.map((m, k) => {
      const out = empty();
      for (let f = 0; f < RANKED_COUNT; f++) {
        const from = f < 3 ? m : best?.per[k];
        if (!from) continue;
        out.match[f] = from.match[f]!;
        out.exact[f] = from.exact[f]!;
        out.typo[f] = from.typo[f]!;
      }
      return out;
    });
    const [matched, score] = scoreOf(ranked);
    const [ownMatched, ownScore] = scoreOf(
      own.map((m) => ({ ...m, match: m.match.map((x, f) => x && f < 2), exact: m.exact.map((x, f) => x && f < 2) })),
    );
    const skill =
      best && (best.matched > ownMatched || (best.matched === ownMatched && best.score > ownScore)) ? index.nested[best.id]! : undefined;
    const matches: Match[] = [];
    for (const f of FIELD_ORDER) {
      const exact = [
        ...new Set(
          query.required.flatMap((c, k) =>
            ranked[k]!.match[f] && (ranked[k]!.exact[f] || c.kind === "prefix")
              ? [c.kind === "prefix" ? `${c.terms[0]}*` : c.terms.join(" ")]
              : [],
          ),
        ),
      ];
      // Typo words in their rank order, as the index lists them.
      const typo = [...new Set(query.required.flatMap((c, k) => (ctx.typos.get(c) ?? []).filter((w) => ranked[k]!.typo[f]!.includes(w))))];
      if (exact.length > 0) matches.push({ field: RANKED_FIELDS[f]!, terms: exact });
      if (typo.length > 0) matches.push({ field: RANKED_FIELDS[f]!, terms: typo, typo: true });
    }
    const r = index.records[o]!;
    return {
      ordinal: o,
      matched,
      score,
      stars: r.stars,
      updated: Math.floor(Date.parse(r.updatedAt) / 1000),
      matches,
      matchedSkill: skill ? { name: skill.name, path: skill.path } : undefined,
    };
  });
  return hits.sort(compareRanked);
}
