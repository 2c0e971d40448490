// Unit tests of the pure parts of the function: pagination, routing, query parameters, locales,
// ETags and the per-isolate LRU.
import { describe, expect, it } from "vitest";
import { resolveLocale } from "../../src/api/categories.js";
import { matchesEtag } from "../../src/api/http.js";
import { WeightedLru } from "../../src/api/lru.js";
import { parseQuery } from "../../src/api/query.js";
import { pathSegments, route } from "../../src/api/router.js";
import { autocompleteRoute, searchRoute } from "../../src/api/search.js";
import { pagination } from "../../src/api/skill-lists.js";
import { ApiError } from "../../src/contract/errors.js";
import { listQuery } from "../../src/schemas/params.js";

describe("pagination", () => {
  it.each([
    [1, 20, 0, 0],
    [1, 20, 20, 1],
    [1, 20, 21, 2],
    [3, 7, 64, 10],
    [99, 10, 5, 1],
  ])("page %i limit %i of %i items has %i pages", (page, limit, total, pages) => {
    expect(pagination(page, limit, total)).toEqual({ page, limit, total, totalPages: pages });
  });
});

describe("routing", () => {
  it("decodes each segment on its own, so an encoded slash stays in its segment", () => {
    expect(pathSegments("/api/v1/skills/a%2Fb/c")).toEqual(["skills", "a/b", "c"]);
    expect(pathSegments("/api/v1/skills/")).toEqual(["skills"]);
  });
  it("rejects bad percent-encoding and over-long paths with INVALID_PARAMS", () => {
    expect(() => pathSegments("/api/v1/skills/%E0%A4%A")).toThrow(ApiError);
    expect(() => pathSegments(`/api/v1/${"x".repeat(5000)}`)).toThrow(/longer than/);
  });
  it("maps every endpoint and nothing else", () => {
    expect(route(["skills"])).toBeTypeOf("function");
    expect(route(["skills", "search"])).toBe(searchRoute);
    expect(route(["skills", "autocomplete"])).toBe(autocompleteRoute);
    for (const p of [
      ["skills", "o", "r"],
      ["skills", "o", "r", "content"],
      ["skills", "o", "r", "stats"],
      ["categories"],
      ["categories", "x"],
      ["categories", "x", "skills"],
      ["openapi.json"],
    ]) {
      expect(route(p), p.join("/")).toBeTypeOf("function");
    }
    for (const p of [
      [],
      ["skills", "x"],
      ["skills", "o", "r", "other"],
      ["skills", "o", "r", "content", "x"],
      ["categories", "x", "y"],
      ["nothing"],
    ]) {
      expect(route(p), p.join("/")).toBeUndefined();
    }
  });
});

describe("query parameters", () => {
  const schema = listQuery({ categories: ["frontend"], platforms: ["codex"] });
  const parse = (qs: string) => parseQuery(new URL(`http://x/?${qs}`), schema, ["page", "limit", "sort", "order", "category", "platform"]);
  it("applies the documented defaults", () => {
    expect(parse("")).toEqual({ page: 1, limit: 20, sort: "stars", order: "desc", trust: "default" });
    expect(parse("sort=name")).toMatchObject({ order: "asc" });
  });
  it("names the parameter and what is allowed", () => {
    expect(() => parse("limit=500")).toThrow(/`limit` must be at most 100/);
    expect(() => parse("category=x")).toThrow(/`category` must be one of: frontend/);
    expect(() => parse("page=1&page=2")).toThrow(/`page` is given 2 times/);
  });
  it("says an enum's allowed values in a sentence, not the validator's words", () => {
    expect(() => parse("sort=popularity")).toThrow('`sort` must be one of stars, updated or name (got "popularity")');
    expect(() => parse("order=up")).toThrow('`order` must be asc or desc (got "up")');
  });
});

describe("locales", () => {
  it("matches exactly, then by language, then falls back to English", () => {
    const available = ["en", "zh", "pt"];
    expect(resolveLocale("zh", available)).toBe("zh");
    expect(resolveLocale("PT-br", available)).toBe("pt");
    expect(resolveLocale("fr", available)).toBe("en");
    expect(resolveLocale(undefined, available)).toBe("en");
  });
});

describe("ETags", () => {
  it("matches lists, weak forms and the wildcard", () => {
    expect(matchesEtag('"a", "b"', '"b"')).toBe(true);
    expect(matchesEtag('W/"b"', '"b"')).toBe(true);
    expect(matchesEtag("*", '"b"')).toBe(true);
    expect(matchesEtag('"c"', '"b"')).toBe(false);
    expect(matchesEtag(null, '"b"')).toBe(false);
  });
});

describe("the LRU", () => {
  it("evicts the least recently used entries beyond its weight", () => {
    const lru = new WeightedLru<number>(10);
    lru.set("a", 1, 4);
    lru.set("b", 2, 4);
    lru.get("a");
    lru.set("c", 3, 4);
    expect(lru.get("b")).toBeUndefined();
    expect(lru.get("a")).toBe(1);
    expect(lru.weight).toBe(8);
  });
});
