// The indexed search, in-process against the real AssetStore over a built site folder: ranking
// properties, filters, pagination, highlights, errors, autocomplete, and agreement with the
// brute-force reference on random queries.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { memoOver } from "../../src/api/handle.js";
import type { RequestScope } from "../../src/api/scope.js";
import { autocompleteEndpoint, searchEndpoint } from "../../src/api/search.js";
import type { AssetStore } from "../../src/api/store.js";
import type { ApiError } from "../../src/contract/errors.js";
import type { BuildManifest } from "../../src/contract/manifest.js";
import { SearchManifest } from "../../src/contract/search-manifest.js";
import type { SkillRecord } from "../../src/schemas/dataset.js";
import { SearchEnvelope, SuggestionEnvelope } from "../../src/schemas/envelope.js";
import { parseQuery } from "../../src/search/query.js";
import { suggest } from "../../src/search/suggest.js";
import { terms } from "../../src/search/text.js";
import { type ReferenceIndex, referenceSearch } from "../support/search-reference.js";
import { errorOf, repos, type SearchSite, searchSite } from "../support/search-site.js";

/** Deployment-derived values (parameter schemas, search manifest), made once as the function does. */
const memo = new Map<string, unknown>();

let site: SearchSite;
let records: SkillRecord[];
let store: AssetStore;
let manifest: BuildManifest;
let ref: ReferenceIndex;

beforeAll(async () => {
  site = await searchSite();
  ({ records, store, manifest, ref } = site);
}, 120_000);

const scope = (params: Record<string, string>): RequestScope => site.scope("search", params);
// The brute-force reference models keyword search: the endpoint is asked in keyword mode unless a test says otherwise.
const search = async (params: Record<string, string>) => {
  const body = await searchEndpoint(scope({ mode: "keyword", ...params }));
  SearchEnvelope.parse({ ...body, meta: { ...body.meta, requestId: "t" } });
  return body;
};

describe("ranking", () => {
  it("an exact name match outranks a prefix-only match, even with fewer stars", async () => {
    expect(repos(await search({ q: "zorblax*" })).slice(0, 2)).toEqual(["rank/zorblax", "rank/zorblaxify"]);
  });
  it("name above description above content for equal matching", async () => {
    expect(repos(await search({ q: "quenzite" }))).toEqual(["field/in-name", "field/in-description", "field/in-content"]);
  });
  it("more stars first, then the more recently updated", async () => {
    expect(repos(await search({ q: "plimber" }))).toEqual(["stars/many", "stars/few"]);
    expect(repos(await search({ q: "vextral" }))).toEqual(["recent/new", "recent/old"]);
  });
  it("exposes the score and orders by it", async () => {
    const body = await search({ q: "quenzite" });
    const scores = body.data.map((d) => d.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(scores[0]).toBeGreaterThan(scores[2]!);
  });
});

describe("syntax and filters", () => {
  it("phrases need the words adjacent and in order in name and description", async () => {
    expect(repos(await search({ q: '"glorbic hooks"' }))).toEqual(["phrase/ordered"]);
    expect(repos(await search({ q: "glorbic hooks" })).sort()).toEqual(["phrase/ordered", "phrase/reversed"]);
  });
  it("field restrictions and exclusions", async () => {
    expect(repos(await search({ q: "name:quenzite" }))).toEqual(["field/in-name"]);
    expect(repos(await search({ q: "description:quenzite" }))).toEqual(["field/in-description"]);
    expect(repos(await search({ q: "content:quenzite" }))).toEqual(["field/in-content"]);
    expect(repos(await search({ q: "quenzite -crystal" }))).toEqual(["field/in-name", "field/in-content"]);
    expect(repos(await search({ q: 'glorbic -"glorbic hooks"' }))).toEqual(["phrase/reversed"]);
  });
  it("filters: category, platform, minStars, hasIndex", async () => {
    expect(repos(await search({ q: "plimber", minStars: "100" }))).toEqual(["stars/many"]);
    expect(repos(await search({ q: "glorbic", hasIndex: "true" })).length).toBe(2);
    expect(repos(await search({ q: "glorbic", hasIndex: "false" }))).toEqual([]);
    const cat = await search({ q: "skill", category: "finance" });
    for (const d of cat.data) expect(records.find((r) => r.id === d.id)!.categories).toContain("finance");
    const plat = await search({ q: "skill", platform: "codex" });
    for (const d of plat.data) expect(records.find((r) => r.id === d.id)!.platforms).toContain("codex");
  });
  it("finds Chinese, Japanese and Russian text", async () => {
    expect(repos(await search({ q: "去除文本中的 AI 生成痕迹" }))[0]).toBe("cjk/dedupe-zh");
    expect(repos(await search({ q: "文章を校正" }))[0]).toBe("cjk/proofread-ja");
    expect(repos(await search({ q: "валидация моделей кредитного риска" }))[0]).toBe("cyr/credit-risk");
  });
  it("pagination: totals, pages, and an empty page beyond the last", async () => {
    const first = await search({ q: "skill", limit: "7" });
    const expected = referenceSearch(ref, parseQuery("skill")).length;
    expect(first.pagination).toEqual({ page: 1, limit: 7, total: expected, totalPages: Math.ceil(expected / 7) });
    const second = await search({ q: "skill", limit: "7", page: "2" });
    expect(new Set([...repos(first), ...repos(second)]).size).toBe(14);
    const beyond = await search({ q: "skill", limit: "7", page: String(first.pagination.totalPages + 1) });
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination.total).toBe(expected);
    expect((await search({ q: "skill" })).pagination.limit).toBe(20);
  });
});

describe("highlights", () => {
  it("escapes HTML and marks matched words", async () => {
    const body = await search({ q: "script" });
    const hit = body.data.find((d) => d.owner === "html")!;
    expect(hit.highlights.name).toBe("<mark>script</mark>-alert");
    expect(hit.highlights.description).toBe(
      "&lt;<mark>script</mark>&gt;alert(1)&lt;/<mark>script</mark>&gt; &lt;b&gt;Bold&lt;/b&gt; &amp; risky <mark>script</mark> handling",
    );
  });
  it("marks CJK runs as one span and prefixes by their completions", async () => {
    const zh = (await search({ q: "生成痕迹" })).data[0]!;
    expect(zh.highlights.description).toBe("去除文本中的重复内容和AI<mark>生成痕迹</mark>");
    const pre = (await search({ q: "zorbl*" })).data.find((d) => d.repo === "zorblaxify")!;
    expect(pre.highlights.name).toBe("<mark>zorblaxify</mark>-tool");
  });
});

describe("errors", () => {
  it.each([
    [{}, "INVALID_QUERY"],
    [{ q: "" }, "INVALID_QUERY"],
    [{ q: "a" }, "INVALID_QUERY"],
    [{ q: "*" }, "INVALID_QUERY"],
    [{ q: "the of and" }, "INVALID_QUERY"],
    [{ q: "-react" }, "INVALID_QUERY"],
    [{ q: "x".repeat(201) }, "QUERY_TOO_LONG"],
    [{ q: '"react hooks' }, "INVALID_SYNTAX"],
    [{ q: "title:react" }, "INVALID_SYNTAX"],
    [{ q: "name: react" }, "INVALID_SYNTAX"],
    [{ q: "re*act" }, "INVALID_SYNTAX"],
    [{ q: "react", limit: "101" }, "INVALID_PARAMS"],
    [{ q: "react", category: "nope" }, "INVALID_PARAMS"],
    [{ q: "react", hasIndex: "maybe" }, "INVALID_PARAMS"],
  ])("%j -> %s", async (params, code) => {
    const e = await errorOf(search(params as Record<string, string>));
    expect(e.code).toBe(code);
    expect(e.status).toBe(400);
    expect(e.message.length).toBeGreaterThan(10);
  });
});

describe("autocomplete", () => {
  const complete = async (q: string, limit?: string) => {
    const url = new URL("http://localhost/api/v1/skills/autocomplete");
    url.searchParams.set("q", q);
    if (limit) url.searchParams.set("limit", limit);
    const body = await autocompleteEndpoint({ url, request: new Request(url), store, manifest, now: () => 0, memo: memoOver(memo) });
    SuggestionEnvelope.parse({ ...body, meta: { requestId: "t" } });
    return body.data;
  };
  it("completes a word with counts equal to what the suggestion finds, ranked by count then text", async () => {
    const got = await complete("zorb");
    expect(got.map((s) => s.text)).toContain("zorblax");
    for (const s of got) expect(s.count).toBe(referenceSearch(ref, parseQuery(s.text)).length);
    const sorted = [...got].sort((a, b) => b.count - a.count || (a.text < b.text ? -1 : 1));
    expect(got).toEqual(sorted);
    expect((await complete("sk")).length).toBe(5);
    expect((await complete("sk", "12")).length).toBe(12);
  });
  it("completes the last word in the context of the earlier ones", async () => {
    const got = await complete("quenzite hel");
    expect(got).toContainEqual({ text: "quenzite helper", count: 3 });
    expect(got[0]!.count).toBe(3);
    for (const s of got) expect(s.count).toBe(referenceSearch(ref, parseQuery(s.text)).length);
  });
  /** What a search for `q` finds with every word required (the reference without its any-word fallback). */
  const allWordsCount = (q: string) => {
    const parsed = parseQuery(q);
    return referenceSearch(ref, parsed).filter((r) => r.matched === parsed.required.length).length;
  };
  it("counts a completion after earlier words only where every word matches, and drops the rest", async () => {
    // No skill holds both quenzite and a zorb... word: the any-word fallback must not lend them a count.
    expect(allWordsCount("quenzite zorblax")).toBe(0);
    expect(await complete("quenzite zorb", "20")).toEqual([]);
    for (const q of ["quenzite hel", "skill s", "glorbic hoo", "name:zorb", '"glorbic hoo', "helper -rock mine"]) {
      const got = await complete(q, "20");
      expect(got.length, q).toBeGreaterThan(0);
      for (const s of got) {
        expect(s.count, s.text).toBeGreaterThan(0);
        expect(s.count, s.text).toBe(allWordsCount(s.text));
        expect((await search({ q: s.text })).pagination.total, s.text).toBe(s.count);
      }
    }
  });
  it("accepts a query still being typed: a dangling -, field: or opening quote gives 200", async () => {
    for (const q of ["quenzite -", "quenzite name:", 'quenzite "', '-"', 'quenzite -name:"', "quenzite DESCRIPTION:"]) {
      expect(await complete(q), q).toEqual([]);
    }
    expect(await complete('"glorbic hoo')).toContainEqual({ text: '"glorbic hook"', count: 1 });
    for (const q of ["foo:bar x", "quenzite foo:", 'quen"zite he', "quenzite --", "quenzite name:-"]) {
      const url = new URL("http://localhost/api/v1/skills/autocomplete");
      url.searchParams.set("q", q);
      const scope = { url, request: new Request(url), store, manifest, now: () => 0, memo: memoOver(memo) };
      await expect(autocompleteEndpoint(scope), q).rejects.toMatchObject({ code: "INVALID_SYNTAX" });
    }
  });
  it("counts candidates in context without fetching any shard twice, however high the limit", async () => {
    const reads: string[] = [];
    const counting = {
      json: <T>(path: string, schema: z.ZodType<T>) => {
        reads.push(path);
        return store.json(path, schema);
      },
      bytes: (path: string) => {
        reads.push(path);
        return store.bytes(path);
      },
      decoded: <T>(path: string, decode: (bytes: Uint8Array) => T) => {
        reads.push(path);
        return store.decoded(path, decode);
      },
    };
    const got = await suggest(counting, SearchManifest.parse(await store.searchManifest()), () => store.columns([]), "skill s", 20);
    expect(got.length).toBeGreaterThan(1);
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.length).toBe(new Set(reads).size);
  });
  it("applies the q rules: one character is the first keystroke, an empty q a 400", async () => {
    const call = (q: string) => {
      const url = new URL(`http://localhost/api/v1/skills/autocomplete?q=${encodeURIComponent(q)}`);
      return autocompleteEndpoint({ url, request: new Request(url), store, manifest, now: () => 0, memo: memoOver(memo) });
    };
    expect((await call("a")).data.length).toBeGreaterThan(0);
    await expect(call(" ")).rejects.toMatchObject({ code: "INVALID_QUERY" });
  });
});

describe("agreement with the brute-force reference", () => {
  it("same result set and order for random queries and filters", async () => {
    const vocab = [...new Set(records.slice(0, 80).flatMap((r) => terms(`${r.name} ${r.description}`)))].sort();
    const word = fc.constantFrom(...vocab);
    const item = fc.oneof(
      word,
      word.map((w) => `-${w}`),
      fc.tuple(fc.constantFrom("name", "description", "content"), word).map(([f, w]) => `${f}:${w}`),
      fc.tuple(word, word).map(([a, b]) => `"${a} ${b}"`),
      word.filter((w) => w.length >= 4).map((w) => `${w.slice(0, 3)}*`),
    );
    const filters = fc.record({
      category: fc.option(fc.constantFrom("development", "writing", "devops"), { nil: undefined }),
      minStars: fc.option(fc.constantFrom("0", "5", "100"), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(item, { minLength: 1, maxLength: 4 }), filters, async (items, f) => {
        const q = items.join(" ");
        let expected: ReturnType<typeof referenceSearch>;
        try {
          expected = referenceSearch(ref, parseQuery(q), { category: f.category, minStars: f.minStars ? Number(f.minStars) : undefined });
        } catch (e) {
          const err = await errorOf(search({ q }));
          expect(err.code).toBe((e as ApiError).code);
          return;
        }
        const params: Record<string, string> = { q, limit: "100" };
        if (f.category) params.category = f.category;
        if (f.minStars) params.minStars = f.minStars;
        const body = await search(params);
        expect(body.pagination.total).toBe(expected.length);
        expect(body.data.map((d) => d.id)).toEqual(expected.slice(0, 100).map((r) => records[r.ordinal]!.id));
      }),
      { numRuns: 150, seed: 42 },
    );
  }, 60_000);
});
