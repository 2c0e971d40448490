// Unit tests of the pure parts of the read API: views, ordering, pagination, routing, locales,
// ETags, shard addressing and output-path safety.
import { describe, expect, it } from "vitest";
import { bodyStart } from "../../src/render/skill-views.js";
import { compareNames } from "../../src/render/list-order.js";
import { bitmask, decodeColumns, encodeColumns, fromLittleEndian, toLittleEndian } from "../../src/render/columns.js";
import { pagination } from "../../src/api/skill-lists.js";
import { pathSegments, route } from "../../src/api/router.js";
import { resolveLocale } from "../../src/api/categories.js";
import { matchesEtag } from "../../src/api/http.js";
import { fnv1a, packRef, refShard, refSlot, shardCountFor } from "../../src/dataset/shard.js";
import { ensureWithin } from "../../src/render/output.js";
import { compareKeys, skillKey } from "../../src/dataset/key.js";
import { parseQuery } from "../../src/api/query.js";
import { listQuery } from "../../src/schemas/params.js";
import { ApiError } from "../../src/api/errors.js";
import { WeightedLru } from "../../src/api/lru.js";

describe("bodyStart", () => {
  it("skips a frontmatter block, with BOM and CRLF too", () => {
    expect("---\nname: a\n---\n# Body".slice(bodyStart("---\nname: a\n---\n# Body"))).toBe("# Body");
    const spaced = "---\nname: a\n---\n\n  \n# Body\n";
    expect(spaced.slice(bodyStart(spaced))).toBe("# Body\n");
    const crlf = "\uFEFF---\r\nname: a\r\n---\r\nText";
    expect(crlf.slice(bodyStart(crlf))).toBe("Text");
  });
  it("keeps a file without frontmatter, or with a block that never closes, whole", () => {
    expect(bodyStart("# Title\n---\n")).toBe(0);
    expect(bodyStart("---\nname: a\nno end")).toBe(0);
    expect(bodyStart("")).toBe(0);
  });
});

describe("ordering", () => {
  it("compares names case-insensitively, then exactly", () => {
    expect(["b", "A", "a", "C"].sort(compareNames)).toEqual(["A", "a", "b", "C"]);
  });
  it("orders keys by lower-cased owner/repo", () => {
    const items = [
      { owner: "b", repo: "x" },
      { owner: "A", repo: "y" },
      { owner: "a", repo: "x" },
    ];
    expect(items.sort(compareKeys).map((i) => skillKey(i.owner, i.repo))).toEqual(["a/x", "a/y", "b/x"]);
  });
});

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
  const external = { search: async () => ({ body: { data: "search" } }), autocomplete: async () => ({ body: { data: "ac" } }) };
  it("decodes each segment on its own, so an encoded slash stays in its segment", () => {
    expect(pathSegments("/api/v1/skills/a%2Fb/c")).toEqual(["skills", "a/b", "c"]);
    expect(pathSegments("/api/v1/skills/")).toEqual(["skills"]);
  });
  it("rejects bad percent-encoding and over-long paths with INVALID_PARAMS", () => {
    expect(() => pathSegments("/api/v1/skills/%E0%A4%A")).toThrow(ApiError);
    expect(() => pathSegments(`/api/v1/${"x".repeat(5000)}`)).toThrow(/longer than/);
  });
  it("maps every endpoint and nothing else", () => {
    expect(route(["skills"], external)).toBeTypeOf("function");
    expect(route(["skills", "search"], external)).toBe(external.search);
    expect(route(["skills", "autocomplete"], external)).toBe(external.autocomplete);
    for (const p of [
      ["skills", "o", "r"],
      ["skills", "o", "r", "content"],
      ["skills", "o", "r", "stats"],
      ["categories"],
      ["categories", "x"],
      ["categories", "x", "skills"],
      ["openapi.json"],
    ]) {
      expect(route(p, external), p.join("/")).toBeTypeOf("function");
    }
    for (const p of [
      [],
      ["skills", "x"],
      ["skills", "o", "r", "other"],
      ["skills", "o", "r", "content", "x"],
      ["categories", "x", "y"],
      ["nothing"],
    ]) {
      expect(route(p, external), p.join("/")).toBeUndefined();
    }
  });
});

describe("query parameters", () => {
  const schema = listQuery({ categories: ["frontend"], platforms: ["codex"] });
  const parse = (qs: string) => parseQuery(new URL(`http://x/?${qs}`), schema, ["page", "limit", "sort", "order", "category", "platform"]);
  it("applies the defaults of DESIGN.md", () => {
    expect(parse("")).toEqual({ page: 1, limit: 20, sort: "stars", order: "desc" });
    expect(parse("sort=name")).toMatchObject({ order: "asc" });
  });
  it("names the parameter and what is allowed", () => {
    expect(() => parse("limit=500")).toThrow(/`limit` must be at most 100/);
    expect(() => parse("category=x")).toThrow(/`category` must be one of: frontend/);
    expect(() => parse("page=1&page=2")).toThrow(/`page` is given 2 times/);
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

describe("shards and columns", () => {
  it("hashes stably and packs references losslessly", () => {
    expect(fnv1a("anthropics/skills")).toBe(fnv1a("anthropics/skills"));
    expect(fnv1a("a")).not.toBe(fnv1a("b"));
    expect(shardCountFor(0, 100)).toBe(1);
    expect(shardCountFor(1000, 100)).toBe(16);
    const ref = packRef(1234, 567);
    expect([refShard(ref), refSlot(ref)]).toEqual([1234, 567]);
  });
  it("round-trips u32 columns through little-endian bytes", () => {
    const words = Uint32Array.from([0, 1, 0xffffffff, 123456789]);
    expect(Array.from(fromLittleEndian(toLittleEndian(words)))).toEqual(Array.from(words));
    expect(toLittleEndian(Uint32Array.from([1]))).toEqual(Uint8Array.from([1, 0, 0, 0]));
  });
  it("builds bitmasks and refuses unknown values", () => {
    expect(bitmask(["b", "c"], ["a", "b", "c"])).toBe(6);
    expect(() => bitmask(["z"], ["a"])).toThrow(/unknown value/);
    expect(decodeColumns(encodeColumns([], [], { categories: [], platforms: [] })).count).toBe(0);
  });
});

describe("output paths", () => {
  it("stay inside the output folder", () => {
    expect(ensureWithin("/out", "_data/skills/0001.json")).toBe("/out/_data/skills/0001.json");
    for (const bad of ["../x", "a/../../x", "/etc/passwd", "", "a\0b"]) expect(() => ensureWithin("/out", bad), bad).toThrow(/refusing/);
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
