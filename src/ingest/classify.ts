// The categories classifier (docs/CRAWLER.md): keyword evidence from data/categories.json, counted
// per field with weights, gives each category a score; a skill gets the best one to three.
// Deterministic: same inputs, same slugs, ties broken by the order of categories.json.
import type { CategoriesFile } from "../schemas/dataset.js";

export interface ClassifyInput {
  name: string;
  description: string;
  topics: readonly string[];
  /** Frontmatter words that label the skill: tags, category, keywords. */
  tags: readonly string[];
  /** Markdown body of the primary SKILL.md plus names and descriptions of the others. */
  content: string;
}

export interface Classification {
  categories: string[];
  subcategories: string[];
}

/** Field weights: what a skill says about itself counts more than what its body mentions. */
export const WEIGHTS = { name: 3, description: 2, tags: 2, topics: 1 } as const;
/** Words that name the packaging (agents, tools) rather than the subject; they never count alone. */
export const PACKAGING_WORDS = new Set([
  "claude",
  "anthropic",
  "agent",
  "agents",
  "skill",
  "skills",
  "codex",
  "cursor",
  "copilot",
  "gemini",
  "openclaw",
]);
export const FALLBACK_CATEGORY = "productivity";
/** Share of the best score a further category needs. */
export const SECONDARY_SHARE = 0.6;
/** How much of the content is read, and how many distinct keyword hits a category needs there. */
export const CONTENT_CHARS = 8_000;
const CONTENT_MIN_HITS = 2;

const ASCII = /^[\x00-\x7f]*$/;

export function tokenize(text: string): string[] {
  const lower = text.toLowerCase();
  // Most text is ASCII, and an ASCII class is several times faster than Unicode properties.
  const words = ASCII.test(lower) ? lower.match(/[a-z0-9.+#]+/g) : lower.match(/[\p{L}\p{N}.+#]+/gu);
  const out: string[] = [];
  for (const w of words ?? []) {
    const t = w.startsWith(".") || w.endsWith(".") ? w.replace(/^\.+|\.+$/g, "") : w;
    if (t !== "") out.push(t);
  }
  return out;
}

interface Keyword {
  tokens: string[];
}

/** A keyword index: first token -> keywords (as token lists) starting with it. */
class KeywordIndex {
  private readonly byFirst = new Map<string, { key: number; tokens: string[] }[]>();
  constructor(keywords: readonly Keyword[][]) {
    keywords.forEach((list, key) => {
      for (const k of list) {
        const [first] = k.tokens;
        if (first === undefined) continue;
        if (k.tokens.length === 1 && PACKAGING_WORDS.has(first)) continue;
        const l = this.byFirst.get(first) ?? [];
        l.push({ key, tokens: k.tokens });
        this.byFirst.set(first, l);
      }
    });
  }
  /** Distinct keywords found per group key, as `key -> Set(keyword text)`. */
  hits(tokens: readonly string[]): Map<number, Set<string>> {
    const out = new Map<number, Set<string>>();
    const at = (i: number) => tokens[i]!;
    for (let i = 0; i < tokens.length; i++) {
      // Exact tokens only: stripping plurals turns verbs into subjects ("supports" -> support).
      for (const k of this.byFirst.get(at(i)) ?? []) {
        let ok = true;
        for (let j = 1; j < k.tokens.length && ok; j++) ok = tokens[i + j] === k.tokens[j];
        if (!ok) continue;
        const set = out.get(k.key) ?? new Set<string>();
        set.add(k.tokens.join(" "));
        out.set(k.key, set);
      }
    }
    return out;
  }
}

export interface Classifier {
  classify(input: ClassifyInput): Classification;
}

export function createClassifier(file: CategoriesFile): Classifier {
  const cats = file.categories;
  const toKw = (words: readonly string[]) => words.map((w) => ({ tokens: tokenize(w) }));
  const catIndex = new KeywordIndex(cats.map((c) => toKw(c.keywords)));
  const subs = cats.flatMap((c) => c.subcategories.map((s) => ({ parent: c.slug, slug: s.slug, keywords: s.keywords })));
  const subIndex = new KeywordIndex(subs.map((s) => toKw(s.keywords)));
  const fallback = cats.some((c) => c.slug === FALLBACK_CATEGORY) ? FALLBACK_CATEGORY : cats[0]!.slug;

  const score = (index: KeywordIndex, fields: [readonly string[], number][]): Map<number, number> => {
    const total = new Map<number, number>();
    for (const [tokens, weight] of fields)
      for (const [key, found] of index.hits(tokens)) total.set(key, (total.get(key) ?? 0) + weight * found.size);
    return total;
  };
  const ranked = (scores: Map<number, number>) => [...scores].filter(([, s]) => s > 0).sort((a, b) => b[1] - a[1] || a[0] - b[0]);

  return {
    classify(input) {
      const name = tokenize(input.name.replace(/[-_]/g, " "));
      const description = tokenize(input.description);
      const tags = tokenize(input.tags.join(" ").replace(/[-_]/g, " "));
      const topics = tokenize(input.topics.join(" ").replace(/-/g, " "));
      const content = tokenize(input.content.slice(0, CONTENT_CHARS));
      const labelled: [readonly string[], number][] = [
        [name, WEIGHTS.name],
        [description, WEIGHTS.description],
        [tags, WEIGHTS.tags],
        [topics, WEIGHTS.topics],
      ];
      let best = ranked(score(catIndex, labelled));
      let threshold = 2;
      if (best.length === 0) {
        // Nothing in the labels: fall back to the body, where only broad evidence counts.
        best = ranked(score(catIndex, [[content, 1]]));
        threshold = CONTENT_MIN_HITS;
      }
      const top = best[0];
      const chosen: number[] = [];
      if (top && top[1] >= threshold) {
        chosen.push(top[0]);
        // A second or third category ties the best, or has more than one passing mention and a good share of the best score.
        for (const [key, s] of best.slice(1))
          if (chosen.length < 3 && (s === top[1] || s >= Math.max(threshold + 1, top[1] * SECONDARY_SHARE))) chosen.push(key);
      }
      const categories = chosen.length ? chosen.map((k) => cats[k]!.slug) : [fallback];
      const subScores = score(subIndex, [...labelled, [content, 0.5]]);
      const subcategories: string[] = [];
      for (const slug of categories) {
        let bestSub: { slug: string; s: number } | undefined;
        subs.forEach((sub, k) => {
          const s = subScores.get(k) ?? 0;
          if (sub.parent === slug && s >= 2 && (!bestSub || s > bestSub.s)) bestSub = { slug: sub.slug, s };
        });
        if (bestSub) subcategories.push(`${slug}/${bestSub.slug}`);
      }
      return { categories, subcategories };
    },
  };
}
