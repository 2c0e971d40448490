// Which list-index files a cold request reads: one file per column, so an unfiltered list reads its
// order file and the summaries' refs, a filter adds only its own column, and search adds stars and
// updated (its ranking) plus its filters. Each request runs in-process on a fresh store over the built
// fixture site, and its answer is checked against its envelope schema as well.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AssetFetcher } from "../../src/api/env.js";
import { handleRequest } from "../../src/api/handle.js";
import { createServices } from "../../src/api/services.js";
import { DATA_PATH } from "../../src/contract/paths.js";
import { folderAssets } from "../../src/node/folder-assets.js";
import { SearchEnvelope, SkillListEnvelope } from "../../src/schemas/envelope.js";
import { buildSearchSite, type SearchSite } from "../support/search-site.js";

let site: SearchSite;
beforeAll(async () => {
  site = await buildSearchSite("column-reads-");
}, 120_000);
afterAll(() => rmSync(site.dir, { recursive: true, force: true }));

const allow = { check: async () => ({}) };

/** GETs `path` on a fresh isolate's services; returns the parsed body and the list-index files fetched. */
async function coldRequest(path: string): Promise<{ status: number; body: unknown; lists: string[] }> {
  const inner = folderAssets(join(site.dir, "site"));
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
  return { status: res.status, body: await res.json(), lists };
}

const columns = (...names: string[]) => names.map((n) => `lists/columns/${n}.bin`);

describe("a cold list reads only the columns it uses", () => {
  it("unfiltered: its order file and the refs", async () => {
    const r = await coldRequest("/skills?sort=name&order=asc&limit=5");
    expect(r.status).toBe(200);
    const body = SkillListEnvelope.parse(r.body);
    expect(body.data).toHaveLength(5);
    expect(body.pagination.total).toBe(site.records.length);
    expect(r.lists).toEqual([...columns("ref"), "lists/name-asc.bin"].sort());
  });
  it("a page past the end reads no column at all", async () => {
    const r = await coldRequest("/skills?page=999&limit=100");
    expect(r.status).toBe(200);
    expect(SkillListEnvelope.parse(r.body).data).toEqual([]);
    expect(r.lists).toEqual(["lists/stars-desc.bin"]);
  });
  it("each filter adds its own column", async () => {
    const { categories, platforms } = site.manifest.vocabulary;
    const category = categories.find((c) => site.records.some((s) => s.categories.includes(c)))!;
    const byCategory = await coldRequest(`/skills?category=${category}`);
    expect(byCategory.status).toBe(200);
    const expected = site.records.filter((s) => s.categories.includes(category)).length;
    expect(SkillListEnvelope.parse(byCategory.body).pagination.total).toBe(expected);
    expect(byCategory.lists).toEqual([...columns("categories", "ref"), "lists/stars-desc.bin"].sort());

    const platform = platforms.find((p) => site.records.some((s) => s.platforms.includes(p)))!;
    const both = await coldRequest(`/categories/${category}/skills?platform=${platform}&updatedSince=2000-01-01T00:00:00Z&sort=updated`);
    expect(both.status).toBe(200);
    SkillListEnvelope.parse(both.body);
    expect(both.lists).toEqual([...columns("categories", "platforms", "ref", "updated"), "lists/updated-desc.bin"].sort());
  });
});

describe("a cold search reads stars, updated and its filters' columns", () => {
  it("unfiltered", async () => {
    const r = await coldRequest("/skills/search?q=quenzite");
    expect(r.status).toBe(200);
    expect(SearchEnvelope.parse(r.body).data.length).toBeGreaterThan(0);
    expect(r.lists).toEqual(columns("ref", "stars", "updated"));
  });
  it("filtered by minStars and hasIndex", async () => {
    const r = await coldRequest("/skills/search?q=quenzite&minStars=1&hasIndex=false");
    expect(r.status).toBe(200);
    SearchEnvelope.parse(r.body);
    expect(r.lists).toEqual(columns("flags", "ref", "stars", "updated"));
  });
});
