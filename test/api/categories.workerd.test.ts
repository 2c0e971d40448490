// The category endpoints through the real runtime: counts, locales, details, category skill lists.

import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { type Dataset, readDataset } from "../../src/dataset/files.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { CategoryDetailEnvelope, CategoryListEnvelope, ErrorEnvelope, SkillListEnvelope } from "../../src/schemas/envelope.js";
import { call } from "../support/http.js";
import { referenceList } from "../support/list-reference.js";

let dataset: Dataset;
beforeAll(async () => {
  dataset = await readDataset(join(PROJECT_ROOT, "data"));
});

describe("GET /categories", () => {
  it("lists the 24 categories of the contract in English with true counts", async () => {
    const a = await call("/categories");
    expect(a.status).toBe(200);
    expect(a.headers.get("content-language")).toBe("en");
    const { data } = CategoryListEnvelope.parse(a.body);
    expect(data.map((c) => c.slug)).toEqual(dataset.categories.categories.map((c) => c.slug));
    expect(data).toHaveLength(24);
    expect(data.find((c) => c.slug === "ai-ml")!.name).toBe("AI/Machine Learning");
    expect(data.find((c) => c.slug === "hr")!.name).toBe("Human Resources");
    for (const c of data) {
      expect(c.skillCount).toBe(dataset.records.filter((r) => r.categories.includes(c.slug)).length);
      for (const sub of c.subcategories) {
        expect(sub.skillCount).toBe(dataset.records.filter((r) => r.subcategories.includes(`${c.slug}/${sub.slug}`)).length);
      }
    }
  });

  it("answers in each supported locale, and falls back to English for an unknown one", async () => {
    for (const locale of dataset.categories.locales) {
      const a = await call(`/categories?locale=${locale}`);
      expect(a.headers.get("content-language")).toBe(locale);
      const { data } = CategoryListEnvelope.parse(a.body);
      const def = dataset.categories.categories[0]!;
      expect(data[0]!.name).toBe(def.names[locale] ?? def.names.en);
    }
    const regional = await call("/categories?locale=pt-BR");
    expect(regional.headers.get("content-language")).toBe("pt");
    const unknown = await call("/categories?locale=tlh");
    expect(unknown.status).toBe(200);
    expect(unknown.headers.get("content-language")).toBe("en");
  });

  it("rejects a malformed locale with 400 INVALID_PARAMS", async () => {
    const a = await call("/categories?locale=../../etc");
    expect(a.status).toBe(400);
    expect(ErrorEnvelope.parse(a.body).error.code).toBe("INVALID_PARAMS");
    expect(a.body.error.message).toContain("locale");
  });
});

describe("GET /categories/{slug}", () => {
  it("returns each category with its top skills by stars", async () => {
    for (const def of dataset.categories.categories) {
      const { data } = CategoryDetailEnvelope.parse((await call(`/categories/${def.slug}`)).body);
      expect(data.slug).toBe(def.slug);
      const expected = referenceList(dataset, { category: def.slug, limit: 10 }).data.map((s) => ({
        owner: s.owner,
        repo: s.repo,
        name: s.name,
        stars: s.stars,
        verdict: s.verdict,
      }));
      expect(data.topSkills).toEqual(expected);
    }
  });

  it("answers an unknown category with 404 NOT_FOUND", async () => {
    for (const path of ["/categories/astrology", "/categories/astrology/skills", "/categories/__proto__", "/categories/constructor"]) {
      const a = await call(path);
      expect(a.status).toBe(404);
      expect(ErrorEnvelope.parse(a.body).error.code).toBe("NOT_FOUND");
    }
  });
});

describe("GET /categories/{slug}/skills", () => {
  it("lists a category's skills like /skills?category=", async () => {
    for (const def of dataset.categories.categories.slice(0, 6)) {
      const body = SkillListEnvelope.parse((await call(`/categories/${def.slug}/skills?sort=name&limit=50`)).body);
      expect(body).toMatchObject(referenceList(dataset, { sort: "name", limit: 50 }, def.slug));
    }
  });

  it("takes the same parameters and errors as /skills", async () => {
    const a = await call("/categories/frontend/skills?limit=1000");
    expect(a.status).toBe(400);
    expect(a.body.error.code).toBe("INVALID_PARAMS");
  });
});
