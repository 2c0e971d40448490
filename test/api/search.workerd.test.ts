// Search and autocomplete through the real runtime (`wrangler pages dev` serving the site built from
// data/ by the global setup): contract shape, every syntax form and filter against the brute-force
// reference, highlights, errors, and a fuzz that sees only 200 or 400.
import { join } from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { readDataset } from "../../src/dataset/files.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import type { SkillRecord } from "../../src/schemas/dataset.js";
import { ErrorEnvelope, SearchEnvelope, SuggestionEnvelope } from "../../src/schemas/envelope.js";
import { parseQuery } from "../../src/search/query.js";
import { terms } from "../../src/search/text.js";
import { call } from "../support/http.js";
import { type ReferenceFilters, type ReferenceIndex, referenceIndex, referenceSearch } from "../support/search-reference.js";

let records: SkillRecord[];
let ref: ReferenceIndex;
beforeAll(async () => {
  records = (await readDataset(join(PROJECT_ROOT, "data"))).records;
  ref = referenceIndex(records);
});

const qs = (params: Record<string, string>) => new URLSearchParams(params).toString();
// The brute-force reference models keyword search: asked in keyword mode unless a test says otherwise.
async function search(params: Record<string, string>) {
  const res = await call(`/skills/search?${qs({ mode: "keyword", ...params })}`);
  expect(res.status, res.text).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  return SearchEnvelope.parse(res.body);
}
const expectedIds = (q: string, filters: ReferenceFilters = {}) =>
  referenceSearch(ref, parseQuery(q), filters).map((r) => records[r.ordinal]!.id);
/** What the search for `q` finds with every word required (the reference without its any-word fallback). */
const allWordsIds = (q: string) => {
  const parsed = parseQuery(q);
  return referenceSearch(ref, parsed)
    .filter((r) => r.matched === parsed.required.length)
    .map((r) => records[r.ordinal]!.id);
};

describe("GET /skills/search", () => {
  it.each([
    ["react components"],
    ['"react hooks"'],
    ["name:react description:hooks"],
    ["react -class"],
    ["react*"],
    ["pdf"],
    ["pdf forms"],
    ['"pdf forms"'],
    ["name:pdf"],
    ["description:review"],
    ["content:terraform"],
    ["pdf -forms"],
    ['review -"pull requests"'],
    ["terra*"],
    ["name:git* commit"],
    ["kubernetes incident runbook"],
    ["周报"],
    ["議事録"],
    ["валидация моделей кредитного риска"],
    ["자기소개서"],
    ["kubernets incident"],
    ["terrafrom"],
    ["runbok kubernetes"],
    ["pdf ocr"],
    ["name:ocr"],
  ])("%s: the same skills in the same order as the reference, with the same matches", async (q) => {
    const body = await search({ q, limit: "100" });
    const expected = referenceSearch(ref, parseQuery(q));
    expect(body.data.map((d) => d.id)).toEqual(expected.map((r) => records[r.ordinal]!.id));
    expect(body.data.map((d) => d.matches)).toEqual(expected.map((r) => r.matches));
    expect(body.data.map((d) => d.matchedSkill)).toEqual(expected.map((r) => r.matchedSkill));
    expect(body.pagination.total).toBe(expected.length);
    expect(body.meta.query).toBe(q);
  });

  it("forgives a typo, says why it matched, and marks the typo match", async () => {
    const [hit] = (await search({ q: "kubernets" })).data;
    expect(hit?.repo).toBe("k8s-incident-runbook");
    expect(hit?.matches).toContainEqual({ field: "description", terms: ["kubernete"], typo: true });
    expect(hit?.highlights.description).toContain("<mark>Kubernetes</mark>");
  });

  it("says which skill of a collection matched", async () => {
    const [hit] = (await search({ q: "ocrmypdf tesseract" })).data;
    expect(hit).toMatchObject({ repo: "office-skills", matchedSkill: { name: "pdf-ocr", path: "skills/pdf-ocr/SKILL.md" } });
  });

  it("offers didYouMean when nothing matched", async () => {
    const none = await search({ q: "jsno" });
    expect(none.pagination.total).toBe(0);
    expect(none.meta.didYouMean).toBe("json");
    expect((await search({ q: "json" })).pagination.total).toBeGreaterThan(0);
    expect((await search({ q: "pdf" })).meta.didYouMean).toBeUndefined();
  });

  it("non-Latin queries find their skills first", async () => {
    expect((await search({ q: "周报" })).data[0]!.repo).toBe("weekly-report");
    expect((await search({ q: "議事録" })).data[0]!.repo).toBe("gijiroku-skill");
    expect((await search({ q: "валидация моделей кредитного риска" })).data[0]!.repo).toBe("credit-model-validation");
  });

  it.each([
    [{ category: "security" }],
    [{ platform: "codex" }],
    [{ minStars: "1000" }],
    [{ hasIndex: "true" }],
    [{ hasIndex: "false", category: "writing" }],
  ])("filters %j match the reference", async (filters) => {
    const f = filters as Record<string, string>;
    const body = await search({ q: "writes", limit: "100", ...f });
    const expected = expectedIds("writes", {
      category: f.category,
      platform: f.platform,
      minStars: f.minStars ? Number(f.minStars) : undefined,
      hasIndex: f.hasIndex === undefined ? undefined : f.hasIndex === "true",
    });
    expect(body.data.map((d) => d.id)).toEqual(expected);
  });

  it("paginates with exact totals and an empty page past the end", async () => {
    const all = expectedIds("skill* writes");
    const pages = [];
    for (let page = 1; page <= Math.ceil(all.length / 3) + 1; page++)
      pages.push(await search({ q: "skill* writes", limit: "3", page: String(page) }));
    expect(pages.flatMap((p) => p.data.map((d) => d.id))).toEqual(all);
    for (const p of pages) expect(p.pagination).toMatchObject({ limit: 3, total: all.length, totalPages: Math.ceil(all.length / 3) });
    expect(pages[pages.length - 1]!.data).toEqual([]);
  });

  it("highlights escape HTML and mark the matches", async () => {
    const hit = (await search({ q: "html" })).data.find((d) => d.repo === "html-sanitizer-skill")!;
    expect(hit.highlights.description).toContain("<mark>HTML</mark> &amp; Markdown");
    expect(hit.highlights.name).toBe("<mark>html</mark>-sanitizer");
    expect(hit.highlights.description).not.toMatch(/<(?!\/?mark>)/);
  });

  it.each([
    ["", "INVALID_QUERY"],
    ["q=", "INVALID_QUERY"],
    ["q=x", "INVALID_QUERY"],
    ["q=*", "INVALID_QUERY"],
    ["q=the", "INVALID_QUERY"],
    [`q=${"a".repeat(201)}`, "QUERY_TOO_LONG"],
    ["q=%22open", "INVALID_SYNTAX"],
    ["q=owner:acme", "INVALID_SYNTAX"],
    ["q=*pdf", "INVALID_SYNTAX"],
    ["q=pdf&limit=0", "INVALID_PARAMS"],
    ["q=pdf&platform=emacs", "INVALID_PARAMS"],
  ])("?%s -> 400 %s", async (query, code) => {
    const res = await call(`/skills/search?${query}`);
    expect(res.status).toBe(400);
    const body = ErrorEnvelope.parse(res.body);
    expect(body.error.code).toBe(code);
    expect(res.headers.get("x-request-id")).toBe(body.meta.requestId);
  });

  it("random input to search and autocomplete is always answered 200 or 400, never 500", async () => {
    const alphabet = fc.constantFrom(...'ab-:*" né周Ж<>&%\\'.split(""), "name:", "content:", "pdf", '-"');
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 30 }),
          fc.array(alphabet, { maxLength: 12 }).map((a) => a.join("")),
        ),
        async (q) => {
          const res = await call(`/skills/search?q=${encodeURIComponent(q)}`);
          expect([200, 400], `${JSON.stringify(q)}: ${res.text}`).toContain(res.status);
          if (res.status === 200) SearchEnvelope.parse(res.body);
          else ErrorEnvelope.parse(res.body);
          const suggest = await call(`/skills/autocomplete?q=${encodeURIComponent(q)}`);
          expect([200, 400], `${JSON.stringify(q)}: ${suggest.text}`).toContain(suggest.status);
          if (suggest.status === 200) SuggestionEnvelope.parse(suggest.body);
          else ErrorEnvelope.parse(suggest.body);
        },
      ),
      { numRuns: 60, seed: 4 },
    );
  });
});

describe("GET /skills/autocomplete", () => {
  it("suggests completions with the counts the suggestions find", async () => {
    const res = await call("/skills/autocomplete?q=pd");
    expect(res.status).toBe(200);
    const body = SuggestionEnvelope.parse(res.body);
    expect(body.data.map((s) => s.text)).toContain("pdf");
    expect(body.data.length).toBeLessThanOrEqual(5);
    for (const s of body.data) expect(s.count).toBe(allWordsIds(s.text).length);
    const sorted = [...body.data].sort((a, b) => b.count - a.count || (a.text < b.text ? -1 : 1));
    expect(body.data).toEqual(sorted);
  });
  it("completes after earlier words with counts of skills holding every word, and honours limit", async () => {
    const body = SuggestionEnvelope.parse((await call("/skills/autocomplete?q=pdf%20fo&limit=20")).body);
    const texts = body.data.map((s) => s.text);
    // Offered as skills write it ("pdf forms" or "pdf form"): the words it searches are pdf and form.
    expect(texts.map((t) => terms(t).join(" "))).toContain("pdf form");
    // "follow" and "four" are common, but no skill holds one of them together with "pdf".
    expect(allWordsIds("pdf follow")).toEqual([]);
    expect(texts).not.toContain("pdf follow");
    expect(texts).not.toContain("pdf four");
    for (const s of body.data) {
      expect(s.count, s.text).toBeGreaterThan(0);
      expect(s.count, s.text).toBe(allWordsIds(s.text).length);
      expect((await search({ q: s.text })).pagination.total, s.text).toBe(s.count);
    }
    expect((await call("/skills/autocomplete?q=pdf%20fo&limit=3")).body).toMatchObject({ data: body.data.slice(0, 3) });
  });
  it.each([["pdf -"], ["pdf name:"], ['pdf "'], ['-"'], ['pdf -content:"']])(
    "%s is still being typed: 200 with no suggestions",
    async (q) => {
      const res = await call(`/skills/autocomplete?q=${encodeURIComponent(q)}`);
      expect(res.status, res.text).toBe(200);
      expect(SuggestionEnvelope.parse(res.body).data).toEqual([]);
    },
  );
  it("the OpenAPI document says q is required and what a missing or empty q answers", async () => {
    const doc = (await call("/openapi.json")).body as {
      paths: Record<string, { get: { parameters: { name: string; required: boolean; description?: string }[] } }>;
    };
    for (const path of ["/skills/search", "/skills/autocomplete"]) {
      const q = doc.paths[path]!.get.parameters.find((p) => p.name === "q")!;
      expect(q.required, path).toBe(true);
      expect(q.description, path).toMatch(/Missing.*empty.*400 INVALID_QUERY/);
    }
  });
  it("answers the first keystroke: one character gets the best completions of that letter", async () => {
    const res = await call("/skills/autocomplete?q=p&limit=5");
    expect(res.status, res.text).toBe(200);
    const data = SuggestionEnvelope.parse(res.body).data;
    expect(data.length).toBe(5);
    for (const s of data) expect(s.text.startsWith("p")).toBe(true);
  });
  it.each([["foo:bar x"], ['pd"f for'], ["pdf foo:"]])("%s has a syntax error before the last word: 400", async (q) => {
    const res = await call(`/skills/autocomplete?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(400);
    expect(ErrorEnvelope.parse(res.body).error.code).toBe("INVALID_SYNTAX");
  });
  it.each([
    ["", "INVALID_QUERY"],
    ["q=", "INVALID_QUERY"],
    ["q=%20%20", "INVALID_QUERY"],
    [`q=${"b".repeat(201)}`, "QUERY_TOO_LONG"],
    ["q=pd&limit=21", "INVALID_PARAMS"],
  ])("?%s -> 400 %s", async (query, code) => {
    const res = await call(`/skills/autocomplete?${query}`);
    expect(res.status).toBe(400);
    expect(ErrorEnvelope.parse(res.body).error.code).toBe(code);
  });
});
