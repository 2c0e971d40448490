// Typo tolerance, collections searched as skills, why a result matched, didYouMean, the query work
// bound and one-character autocomplete: in-process over a built site and the real AssetStore, checked
// against hand-made skills and against the brute-force reference (typo'd queries included).
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { RequestScope } from "../../src/api/scope.js";
import { autocompleteEndpoint, searchEndpoint } from "../../src/api/search.js";
import { SearchManifest } from "../../src/contract/search-manifest.js";
import { SearchEnvelope, SuggestionEnvelope } from "../../src/schemas/envelope.js";
import { executeQuery } from "../../src/search/engine.js";
import { QueryBudget } from "../../src/search/families.js";
import { NO_FILTERS, searchColumns } from "../../src/search/filter.js";
import { type ParsedQuery, parseQuery } from "../../src/search/query.js";
import { SearchIndex, type TypoMode } from "../../src/search/resolve.js";
import { terms } from "../../src/search/text.js";
import { editDistance, MAX_TYPO_MATCHES } from "../../src/search/typo.js";
import { referenceSearch } from "../support/search-reference.js";
import { errorOf, repos, type SearchSite, searchSite } from "../support/search-site.js";

let site: SearchSite;
beforeAll(async () => {
  site = await searchSite();
}, 120_000);

const scope = (path: "search" | "autocomplete", params: Record<string, string>): RequestScope => site.scope(path, params);
// The brute-force reference models keyword search: the endpoint is asked in keyword mode unless a test says otherwise.
const search = async (params: Record<string, string>) => {
  const body = await searchEndpoint(scope("search", { mode: "keyword", ...params }));
  SearchEnvelope.parse({ ...body, meta: { ...body.meta, requestId: "t" } });
  return body;
};
const complete = async (q: string, limit = 5) => {
  const body = await autocompleteEndpoint(scope("autocomplete", { q, limit: String(limit) }));
  SuggestionEnvelope.parse({ ...body, meta: { requestId: "t" } });
  return body.data;
};
/** The engine directly, with a chosen typo mode (the endpoint always uses the default). */
const engine = async (q: string, typos: TypoMode, budget?: QueryBudget) => {
  const index = new SearchIndex(site.store, SearchManifest.parse(await site.store.searchManifest()), budget);
  const out = await executeQuery(index, await site.store.columns(searchColumns(NO_FILTERS)), parseQuery(q), NO_FILTERS, 1, 50, { typos });
  return out.items.map((i) => `${site.records[i.ordinal]!.owner}/${site.records[i.ordinal]!.repo}`);
};

describe("typo tolerance", () => {
  it("finds a word one edit away, in every edit form", async () => {
    for (const q of ["vortekia", "vortxia", "vortexai"]) expect(repos(await search({ q })), q).toEqual(["typo/vortexia"]);
    expect(repos(await search({ q: "zendrock" }))).toEqual(["typo/zendrok"]);
  });
  it("allows two edits from 9 characters, one below", async () => {
    expect(repos(await search({ q: "quarzliht" }))).toEqual(["typo/quarzelith"]);
    expect((await search({ q: "vortxiaa" })).pagination.total).toBe(0);
  });
  it("finds two edits only when at most one of them is in the first 5 letters (the typo keys)", async () => {
    expect(repos(await search({ q: "qiarzelitx" }))).toEqual(["typo/quarzelith"]);
    expect(repos(await search({ q: "qaurzelitj" }))).toEqual(["typo/quarzelith"]);
    expect((await search({ q: "qiarxelith" })).pagination.total).toBe(0);
  });
  it("gives typo matches to the first 2 words that need them, and meta names the words left without", async () => {
    const two = await search({ q: "vortekia zendrock" });
    expect(two.meta.typoSkipped).toBeUndefined();
    const three = await search({ q: "vortekia zendrock quarzliht" });
    expect(three.meta.typoSkipped).toEqual(["quarzliht"]);
    // Nothing has all three words: the any-word fallback finds the two that got typo matches.
    expect(repos(three).sort()).toEqual(["typo/vortexia", "typo/zendrok"]);
    expect((await search({ q: "quarzliht vortekia zendrock" })).meta.typoSkipped).toEqual(["zendrock"]);
    // A word some skill holds never needs typo matches, so it spends nothing.
    expect((await search({ q: "helper vortekia zendrock" })).meta.typoSkipped).toBeUndefined();
  });
  it("shares the query's 8 typo matches between the words that get them (8 for one word, 4 each for two)", async () => {
    const typosOf = async (q: string) => {
      const index = new SearchIndex(site.store, SearchManifest.parse(await site.store.searchManifest()));
      const out = await executeQuery(index, await site.store.columns(searchColumns(NO_FILTERS)), parseQuery(q), NO_FILTERS, 1, 20);
      return out.required.map((c) => c.typos.map((t) => t.word));
    };
    // Misspelled words with more than 4 typo neighbours in the index: a letter of a word replaced.
    const vocab = site.ref.sortedVocabulary.filter((w) => /^[a-z]{5,8}$/.test(w));
    const crowded: { q: string; alone: string[] }[] = [];
    for (const w of vocab) {
      const q = `${w.slice(0, 2)}q${w.slice(3)}`;
      if (site.ref.vocabulary.has(q) || crowded.some((c) => c.q === q)) continue;
      const [alone] = await typosOf(q);
      if (alone!.length > 4) crowded.push({ q, alone: alone! });
      if (crowded.length === 2) break;
    }
    expect(crowded).toHaveLength(2);
    expect(crowded[0]!.alone.length).toBeLessThanOrEqual(MAX_TYPO_MATCHES);
    const both = await typosOf(`${crowded[0]!.q} ${crowded[1]!.q}`);
    // Each keeps its best 4: the first 4 of its matches alone.
    expect(both).toEqual([crowded[0]!.alone.slice(0, 4), crowded[1]!.alone.slice(0, 4)]);
  });
  it("never changes the first letter, and leaves short words exact", async () => {
    expect((await search({ q: "bortexia" })).pagination.total).toBe(0);
    expect((await search({ q: "wqxa" })).pagination.total).toBe(0);
  });
  it("keeps phrases and field restrictions exact", async () => {
    expect((await search({ q: '"vortexai"' })).pagination.total).toBe(0);
    expect((await search({ q: "name:vortexai" })).pagination.total).toBe(0);
    expect((await search({ q: "-vortexai vortexia" })).data.map((d) => d.repo)).toEqual(["vortexia"]);
  });
  it("a word that some skill holds is not widened (the default), and exact ranks above typo when it is", async () => {
    expect(await engine("vortexib", "missing")).toEqual(["typo/exact-in-content"]);
    // With typo matches always joining, the exact content match (4 + 1) still outranks a typo name match (3).
    expect(await engine("vortexib", "always")).toEqual(["typo/exact-in-content", "typo/vortexia"]);
    expect(await engine("vortekia", "off")).toEqual([]);
  });
  it("says why it matched, and highlights the typo match", async () => {
    const [hit] = (await search({ q: "vortexai helper" })).data;
    expect(hit?.repo).toBe("vortexia");
    expect(hit?.matches).toEqual([
      { field: "name", terms: ["helper"] },
      { field: "name", terms: ["vortexia"], typo: true },
      { field: "description", terms: ["vortexia"], typo: true },
    ]);
    expect(hit?.highlights.name).toBe("<mark>vortexia</mark>-<mark>helper</mark>");
  });
  it("offers didYouMean only when nothing matched, and only a query that finds something", async () => {
    // "wqxa": no typo matches for a 4-letter word in search, so nothing; the correction is one edit away.
    const none = await search({ q: "wqxa" });
    expect(none.pagination.total).toBe(0);
    expect(editDistance("wqxa", none.meta.didYouMean!, 1)).toBe(1);
    expect((await search({ q: none.meta.didYouMean! })).pagination.total).toBeGreaterThan(0);
    expect((await search({ q: "qqqqqqqq" })).meta.didYouMean).toBeUndefined();
    expect((await search({ q: "wqax" })).meta.didYouMean).toBeUndefined();
  });
});

describe("collections", () => {
  it("a nested skill's name ranks as a name, below a skill's own name, above content", async () => {
    expect(repos(await search({ q: "json prism" }))).toEqual(["solo/json-prism", "coll/toolbox", "solo/prism-notes"]);
  });
  it("says which skill of the collection matched", async () => {
    const body = await search({ q: "json prism" });
    expect(body.data.map((d) => d.matchedSkill)).toEqual([
      undefined,
      { name: "json-prism", path: "skills/json-prism/SKILL.md" },
      undefined,
    ]);
    expect(body.data[1]!.matches).toEqual([
      { field: "skillName", terms: ["json", "prism"] },
      { field: "skillDescription", terms: ["prism"] },
      { field: "content", terms: ["json", "prism"] },
    ]);
    expect((await search({ q: "kwyx linter" })).data[0]!.matchedSkill).toEqual({ name: "kwyx-lint", path: "skills/kwyx-lint/SKILL.md" });
  });
  it("name: and description: cover the collection's skills too", async () => {
    expect(repos(await search({ q: "name:prism" }))).toContain("coll/toolbox");
  });
});

describe("the bound on one query's work", () => {
  it("refuses more than 12 clauses", async () => {
    const q = Array.from({ length: 13 }, (_, i) => `w${String.fromCharCode(97 + i)}x`).join(" ");
    expect(await errorOf(search({ q }))).toMatchObject({ status: 400, code: "INVALID_QUERY" });
  });
  it("refuses a query whose lookups exceed the budget", async () => {
    const err = await errorOf(engine("vo* qu* pl* ze*", "missing", new QueryBudget(5)));
    expect(err).toMatchObject({ status: 400, code: "INVALID_QUERY" });
    expect(err.message).toMatch(/lookups/);
  });
});

describe("autocomplete", () => {
  it("answers one character", async () => {
    const got = await complete("v", 5);
    expect(got.length).toBeGreaterThan(0);
    for (const s of got) expect(s.text.startsWith("v")).toBe(true);
    expect(await errorOf(autocompleteEndpoint(scope("autocomplete", { q: "" })))).toMatchObject({ status: 400, code: "INVALID_QUERY" });
    expect(await errorOf(autocompleteEndpoint(scope("autocomplete", {})))).toMatchObject({ status: 400, code: "INVALID_QUERY" });
  });
  it("completes a typed word of 5+ characters with typo tolerance", async () => {
    expect((await complete("vortexai")).map((s) => s.text)).toEqual(["vortexia"]);
    expect((await complete("helper vortexai")).map((s) => s.text)).toEqual(["helper vortexia"]);
    expect(await complete("vortx")).toEqual([]);
  });
});

describe("agreement with the reference, typo'd words included", () => {
  /** A word of the index with one random edit (first letter kept). */
  const mutate = (w: string, at: number, op: number, ch: string) => {
    const i = 1 + (at % Math.max(1, w.length - 1));
    if (op === 0) return w.slice(0, i) + ch + w.slice(i + 1);
    if (op === 1) return w.slice(0, i) + w.slice(i + 1);
    if (op === 2) return w.slice(0, i) + ch + w.slice(i);
    return i + 1 < w.length ? w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2) : w;
  };
  it("gives the same ids, order, matches and matched skills on 150 random queries", async () => {
    const vocab = site.ref.sortedVocabulary.filter((w) => /^[a-z]{5,}$/.test(w));
    const names = site.records.flatMap((r) => terms(r.name)).filter((w) => /^[a-z]{3,}$/.test(w));
    const word = fc.oneof(
      fc.constantFrom(...names),
      fc
        .tuple(fc.constantFrom(...vocab), fc.nat(), fc.nat(3), fc.constantFrom("a", "e", "x", "q"))
        .map(([w, at, op, ch]) => mutate(w, at, op, ch)),
    );
    const query = fc
      .array(fc.tuple(word, fc.constantFrom("", "", "", "-", "name:", "*")), { minLength: 1, maxLength: 3 })
      .map((parts) => parts.map(([w, form]) => (form === "*" ? `${w.slice(0, 3)}*` : `${form}${w}`)).join(" "));
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        let parsed: ParsedQuery;
        try {
          parsed = parseQuery(q);
        } catch {
          return;
        }
        const expected = referenceSearch(site.ref, parsed).slice(0, 20);
        const body = await search({ q, limit: "20" });
        expect(repos(body), q).toEqual(expected.map((h) => `${site.records[h.ordinal]!.owner}/${site.records[h.ordinal]!.repo}`));
        expect(
          body.data.map((d) => d.matches),
          q,
        ).toEqual(expected.map((h) => h.matches));
        expect(
          body.data.map((d) => d.matchedSkill),
          q,
        ).toEqual(expected.map((h) => h.matchedSkill));
      }),
      { numRuns: 150 },
    );
  });
  it("ranks long queries alike on small pages, where only the candidates matching the most words are scored", async () => {
    const vocab = site.ref.sortedVocabulary.filter((w) => /^[a-z]{5,}$/.test(w));
    const names = site.records.flatMap((r) => terms(r.name)).filter((w) => /^[a-z]{3,}$/.test(w));
    const word = fc.oneof(
      fc.constantFrom(...names),
      fc.constantFrom(...vocab),
      fc
        .tuple(fc.constantFrom(...vocab), fc.nat(), fc.nat(3), fc.constantFrom("a", "e", "x", "q"))
        .map(([w, at, op, ch]) => mutate(w, at, op, ch)),
    );
    const query = fc.tuple(fc.array(word, { minLength: 4, maxLength: 12 }), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 5 }));
    await fc.assert(
      fc.asyncProperty(query, async ([words, page, limit]) => {
        const q = words.join(" ").slice(0, 200).trim();
        let parsed: ParsedQuery;
        try {
          parsed = parseQuery(q);
        } catch {
          return;
        }
        const all = referenceSearch(site.ref, parsed);
        const expected = all.slice((page - 1) * limit, page * limit);
        const body = await search({ q, page: String(page), limit: String(limit) });
        expect(body.pagination.total, q).toBe(all.length);
        expect(repos(body), q).toEqual(expected.map((h) => `${site.records[h.ordinal]!.owner}/${site.records[h.ordinal]!.repo}`));
        expect(
          body.data.map((d) => d.matches),
          q,
        ).toEqual(expected.map((h) => h.matches));
      }),
      { numRuns: 30 },
    );
  });
});
