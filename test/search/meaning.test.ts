// Intent search (docs/SEARCH.md, "Intent"): the meaning model learned at build time from every
// SKILL.md, and its use at query time. The model is checked on hand-made corpora (what relates to
// what, scripts kept apart, the same answer however the corpus is cut into parts); the search over
// a built site through the real AssetStore and the endpoint (related terms marked in `matches`,
// the fallback to meaning alone, `mode=keyword`, exact names kept on top, the order of the words'
// own matches kept).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoOver } from "../../src/api/handle.js";
import type { RequestScope } from "../../src/api/scope.js";
import { searchEndpoint } from "../../src/api/search.js";
import type { AssetStore } from "../../src/api/store.js";
import { build } from "../../src/build/build.js";
import { PostingCollector, PostingIndex } from "../../src/build/search-index/collect-postings.js";
import { MEANING_ABOUT, MEANING_BODY, MEANING_FIELDS } from "../../src/build/search-index/meaning-collect.js";
import { relatedTerms, relatedTermsSplit, relateRange, relateTables } from "../../src/build/search-index/meaning-model.js";
import { compareKeys } from "../../src/contract/key.js";
import type { BuildManifest } from "../../src/contract/manifest.js";
import { SearchManifest } from "../../src/contract/search-manifest.js";
import { stableStringify } from "../../src/dataset/json.js";
import { folderStore } from "../../src/node/folder-assets.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { CategoriesFile, PlatformsFile, type SkillRecord } from "../../src/schemas/dataset.js";
import { SearchEnvelope } from "../../src/schemas/envelope.js";
import { executeQuery } from "../../src/search/engine.js";
import { QueryBudget } from "../../src/search/families.js";
import { NO_FILTERS, searchColumns } from "../../src/search/filter.js";
import { relatedOf } from "../../src/search/meaning.js";
import { parseQuery } from "../../src/search/query.js";
import { SearchIndex } from "../../src/search/resolve.js";
import { terms } from "../../src/search/text.js";
import { synthesize } from "../../src/synth/generate.js";
import { handRecord } from "../support/search-fixture.js";
import { errorOf, repos } from "../support/search-site.js";

/** An index over documents given as [name and description, body] texts, as the build collects them. */
function corpus(docs: readonly [string, string][], parts = 1): PostingIndex {
  const size = Math.ceil(docs.length / parts);
  const collected = Array.from({ length: parts }, (_, p) => {
    const c = new PostingCollector(MEANING_FIELDS, p * size);
    for (const [about, body] of docs.slice(p * size, (p + 1) * size)) {
      c.addText(MEANING_ABOUT, about);
      c.addText(MEANING_BODY, body);
      c.endSkill();
    }
    return c.part();
  });
  return PostingIndex.fromParts(collected.filter((part) => part.count > 0));
}

/** Filler documents about unrelated jobs, so that the words of the tests are rare as real words are. */
const filler = Array.from({ length: 60 }, (_, i): [string, string] => [
  `helper${i} tool${i % 7}`,
  `generic text number${i} about chores${i % 5}`,
]);

describe("the meaning model", () => {
  const docs: [string, string][] = [
    ["terraform modules", "provision servers declaratively with reusable code"],
    ["terraform review", "provision cloud servers declaratively and check plans"],
    ["pulumi stacks", "declaratively provision servers from typescript"],
    ["yara rules", "signatures that catch malware samples"],
    ["yara scanner", "signatures to catch malware in files"],
    ["周报 助手", "自动 生成 每周 工作 总结 provision"],
    ["周报 模板", "每周 工作 总结 模板 provision"],
    ...filler,
  ];
  const related = (index: PostingIndex, n = docs.length) => new Map(relatedTerms(index, n).entries);

  it("relates a body's words to the names and descriptions of the files that use them", () => {
    const map = related(corpus(docs));
    expect(map.get("declaratively")?.map(([t]) => t)).toContain("terraform");
    expect(map.get("malware")?.map(([t]) => t)).toContain("yara");
    // Strongest first, weights in hundredths.
    for (const list of map.values()) {
      for (const [, w] of list) expect(w).toBeGreaterThanOrEqual(1);
      expect(list.map(([, w]) => w)).toEqual([...list.map(([, w]) => w)].sort((a, b) => b - a));
    }
  });

  it("keeps each script in its own neighbourhood", () => {
    const map = related(corpus(docs));
    // "provision" is in the Chinese files' bodies too, but relates only to Latin-script terms.
    for (const [t] of map.get("provision") ?? []) expect(t).toMatch(/^[a-z0-9]+$/);
    for (const [t] of map.get("总结") ?? []) expect(t).not.toMatch(/[a-z]/);
  });

  it("gives no related terms to a word in most files, nor to one seen in a single file", () => {
    const common: [string, string][] = docs.map(([a, b]) => [a, `${b} everywhere`]);
    const map = related(corpus(common));
    expect(map.has("everywhere")).toBe(false);
    expect(map.has("reusable")).toBe(false);
  });

  it("learns the same from the corpus in one part or cut into several (the build's workers)", () => {
    const one = relatedTerms(corpus(docs), docs.length);
    for (const parts of [2, 3, 5]) expect(relatedTerms(corpus(docs, parts), docs.length)).toEqual(one);
  });

  it("learns the same with its words related in two ranges, the second elsewhere over shared tables", async () => {
    const index = corpus(docs);
    const one = relatedTerms(index, docs.length);
    const cuts: number[] = [];
    const split = await relatedTermsSplit(index, docs.length, async (tables, from, to) => {
      // What a worker thread is given: typed arrays in shared buffers, which it reads in place (this
      // index's lists are plain, so relateTables copied them; the build's are merged shared).
      for (const a of [tables.keyOrder, tables.word, tables.rows, ...tables.fields.map((f) => f.ordinals)]) {
        expect(a.buffer).toBeInstanceOf(SharedArrayBuffer);
      }
      cuts.push(from);
      expect(to).toBe(index.keys.length);
      return relateRange(tables, from, to);
    });
    expect(split).toEqual(one);
    // The cut is inside the words, so each side has work.
    expect(cuts[0]).toBeGreaterThan(0);
    expect(cuts[0]).toBeLessThan(index.keys.length);
    // Any cut gives the same entries, the ends included.
    const tables = relateTables(index, docs.length);
    for (const cut of [0, 1, cuts[0]! + 1, index.keys.length]) {
      const parts = [relateRange(tables, 0, cut), relateRange(tables, cut, index.keys.length)];
      const words = parts.flatMap((p) => [...p.words]);
      expect(words.map((i) => index.keys[i])).toEqual(one.entries.map((e) => e[0]));
      expect(parts[0]!.sources + parts[1]!.sources).toBe(one.stats.sources);
    }
  });
});

// A small directory where meaning has something to learn: infrastructure skills whose bodies say
// "provision" and "declaratively", and a collection whose nested skills' bodies (not indexed for
// keywords) use an invented word only beside an invented tool, Quenchform.
const HAND = [
  {
    owner: "infra",
    repo: "quenchform-modules",
    name: "quenchform-modules",
    description: "Quenchform modules for cloud infrastructure",
    body: "Provision servers declaratively.",
  },
  {
    owner: "infra",
    repo: "quenchform-review",
    name: "quenchform-review",
    description: "Review Quenchform infrastructure plans",
    body: "Provision resources declaratively.",
  },
  {
    owner: "infra",
    repo: "pulumi-stacks",
    name: "pulumi-stacks",
    description: "Pulumi stacks in TypeScript",
    body: "Provision servers declaratively.",
  },
  {
    owner: "infra",
    repo: "lint-collection",
    name: "lint-collection",
    description: "Linters for many languages",
    nested: [
      { name: "quenchform-lint", description: "Lint Quenchform files", body: "Catches zorblat drift in quenchform state." },
      { name: "quenchform-fmt", description: "Format Quenchform files", body: "Fixes zorblat layout before quenchform plan." },
    ],
  },
];

let dir: string;
let store: AssetStore;
let manifest: BuildManifest;
let records: SkillRecord[];
const memo = new Map<string, unknown>();
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "search-meaning-"));
  const data = join(dir, "data");
  mkdirSync(data, { recursive: true });
  const categories = CategoriesFile.parse(JSON.parse(await readFile(join(PROJECT_ROOT, "data", "categories.json"), "utf8")));
  const platforms = PlatformsFile.parse(JSON.parse(await readFile(join(PROJECT_ROOT, "data", "platforms.json"), "utf8")));
  records = [...synthesize({ skills: 120, seed: 11, categories, platforms }), ...HAND.map((h, i) => handRecord(h, i))].sort(compareKeys);
  writeFileSync(join(data, "categories.json"), JSON.stringify(categories));
  writeFileSync(join(data, "platforms.json"), JSON.stringify(platforms));
  writeFileSync(join(data, "meta.json"), JSON.stringify({ generatedAt: "2026-11-20T06:00:00Z" }));
  writeFileSync(join(data, "skills.jsonl"), records.map((r) => `${stableStringify(r)}\n`).join(""));
  await build({ dataDir: data, outDir: join(dir, "site") });
  store = folderStore(join(dir, "site"));
  manifest = await store.manifest();
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const search = async (params: Record<string, string>) => {
  const url = new URL("http://localhost/api/v1/skills/search");
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const scope: RequestScope = { url, request: new Request(url), store, manifest, now: () => performance.now(), memo: memoOver(memo) };
  const body = await searchEndpoint(scope);
  return SearchEnvelope.parse({ ...body, meta: { ...body.meta, requestId: "t" } });
};
const engine = async (q: string, mode: "keyword" | "default", limit = 100) => {
  const search = SearchManifest.parse(await store.searchManifest());
  const index = new SearchIndex(store, search);
  return executeQuery(index, await store.columns(searchColumns(NO_FILTERS)), parseQuery(q), NO_FILTERS, 1, limit, { mode });
};

describe("search with meaning", () => {
  it("the build wrote the model's shards and lists them in the manifest", async () => {
    const search = SearchManifest.parse(await store.searchManifest());
    expect(search.meaning.documents).toBe(records.reduce((n, r) => n + r.files.length, 0));
    expect(search.meaning.shards.length).toBeGreaterThan(0);
    const list = await relatedOf(store, search.meaning, "zorblat", new QueryBudget());
    expect(list.map(([t]) => t)).toContain("quenchform");
  });

  it("falls back to meaning alone when the words match nothing, says so, and marks the related terms", async () => {
    const body = await search({ q: "zorblat" });
    expect(body.meta.fallback).toBe("related");
    expect(body.meta.didYouMean).toBeUndefined();
    // Exactly the skills whose own name or description holds one of the word's related terms (as read by the function).
    const list = (await relatedOf(store, SearchManifest.parse(await store.searchManifest()).meaning, "zorblat", new QueryBudget())).slice(
      0,
      4,
    );
    const expected = records
      .filter((r) => list.some(([t]) => terms(`${r.name} ${r.description}`).includes(t)))
      .map((r) => `${r.owner}/${r.repo}`)
      .sort();
    expect(body.pagination.total).toBe(expected.length);
    expect([...repos(body)].sort()).toEqual(expected);
    expect(repos(body)).toEqual(expect.arrayContaining(["infra/quenchform-modules", "infra/quenchform-review"]));
    for (const d of body.data) {
      const related = d.matches.filter((m) => m.related);
      expect(related.length).toBeGreaterThan(0);
      for (const m of related) {
        expect(m.queryWord).toBe("zorblat");
        expect(["name", "description"]).toContain(m.field);
      }
    }
    expect(body.data[0]!.matches.find((m) => m.related)!.terms).toContain("quenchform");
  });

  it("mode=keyword turns meaning off", async () => {
    const body = await search({ q: "zorblat", mode: "keyword" });
    expect(body.pagination.total).toBe(0);
    expect(body.meta.fallback).toBeUndefined();
    for (const q of ["provision servers", "quenchform"]) {
      const keyword = await search({ q, mode: "keyword", limit: "100" });
      for (const d of keyword.data) expect(d.matches.some((m) => m.related)).toBe(false);
    }
  });

  it("answers a bad mode with a 400 naming the parameter and its values", async () => {
    const err = await errorOf(search({ q: "terraform", mode: "semantic" }));
    expect(err.code).toBe("INVALID_PARAMS");
    expect(err.status).toBe(400);
    expect(err.message).toMatch(/mode/);
    expect(err.message).toMatch(/default, keyword/);
  });

  it("keeps a skill named by the query first", async () => {
    for (const [q, first] of [
      ["pulumi stacks", "infra/pulumi-stacks"],
      ["quenchform review", "infra/quenchform-review"],
      ["quenchform lint", "infra/lint-collection"],
    ] as const) {
      expect(repos(await search({ q }))[0], q).toBe(first);
    }
  });

  it("finds what keyword search finds, in its order, related terms only ordering equal scores", async () => {
    const vocab = [...new Set(records.flatMap((r) => terms(`${r.name} ${r.description}`)))].filter((w) => /^[a-z]{4,}$/.test(w)).sort();
    vocab.push("provision", "declaratively", "servers");
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...vocab), { minLength: 1, maxLength: 4 }), async (words) => {
        const q = words.join(" ");
        const [keyword, meaning] = await Promise.all([engine(q, "keyword", 1000), engine(q, "default", 1000)]);
        if (keyword.total === 0) return;
        expect(meaning.total, q).toBe(keyword.total);
        expect(meaning.fallback).toBeUndefined();
        expect(meaning.items.map((i) => i.ordinal).sort(), q).toEqual(keyword.items.map((i) => i.ordinal).sort());
        // The words' own ranking (clauses matched, then score) is never broken.
        for (let i = 1; i < meaning.items.length; i++) {
          const [a, b] = [meaning.items[i - 1]!, meaning.items[i]!];
          expect(a.matched > b.matched || (a.matched === b.matched && a.score >= b.score), q).toBe(true);
        }
      }),
      { numRuns: 60, seed: 26 },
    );
  });
});
