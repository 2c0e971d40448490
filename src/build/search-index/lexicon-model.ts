// The lexicon's related terms: a bridge from everyday English into the directory's own words. The
// directory cannot teach what "laptop", "trojan" or "huddle" mean when its skills never use them
// (docs/SEARCH.md, "Measured and not kept: a general-English lexicon"); WordNet knows that a laptop is a portable computer and a trojan a
// harmful program. For each single-word WordNet lemma, the words of its senses (synonyms, the
// synsets one step up or down, derived and similar words, the definition's content words) are
// analysed as the index analyses text and kept only where they are terms of skills' names and
// descriptions: the lexicon never adds a word to the directory, it only says which directory words a
// query word means. A term's weight sums its routes, each
//
//   relation weight (synonym > derived, similar, hypernym > hyponym > definition word)
//     x sense weight 1 / (1 + sense rank)      (WordNet lists the most frequent sense first)
//     x idf of the term in names and descriptions,
//
// so a term reached by the first sense's synonyms and definition outranks one that a rare sense's
// definition mentions once, and a specific term outranks a common one. The output depends on the
// WordNet release and the directory's vocabulary only: the same vocabulary gives the same bytes.
import type { RelatedEntry, RelatedList } from "../../contract/related-shard.js";
import { tokenize } from "../../search/text.js";
import type { Synset, WordNet } from "./lexicon-wordnet.js";

/** Terms kept per lemma, as the directory model keeps (a query reads fewer). */
export const LEXICON_PER_WORD = 8;
/**
 * The strongest term's weight, in hundredths. Below the directory model's strong pairs: a word the
 * lexicon relates is still only a guess at what the searcher means in this domain.
 */
export const LEXICON_TOP = 60;
/** Weakest weight kept, in hundredths. */
export const LEXICON_MIN = 10;
/** Senses read per lemma: the rare senses of a common word ("sight" as a gun's sight) say little. */
export const SENSES_READ = 4;
/** Hyponym synsets read per sense: "computer" has dozens, whose words would crowd out its own. */
export const HYPONYMS_READ = 6;

/**
 * The lexicon relates only words in at most this share of the directory's SKILL.md files: the words
 * the directory lacks or rarely uses, where it has nothing of its own to teach.
 */
export const LEXICON_SOURCE_SHARE = 0.02;

/** Relation weights by WordNet pointer symbol; pointers not listed are not followed. */
const POINTER_WEIGHT: Record<string, number> = {
  "@": 0.6, // hypernym
  "@i": 0.6, // instance hypernym
  "~": 0.5, // hyponym
  "~i": 0.4, // instance hyponym
  "+": 0.7, // derivationally related form
  "&": 0.7, // similar to (adjectives)
  "^": 0.5, // also see
  "=": 0.5, // attribute
};
const SYNONYM_WEIGHT = 1;
const DEFINITION_WEIGHT = 0.4;
/** A word of a collocation ("laptop_computer" -> "computer") counts this much of the whole. */
const COLLOCATION_PART = 0.7;

/** The directory's vocabulary as the lexicon sees it: a term's inverse document frequency in names and descriptions, or undefined. */
export type TermIdf = (term: string) => number | undefined;

export interface LexiconStats {
  lemmas: number;
  words: number;
  related: number;
}

/** The index terms of a WordNet word or phrase ("laptop_computer" -> ["laptop", "computer"]). */
const termsOf = (text: string): string[] => tokenize(text.replace(/_/g, " ")).map((t) => t.term);

/**
 * The lexicon's related terms of every single-word lemma with any, sorted by word; `skip` leaves
 * out words that already have related terms of their own (the directory model's).
 */
export function lexiconTerms(
  wordnet: WordNet,
  idf: TermIdf,
  skip: (word: string) => boolean = () => false,
): { entries: RelatedEntry[]; stats: LexiconStats } {
  const byWord = new Map<string, Map<string, number>>();
  let lemmas = 0;
  for (const [lemma, senses] of wordnet.lemmas) {
    const own = termsOf(lemma);
    if (own.length !== 1 || lemma.includes("_") || own[0]!.length < 3) continue;
    const word = own[0]!;
    if (skip(word)) continue;
    lemmas++;
    let scores = byWord.get(word);
    if (!scores) byWord.set(word, (scores = new Map()));
    const addTerms = (terms: readonly string[], weight: number) => {
      for (const t of terms) {
        if (t === word) continue;
        const w = idf(t);
        if (w !== undefined) scores.set(t, (scores.get(t) ?? 0) + weight * w);
      }
    };
    const addSynset = (s: Synset, weight: number, parts: boolean) => {
      for (const w of s.words) {
        const terms = termsOf(w);
        // A collocation's words count for a synonym or a broader term ("laptop_computer" -> computer);
        // elsewhere they drift ("white-hot", similar to "hot", is not about white).
        if (terms.length > 1 && !parts) continue;
        addTerms(terms, terms.length > 1 ? weight * COLLOCATION_PART : weight);
      }
    };
    senses.slice(0, SENSES_READ).forEach((key, rank) => {
      const synset = wordnet.synsets.get(key);
      if (!synset) return;
      const sense = 1 / (1 + rank);
      addSynset(synset, SYNONYM_WEIGHT * sense, true);
      addTerms(termsOf(synset.definition), DEFINITION_WEIGHT * sense);
      let hyponyms = 0;
      for (const [symbol, target] of synset.pointers) {
        const weight = POINTER_WEIGHT[symbol];
        if (weight === undefined) continue;
        if (symbol.startsWith("~") && hyponyms++ >= HYPONYMS_READ) continue;
        const other = wordnet.synsets.get(target);
        if (other) addSynset(other, weight * sense, symbol.startsWith("@"));
      }
    });
  }
  const entries: RelatedEntry[] = [];
  let related = 0;
  for (const [word, scores] of byWord) {
    const ranked = [...scores].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    if (ranked.length === 0) continue;
    const top = ranked[0]![1];
    const list: RelatedList = [];
    for (const [t, s] of ranked.slice(0, LEXICON_PER_WORD)) {
      const w = Math.round((LEXICON_TOP * s) / top);
      if (w >= LEXICON_MIN) list.push([t, w]);
    }
    if (list.length === 0) continue;
    // Equal hundredths after rounding: the term A to Z, as the directory model orders them.
    list.sort((p, q) => q[1] - p[1] || (p[0] < q[0] ? -1 : p[0] > q[0] ? 1 : 0));
    entries.push([word, list]);
    related += list.length;
  }
  entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return { entries, stats: { lemmas, words: entries.length, related } };
}
