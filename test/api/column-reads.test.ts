// Which list-index files a cold request reads: one file per column, so an unfiltered list reads its
// order's head file (or, past the head, its order file and the summaries' refs), a filter adds only its own column, and search adds stars and
// updated (its ranking) plus its filters. Each request runs in-process on a fresh store over the built
// fixture site, and its answer is checked against its envelope schema as well.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { AssetFetcher } from "../../src/api/env.js";
import { handleRequest } from "../../src/api/handle.js";
import { createServices } from "../../src/api/services.js";
import { MAX_WALKED_BLOCKS } from "../../src/api/updated-range.js";
import { CATEGORY_HEAD_POSITIONS } from "../../src/contract/category-lists.js";
import { fromLittleEndian } from "../../src/contract/columns.js";
import { LIST_BLOCK } from "../../src/contract/list-blocks.js";
import { LIST_HEAD } from "../../src/contract/list-order.js";
import { DATA_PATH, listOrderFile } from "../../src/contract/paths.js";
import { SearchManifest } from "../../src/contract/search-manifest.js";
import { folderAssets } from "../../src/node/folder-assets.js";
import { SearchEnvelope, SkillListEnvelope } from "../../src/schemas/envelope.js";
import { type SearchSite, searchSite } from "../support/search-site.js";

let site: SearchSite;
/**
 * The same dataset with heads of 12 skills in files of 5, and the orders in blocks of 8, so
 * pages span head files and blocks and reach past them.
 * Only lists are asked of it, so its search index is not built.
 */
let shortHeads: SearchSite;
beforeAll(async () => {
  [site, shortHeads] = await Promise.all([searchSite(), searchSite({ listHead: { positions: 12, chunk: 5, block: 8 }, search: false })]);
}, 180_000);

const allow = { check: async () => ({}) };

/** GETs `path` on a fresh isolate's services; returns the parsed body and the list-index files fetched. */
async function coldRequest(path: string, on = site): Promise<{ status: number; body: unknown; lists: string[]; fetched: string[] }> {
  const inner = folderAssets(join(on.dir, "site"));
  const fetched: string[] = [];
  const recording: AssetFetcher = {
    fetch(input) {
      const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
      fetched.push(url.pathname.slice(DATA_PATH.length));
      return inner.fetch(input);
    },
  };
  const res = await handleRequest(
    { request: new Request(`http://local/api/v1${path}`), env: { ASSETS: recording }, waitUntil: () => {} },
    createServices(recording, allow),
  );
  const lists = [...new Set(fetched.filter((p) => p.startsWith("lists/")))].sort();
  return { status: res.status, body: await res.json(), lists, fetched };
}

/** Pages within, across and past the heads (short and long), and past the end. */
const PAGES = [
  [1, 5],
  [2, 5],
  [3, 4],
  [2, 7],
  [1, 100],
  [40, 50],
] as const;

/**
 * Asks `path` cold of both sites (long and short heads) and checks each answer is the page of
 * `matches` (ordinals in list order) that `page` and `limit` pick, with its total; returns both answers.
 */
async function samePageOnBoth(path: string, matches: readonly number[], page: number, limit: number) {
  const [inHead, past] = await Promise.all([coldRequest(path), coldRequest(path, shortHeads)]);
  const expected = await site.store.summaries(matches.slice((page - 1) * limit, page * limit));
  for (const answer of [inHead, past]) {
    expect(answer.status).toBe(200);
    const body = SkillListEnvelope.parse(answer.body);
    expect(body.pagination.total).toBe(matches.length);
    expect(body.data).toEqual(expected);
  }
  return { inHead, past };
}

const columns = (...names: string[]) => names.map((n) => `lists/columns/${n}.bin`);
/** The block of summary refs of the site's skills (fewer than REF_BLOCK): a page past the heads reads it for its summaries. */
const REFS = "lists/refs/0000.bin";
/** The file name of the block of 8 (the short heads' site) that holds a position. */
const block = (at: number) => String(at >> 3).padStart(4, "0");

describe("a cold list reads only the columns it uses", () => {
  it(`unfiltered, within the first ${LIST_HEAD.positions} skills: the head file it falls in`, async () => {
    const r = await coldRequest("/skills?sort=name&order=asc&limit=5&page=3");
    expect(r.status).toBe(200);
    const body = SkillListEnvelope.parse(r.body);
    expect(body.data).toHaveLength(5);
    expect(body.pagination.total).toBe(site.records.length);
    expect(r.lists).toEqual(["lists/head/name-asc/0000.bin"]);
    // The same page as the order file and the summary shards give.
    const order = fromLittleEndian(readFileSync(join(site.dir, "site", DATA_PATH, listOrderFile("name", "asc"))));
    expect(body.data).toEqual(await site.store.summaries(Array.from(order.subarray(10, 15))));
  });
  it("across head files and past the head (the order file and the refs), the same pages either way", async () => {
    const counts = site.manifest.vocabulary.categories.map((c) => site.records.filter((r) => r.categories.includes(c)).length);
    const platformCounts = site.manifest.vocabulary.platforms.map((p) => site.records.filter((r) => r.platforms.includes(p)).length);
    expect(shortHeads.manifest.lists).toEqual({
      head: 12,
      chunk: 5,
      block: 8,
      categories: { head: 12, counts },
      platforms: { head: 12, counts: platformCounts },
    });
    expect(site.manifest.lists).toEqual({
      head: Math.min(LIST_HEAD.positions, site.records.length),
      chunk: LIST_HEAD.chunk,
      block: LIST_BLOCK,
      categories: { head: CATEGORY_HEAD_POSITIONS, counts },
      platforms: { head: LIST_HEAD.positions, counts: platformCounts },
    });
    for (const [sort, order] of [
      ["stars", "desc"],
      ["updated", "asc"],
      ["name", "desc"],
    ] as const) {
      for (const [page, limit] of [
        [1, 10],
        [2, 5],
        [3, 4],
        [2, 7],
        [4, 6],
      ] as const) {
        const path = `/skills?sort=${sort}&order=${order}&page=${page}&limit=${limit}`;
        const [inHead, past] = await Promise.all([coldRequest(path), coldRequest(path, shortHeads)]);
        expect([inHead.status, past.status]).toEqual([200, 200]);
        const [a, b] = [SkillListEnvelope.parse(inHead.body), SkillListEnvelope.parse(past.body)];
        expect(a.data).toHaveLength(limit);
        expect([b.data, b.pagination]).toEqual([a.data, a.pagination]);
        expect(inHead.lists).toEqual([`lists/head/${sort}-${order}/0000.bin`]);
        const [start, end] = [(page - 1) * limit, page * limit];
        const files = Array.from({ length: Math.floor((end - 1) / 5) - Math.floor(start / 5) + 1 }, (_, k) => Math.floor(start / 5) + k);
        expect(past.lists).toEqual(
          end <= 12 ? files.map((n) => `lists/head/${sort}-${order}/000${n}.bin`) : [`lists/${sort}-${order}.bin`, REFS].sort(),
        );
      }
    }
  });
  it("a page past the end reads nothing", async () => {
    const r = await coldRequest("/skills?page=999&limit=100");
    expect(r.status).toBe(200);
    expect(SkillListEnvelope.parse(r.body).data).toEqual([]);
    expect(r.lists).toEqual([]);
  });
  it("a category reads its own list: its head file alone for a first page, its list file and a further filter's column otherwise", async () => {
    const { categories, platforms } = site.manifest.vocabulary;
    const category = categories.find((c) => site.records.some((s) => s.categories.includes(c)))!;
    const byCategory = await coldRequest(`/skills?category=${category}`);
    expect(byCategory.status).toBe(200);
    const expected = site.records.filter((s) => s.categories.includes(category)).length;
    expect(SkillListEnvelope.parse(byCategory.body).pagination.total).toBe(expected);
    expect(byCategory.lists).toEqual([`lists/category/${category}/head/stars-desc/0000.bin`]);

    const platform = platforms.find((p) => site.records.some((s) => s.platforms.includes(p)))!;
    const both = await coldRequest(`/categories/${category}/skills?platform=${platform}&updatedSince=2000-01-01T00:00:00Z&sort=updated`);
    expect(both.status).toBe(200);
    SkillListEnvelope.parse(both.body);
    // The platforms masks are in the category list; no whole-directory order or mask column is read.
    expect(both.lists.filter((p) => !p.includes("/head/"))).toEqual(
      [...columns("updated"), `lists/category/${category}/updated-desc.bin`].sort(),
    );
  });
  it("a platform alone reads its head files within its head, the order and the platforms column past it", async () => {
    const { platforms } = site.manifest.vocabulary;
    // The platform with the most skills, and one with fewer than a page (or none).
    const byCount = [...platforms].sort(
      (a, b) => site.records.filter((r) => r.platforms.includes(b)).length - site.records.filter((r) => r.platforms.includes(a)).length,
    );
    let compared = 0;
    for (const platform of [byCount[0]!, byCount[byCount.length - 1]!])
      for (const [sort, order] of [
        ["stars", "desc"],
        ["name", "asc"],
        ["updated", "asc"],
      ] as const) {
        const ordinals = fromLittleEndian(readFileSync(join(site.dir, "site", DATA_PATH, listOrderFile(sort, order))));
        const matches = Array.from(ordinals).filter((o) => site.records[o]!.platforms.includes(platform));
        for (const [page, limit] of PAGES) {
          const path = `/skills?platform=${platform}&sort=${sort}&order=${order}&page=${page}&limit=${limit}`;
          const { inHead, past } = await samePageOnBoth(path, matches, page, limit);
          const start = (page - 1) * limit;
          const end = Math.max(start, Math.min(page * limit, matches.length));
          const headFiles = (chunk: number) =>
            start >= end
              ? []
              : Array.from(
                  { length: Math.floor((end - 1) / chunk) - Math.floor(start / chunk) + 1 },
                  (_, k) =>
                    `lists/platform/${platform}/head/${sort}-${order}/${String(Math.floor(start / chunk) + k).padStart(4, "0")}.bin`,
                );
          expect(inHead.lists).toEqual(headFiles(LIST_HEAD.chunk));
          // A page past the end reads nothing; one within the short head its head files; one past it walks the order.
          expect(past.lists).toEqual(
            end <= 12 || start >= matches.length ? headFiles(5) : [...columns("platforms"), `lists/${sort}-${order}.bin`, REFS].sort(),
          );
          compared++;
        }
      }
    expect(compared).toBe(36);
  });
  it("the blocks over all skills are written only when some skill is malicious (trust=any reads them then alone)", () => {
    const folder = (on: SearchSite, set: string) => existsSync(join(on.dir, "site", DATA_PATH, `lists/blocks/${set}`));
    for (const on of [site, shortHeads])
      expect([folder(on, "listed"), folder(on, "all")]).toEqual([true, on.manifest.counts.malicious > 0]);
  });
  it("updatedSince alone reads the updated order's head files when the skills updated since fit in it; past it, the orders' steps and blocks", async () => {
    const times = [...site.records].map((r) => r.updatedAt).sort();
    let compared = 0;
    const kinds = new Set<string>();
    for (const since of [
      "1999-01-01T00:00:00Z",
      times[0]!,
      times[Math.floor(times.length / 3)]!,
      times[Math.floor(times.length / 2)]!,
      times[times.length - 15]!,
      times[times.length - 5]!,
      times[times.length - 1]!,
      "2099-01-01T00:00:00Z",
    ])
      for (const [sort, order] of [
        ["updated", "desc"],
        ["updated", "asc"],
        ["stars", "desc"],
        ["name", "asc"],
      ] as const) {
        const ordinals = fromLittleEndian(readFileSync(join(site.dir, "site", DATA_PATH, listOrderFile(sort, order))));
        const matches = Array.from(ordinals).filter((o) => Date.parse(site.records[o]!.updatedAt) >= Date.parse(since));
        for (const [page, limit] of [
          [1, 5],
          [2, 3],
          [3, 4],
          [1, 100],
          [40, 50],
        ] as const) {
          const path = `/skills?updatedSince=${since}&sort=${sort}&order=${order}&page=${page}&limit=${limit}`;
          const { inHead, past } = await samePageOnBoth(path, matches, page, limit);
          // Every skill fits the long head: its updated head files alone are read, whatever the order.
          expect(inHead.lists).toContain("lists/head/updated-desc/0000.bin");
          expect(inHead.lists.filter((p) => !p.startsWith("lists/head/updated-desc/"))).toEqual([]);
          // The short head holds 12: fewer recent skills are read from it; 12 or more may reach past it.
          const beyond = past.lists.filter((p) => !p.startsWith("lists/head/updated-desc/"));
          const empty = (page - 1) * limit >= matches.length;
          if (matches.length < 12) expect(beyond).toEqual([]);
          else {
            // Counted from the steps and the block of 8 that holds the last match of the newest-first order.
            const counted = [`lists/blocks/listed/updated-desc/${block(matches.length - 1)}.bin`, "lists/blocks/listed/updated-steps.bin"];
            const n = site.records.length;
            const [start, want] = [(page - 1) * limit, Math.min(page * limit, matches.length)];
            const blocks = (from: number, to: number) =>
              Array.from(
                { length: (to >> 3) - (from >> 3) + 1 },
                (_, k) => `lists/blocks/listed/${sort}-${order}/${block(from + k * 8)}.bin`,
              );
            let expected: string[];
            if (empty) expected = counted;
            else if (sort === "updated") {
              // One run of the updated order: a page past the head reads the blocks it spans (and their summaries).
              const from = order === "asc" ? n - matches.length : 0;
              const [first, last] = [from + start, from + want - 1];
              expected = [...counted, ...(last < 12 ? [] : blocks(first, last))];
            } else if (want * n > MAX_WALKED_BLOCKS * 8 * matches.length) {
              // Too deep for the order's first blocks on average: the walk of the order file with the column.
              expected = [...counted, ...columns("updated"), `lists/${sort}-${order}.bin`, REFS].sort();
              kinds.add("too deep");
            } else {
              // Another order: its blocks up to the one holding the page's last match, and its head files within the head.
              const lastAt = ordinals.indexOf(matches[want - 1]!);
              expected = [...counted, ...blocks(0, lastAt)];
              kinds.add(lastAt < 12 ? "blocks, head files" : "blocks, summaries");
            }
            expect(beyond.filter((p) => !p.includes("/head/"))).toEqual([...new Set(expected)].sort());
          }
          compared++;
        }
      }
    expect(compared).toBe(160);
    // Every way another order's page is found comes up.
    expect([...kinds].sort()).toEqual(["blocks, head files", "blocks, summaries", "too deep"]);
  });
  it("without a category, each filter adds its own column", async () => {
    const platform = site.manifest.vocabulary.platforms.find((p) => site.records.some((s) => s.platforms.includes(p)))!;
    const r = await coldRequest(`/skills?platform=${platform}&updatedSince=2000-01-01T00:00:00Z&sort=name`);
    expect(r.status).toBe(200);
    SkillListEnvelope.parse(r.body);
    expect(r.lists).toEqual([...columns("platforms", "updated"), "lists/name-asc.bin", REFS].sort());
  });
  it("category pages are the whole order filtered, within, across and past the category heads", async () => {
    const { categories, platforms } = site.manifest.vocabulary;
    const byCount = [...categories].sort(
      (a, b) => site.records.filter((r) => r.categories.includes(b)).length - site.records.filter((r) => r.categories.includes(a)).length,
    );
    const [big, second] = byCount as [string, string];
    const platform = platforms.find((p) => site.records.filter((r) => r.categories.includes(big) && r.platforms.includes(p)).length > 12)!;
    const since = [...site.records].map((r) => r.updatedAt).sort()[Math.floor(site.records.length / 3)]!;
    let compared = 0;
    for (const [sort, order] of [
      ["stars", "desc"],
      ["name", "asc"],
      ["updated", "desc"],
    ] as const) {
      const ordinals = fromLittleEndian(readFileSync(join(site.dir, "site", DATA_PATH, listOrderFile(sort, order))));
      for (const filter of [{}, { platform }, { since }, { also: second }, { platform, since }]) {
        const matches = Array.from(ordinals).filter((o) => {
          const r = site.records[o]!;
          return (
            r.categories.includes(big) &&
            (!("platform" in filter) || r.platforms.includes(filter.platform!)) &&
            (!("since" in filter) || Date.parse(r.updatedAt) >= Date.parse(filter.since!)) &&
            (!("also" in filter) || r.categories.includes(filter.also!))
          );
        });
        const query = [
          `sort=${sort}`,
          `order=${order}`,
          ...("platform" in filter ? [`platform=${filter.platform}`] : []),
          ...("since" in filter ? [`updatedSince=${filter.since}`] : []),
          ...("also" in filter ? [`category=${filter.also}`] : []),
        ].join("&");
        for (const [page, limit] of PAGES) {
          const path = `/categories/${big}/skills?${query}&page=${page}&limit=${limit}`;
          await samePageOnBoth(path, matches, page, limit);
          compared++;
        }
      }
    }
    expect(compared).toBe(90);
  });
});

describe("the search index's layout is a file of its own, read by search and autocomplete alone", () => {
  it("the manifest names it, with its format and size, and carries none of it", () => {
    const ref = site.manifest.search!;
    expect(ref.file).toMatch(/^search\/layout\/[0-9a-f]{16}\.json$/);
    const text = readFileSync(join(site.dir, "site", DATA_PATH, ref.file));
    expect(text.length).toBe(ref.bytes);
    expect(SearchManifest.parse(JSON.parse(text.toString("utf8"))).format).toBe(ref.format);
    expect(Object.keys(ref).sort()).toEqual(["bytes", "file", "format"]);
  });
  it("a cold search and a cold autocomplete read it once; a list, a lookup and a category do not", async () => {
    const layout = site.manifest.search!.file;
    for (const path of ["/skills/search?q=quenzite", "/skills/autocomplete?q=qu"]) {
      const r = await coldRequest(path);
      expect(r.status).toBe(200);
      expect(r.fetched.filter((p) => p === layout)).toEqual([layout]);
    }
    const first = SkillListEnvelope.parse((await coldRequest("/skills?limit=1")).body).data[0]!;
    for (const path of [
      "/skills?limit=5",
      `/skills/${first.owner}/${first.repo}`,
      "/categories",
      `/skills/${first.owner}/${first.repo}/stats`,
    ]) {
      const r = await coldRequest(path);
      expect(r.status, path).toBe(200);
      expect(r.fetched).toContain("manifest.json");
      expect(
        r.fetched.filter((p) => p.startsWith("search/")),
        path,
      ).toEqual([]);
    }
  });
});

describe("a cold search reads stars, updated and its filters' columns", () => {
  it("unfiltered", async () => {
    const r = await coldRequest("/skills/search?q=quenzite");
    expect(r.status).toBe(200);
    expect(SearchEnvelope.parse(r.body).data.length).toBeGreaterThan(0);
    expect(r.lists).toEqual([...columns("stars", "updated"), REFS]);
  });
  it("filtered by minStars and hasIndex", async () => {
    const r = await coldRequest("/skills/search?q=quenzite&minStars=1&hasIndex=false");
    expect(r.status).toBe(200);
    SearchEnvelope.parse(r.body);
    expect(r.lists).toEqual([...columns("flags", "stars", "updated"), REFS]);
  });
});
