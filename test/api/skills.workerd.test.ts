// The skill endpoints through the real runtime (wrangler pages dev): shapes, orders, filters,
// pagination, lookups, and every error case of the README and docs/.

import { createHash } from "node:crypto";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { type Dataset, readDataset } from "../../src/dataset/files.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import {
  ErrorEnvelope,
  SkillContentEnvelope,
  SkillDetailEnvelope,
  SkillListEnvelope,
  SkillStatsEnvelope,
} from "../../src/schemas/envelope.js";
import { call } from "../support/http.js";
import { referenceFind, referenceList } from "../support/list-reference.js";

let dataset: Dataset;
beforeAll(async () => {
  dataset = await readDataset(join(PROJECT_ROOT, "data"));
});

const expectError = (answer: { status: number; body: unknown; headers: Headers }, status: number, code: string) => {
  expect(answer.status).toBe(status);
  expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
  const body = ErrorEnvelope.parse(answer.body);
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(5);
  expect(body.meta.requestId).toBe(answer.headers.get("x-request-id"));
};

describe("GET /skills", () => {
  it("lists by stars, most first, 20 a page, with the pagination of the whole set", async () => {
    const a = await call("/skills");
    expect(a.status).toBe(200);
    expect(a.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(a.headers.get("access-control-allow-origin")).toBe("*");
    const body = SkillListEnvelope.parse(a.body);
    expect(body.data).toEqual(referenceList(dataset, {}).data);
    expect(body.pagination).toEqual({
      page: 1,
      limit: 20,
      total: dataset.records.length,
      totalPages: Math.ceil(dataset.records.length / 20),
    });
    expect(body.meta.requestId).toBe(a.headers.get("x-request-id"));
  });

  it.each([
    ["stars", "asc"],
    ["stars", "desc"],
    ["updated", "asc"],
    ["updated", "desc"],
    ["name", "asc"],
    ["name", "desc"],
  ] as const)("sorts by %s %s with ties broken by owner/repo", async (sort, order) => {
    const a = await call(`/skills?sort=${sort}&order=${order}&limit=100`);
    const body = SkillListEnvelope.parse(a.body);
    expect(body.data.map((s) => `${s.owner}/${s.repo}`)).toEqual(
      referenceList(dataset, { sort, order, limit: 100 }).data.map((s) => `${s.owner}/${s.repo}`),
    );
  });

  it("defaults the order to asc for name and desc for updated", async () => {
    const byName = SkillListEnvelope.parse((await call("/skills?sort=name&limit=5")).body);
    expect(byName.data).toEqual(referenceList(dataset, { sort: "name", order: "asc", limit: 5 }).data);
    const byUpdated = SkillListEnvelope.parse((await call("/skills?sort=updated&limit=5")).body);
    expect(byUpdated.data).toEqual(referenceList(dataset, { sort: "updated", order: "desc", limit: 5 }).data);
  });

  it("filters by category and by platform, and by both", async () => {
    const platform = "chatgpt";
    const category = dataset.records.find((r) => r.platforms.includes(platform))!.categories[0]!;
    const sets: { category?: string; platform?: string }[] = [{ category }, { platform }, { category, platform }];
    for (const params of sets) {
      const qs = new URLSearchParams({ ...params, limit: "100" } as Record<string, string>).toString();
      const body = SkillListEnvelope.parse((await call(`/skills?${qs}`)).body);
      const expected = referenceList(dataset, { ...params, limit: 100 });
      expect(body.data).toEqual(expected.data);
      expect(body.pagination.total).toBe(expected.pagination.total);
      expect(body.pagination.total).toBeGreaterThan(0);
      for (const s of body.data) {
        if ("category" in params) expect(s.categories).toContain(category);
        if ("platform" in params) expect(s.platforms).toContain(platform);
      }
    }
  });

  it("pages through the whole list without gaps or repeats", async () => {
    const seen: string[] = [];
    const limit = 7;
    const pages = Math.ceil(dataset.records.length / limit);
    for (let page = 1; page <= pages; page++) {
      const body = SkillListEnvelope.parse((await call(`/skills?limit=${limit}&page=${page}`)).body);
      expect(body.pagination).toEqual({ page, limit, total: dataset.records.length, totalPages: pages });
      seen.push(...body.data.map((s) => s.id));
    }
    expect(seen).toHaveLength(dataset.records.length);
    expect(new Set(seen).size).toBe(dataset.records.length);
  });

  it("answers a page beyond the last with an empty list and the pagination of the request", async () => {
    const body = SkillListEnvelope.parse((await call("/skills?page=999&limit=10")).body);
    expect(body.data).toEqual([]);
    expect(body.pagination).toEqual({
      page: 999,
      limit: 10,
      total: dataset.records.length,
      totalPages: Math.ceil(dataset.records.length / 10),
    });
  });

  it("ignores unknown parameters", async () => {
    const body = SkillListEnvelope.parse((await call("/skills?limit=3&utm_source=x")).body);
    expect(body.data).toEqual(referenceList(dataset, { limit: 3 }).data);
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=abc", "limit"],
    ["limit=-1", "limit"],
    ["limit=2.5", "limit"],
    ["page=0", "page"],
    ["page=x", "page"],
    ["sort=popularity", "sort"],
    ["order=up", "order"],
    ["category=astrology", "category"],
    ["platform=emacs", "platform"],
    ["limit=5&limit=6", "limit"],
  ])("rejects %s with 400 INVALID_PARAMS naming the parameter", async (qs, name) => {
    const a = await call(`/skills?${qs}`);
    expectError(a, 400, "INVALID_PARAMS");
    expect(a.body.error.message).toContain(name);
  });

  it("names the allowed values of an unknown category filter", async () => {
    const a = await call("/skills?category=astrology");
    expect(a.body.error.message).toContain("frontend");
  });
});

describe("GET /skills/{owner}/{repo}", () => {
  it("returns the detail of every skill, validated by the schema", async () => {
    for (const r of dataset.records) {
      const a = await call(`/skills/${r.owner}/${r.repo}`);
      expect(a.status).toBe(200);
      const { data } = SkillDetailEnvelope.parse(a.body);
      expect(data).toMatchObject({ id: r.id, owner: r.owner, repo: r.repo, name: r.name, stars: r.stars, license: r.license });
      expect(Object.keys(data.installCommands).sort()).toEqual([...r.platforms].sort());
      expect(data.skills.map((s) => s.path).sort()).toEqual(r.files.map((f) => f.path).sort());
      expect(data.skills[0]!.path).toBe(r.primary);
      const raw = r.files.find((f) => f.path === r.primary)!.content;
      // The body: a non-empty suffix of the raw file, without the frontmatter block or the blank lines after it.
      expect(data.content.trim().length).toBeGreaterThan(0);
      expect(raw.endsWith(data.content)).toBe(true);
      expect(data.content).toBe(data.content.trimStart());
      if (/^\uFEFF?---\r?\n/.test(raw)) expect(raw.slice(0, raw.length - data.content.length).trimEnd()).toMatch(/\n---$/);
    }
  });

  it("finds a skill case-insensitively and answers in GitHub's case", async () => {
    const r = dataset.records.find((x) => /[A-Z]/.test(x.owner + x.repo)) ?? dataset.records[0]!;
    const a = await call(`/skills/${r.owner.toUpperCase()}/${r.repo.toLowerCase()}`);
    expect(a.status).toBe(200);
    expect(SkillDetailEnvelope.parse(a.body).data).toMatchObject({ owner: r.owner, repo: r.repo });
  });

  it("resolves a renamed repository's old name to the new record", async () => {
    const renamed = dataset.records.find((r) => r.aliases.length > 0);
    expect(renamed, "the embedded dataset has a renamed repository").toBeDefined();
    const [owner, repo] = renamed!.aliases[0]!.split("/");
    const { data } = SkillDetailEnvelope.parse((await call(`/skills/${owner}/${repo}`)).body);
    expect(data.id).toBe(renamed!.id);
    expect(`${data.owner}/${data.repo}`).toBe(`${renamed!.owner}/${renamed!.repo}`);
  });

  it("answers an unknown skill with 404 NOT_FOUND in the envelope", async () => {
    expectError(await call("/skills/nobody-here/nothing-here"), 404, "NOT_FOUND");
    expectError(await call("/skills/nobody-here/nothing-here/content"), 404, "NOT_FOUND");
    expectError(await call("/skills/nobody-here/nothing-here/stats"), 404, "NOT_FOUND");
  });
});

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

describe("GET /skills/{owner}/{repo}/content and /stats", () => {
  it("returns the raw SKILL.md with its blob sha and byte size", async () => {
    for (const r of dataset.records.slice(0, 20)) {
      const { data } = SkillContentEnvelope.parse((await call(`/skills/${r.owner}/${r.repo}/content`)).body);
      const primary = r.files.find((f) => f.path === r.primary)!;
      expect(data).toEqual({ content: primary.content, sha: primary.sha, size: primary.size, sha256: sha256(primary.content) });
      expect(Buffer.byteLength(data.content)).toBe(data.size);
    }
  });

  it("returns any SKILL.md of a collection by path, and 404 for a path it lacks", async () => {
    const collection = dataset.records.find((r) => r.files.length > 3)!;
    for (const f of collection.files) {
      const a = await call(`/skills/${collection.owner}/${collection.repo}/content?path=${encodeURIComponent(f.path)}`);
      expect(SkillContentEnvelope.parse(a.body).data).toEqual({ content: f.content, sha: f.sha, size: f.size, sha256: sha256(f.content) });
    }
    expectError(await call(`/skills/${collection.owner}/${collection.repo}/content?path=nope/SKILL.md`), 404, "NOT_FOUND");
  });

  it("returns stats: operator counters or 0, and the star history", async () => {
    for (const r of dataset.records) {
      const { data } = SkillStatsEnvelope.parse((await call(`/skills/${r.owner}/${r.repo}/stats`)).body);
      const counters = dataset.stats[`${r.owner}/${r.repo}`];
      expect(data).toEqual({
        views: counters?.views ?? 0,
        installs: counters?.installs ?? 0,
        favorites: counters?.favorites ?? 0,
        starHistory: r.starHistory,
      });
    }
  });
});

describe("the lookup agrees with the reference for every key form", () => {
  it("finds exactly the records the reference finds", async () => {
    const probes = dataset.records.flatMap((r) => [
      [r.owner, r.repo],
      [r.owner.toLowerCase(), r.repo.toUpperCase()],
      [r.owner, `${r.repo}-missing`],
      [`${r.owner}x`, r.repo],
      ...r.aliases.map((a) => a.split("/")),
    ]);
    let misses = 0;
    for (const [owner, repo] of probes) {
      const expected = referenceFind(dataset, owner!, repo!);
      const a = await call(`/skills/${owner}/${repo}`);
      expect(a.status).toBe(expected ? 200 : 404);
      if (expected) expect(a.body.data.id).toBe(expected.id);
      else misses++;
    }
    expect(misses).toBeGreaterThan(0);
  });
});
