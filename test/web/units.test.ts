// Unit tests of the page's pure parts: the URL state of a search, the page routes shared with the
// function, the pacer that bounds the page's requests, and the page's words.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PAGE_BUDGET_PER_HOUR, PAGE_PACE, paceBound } from "../../src/contract/page-client.js";
import { matchPageRoute, pagePath } from "../../src/contract/page-routes.js";
import { translator } from "../../web/src/i18n.js";
import { createPacer } from "../../web/src/pacer.js";
import { apiRequest, EMPTY_STATE, readState, type SearchState, SORTS, writeState } from "../../web/src/search-state.js";
import { findChromium, INSTALL_CHROMIUM, launchChromium } from "./browser.js";

const stateArb: fc.Arbitrary<SearchState> = fc.record({
  q: fc.string({ maxLength: 200 }),
  category: fc.constantFrom("", "frontend", "data"),
  platform: fc.constantFrom("", "codex", "cursor"),
  minStars: fc.nat({ max: 1_000_000 }),
  hasIndex: fc.boolean(),
  sort: fc.constantFrom(...SORTS),
  page: fc.integer({ min: 1, max: 1_000_000 }),
});

describe("search state in the URL", () => {
  it("reads back what it writes, for any state", () => {
    fc.assert(
      fc.property(stateArb, (state) => {
        expect(readState(new URLSearchParams(writeState(state).toString()))).toEqual(state);
      }),
    );
  });

  it("writes nothing for the default state and drops bad values when reading", () => {
    expect(writeState(EMPTY_STATE).toString()).toBe("");
    expect(readState(new URLSearchParams("page=0&minStars=-3&sort=best&hasIndex=yes"))).toEqual(EMPTY_STATE);
  });

  it("asks the search endpoint for a query and the list endpoint otherwise", () => {
    expect(apiRequest({ ...EMPTY_STATE, q: "pdf", minStars: 10, hasIndex: true, page: 2, sort: "name" })).toBe(
      "/skills/search?q=pdf&minStars=10&hasIndex=true&page=2&limit=20",
    );
    expect(apiRequest({ ...EMPTY_STATE, category: "data", sort: "updated" })).toBe("/skills?category=data&sort=updated&limit=20");
    // One character is not a search (the API would answer 400): the list is shown instead.
    expect(apiRequest({ ...EMPTY_STATE, q: "p" })).toBe("/skills?sort=stars&limit=20");
  });
});

describe("page routes", () => {
  it("matches the page's paths, with decoded parameters", () => {
    expect(matchPageRoute("/")).toEqual({ name: "home", params: {} });
    expect(matchPageRoute("/categories")).toEqual({ name: "categories", params: {} });
    expect(matchPageRoute("/categories/frontend/")).toEqual({ name: "category", params: { slug: "frontend" } });
    expect(matchPageRoute("/skills/Acme/design-tokens-skill")).toEqual({
      name: "skill",
      params: { owner: "Acme", repo: "design-tokens-skill" },
    });
    for (const path of ["/skills/acme", "/skills/acme/x/y", "/skills//x", "/nope", "/categories/a/b", "/skills/a%2Fb/c", "//"]) {
      expect(matchPageRoute(path), path).toBeUndefined();
    }
  });

  it("builds paths that match back to the same parameters", () => {
    const segment = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => !s.includes("/"));
    fc.assert(
      fc.property(segment, segment, (owner, repo) => {
        expect(matchPageRoute(pagePath("skill", { owner, repo }))).toEqual({ name: "skill", params: { owner, repo } });
      }),
    );
  });
});

describe("the page's pacer", () => {
  it("never lets more than burst + rate x t requests go in any t seconds", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5_000 }), { minLength: 1, maxLength: 400 }), (gaps) => {
        let clock = 0;
        const pacer = createPacer(PAGE_PACE, () => clock);
        const sent: number[] = [];
        for (const gap of gaps) {
          clock += gap;
          sent.push(clock + pacer.reserve());
        }
        sent.sort((a, b) => a - b);
        // Every window that starts at a send: the sends inside it stay within the bound.
        for (let i = 0; i < sent.length; i++) {
          for (let j = i; j < sent.length; j++) {
            const seconds = ((sent[j] ?? 0) - (sent[i] ?? 0)) / 1000;
            expect(j - i + 1).toBeLessThanOrEqual(paceBound(PAGE_PACE, seconds) + 1);
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it("keeps ten minutes of the page's pace under the page tier's hourly budget", () => {
    expect(paceBound(PAGE_PACE, 600)).toBeLessThan(PAGE_BUDGET_PER_HOUR);
  });

  it("lets a burst through at once and delays what follows", () => {
    const pacer = createPacer({ burst: 3, perSecond: 2 }, () => 0);
    expect([pacer.reserve(), pacer.reserve(), pacer.reserve(), pacer.reserve(), pacer.reserve()]).toEqual([0, 0, 0, 500, 1000]);
  });
});

describe("the page's words", () => {
  it("uses the same placeholders in every language", () => {
    const en = translator("en");
    const ja = translator("ja");
    const vars = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const keys = [
      "resultsCount",
      "resultsFor",
      "page",
      "skillsInCategory",
      "copyCommand",
      "starHistoryLabel",
      "byAuthor",
      "rateLimited",
      "failed",
      "skillNotFound",
    ] as const;
    for (const key of keys) expect(vars(ja(key)), key).toEqual(vars(en(key)));
    expect(ja("resultsCount", { n: 3 })).toBe("3 件のスキル");
    expect(translator("fr")("allSkills")).toBe("All skills");
  });
});

describe("finding Chromium", () => {
  it("finds nothing on an empty PATH, and the tests then fail with the command that installs it", async () => {
    expect(findChromium({ PATH: "/nonexistent" })).toBeUndefined();
    const saved = { PATH: process.env.PATH, CHROMIUM_PATH: process.env.CHROMIUM_PATH };
    process.env.PATH = "/nonexistent";
    delete process.env.CHROMIUM_PATH;
    try {
      await expect(launchChromium()).rejects.toThrow(INSTALL_CHROMIUM);
    } finally {
      process.env.PATH = saved.PATH;
      if (saved.CHROMIUM_PATH !== undefined) process.env.CHROMIUM_PATH = saved.CHROMIUM_PATH;
    }
  });
});
