// Verdicts in the API, in-process on a site built from records written here: a malicious skill (a
// script piping a download from a bare IP into a shell), a suspicious one (a script that runs decoded
// base64) and clean ones. The detail carries the trust block and the indexed commit (a malicious one
// still answers, with no install commands); summaries carry the verdict; lists, category lists and
// search leave malicious skills out unless `trust=any`, keep only clean ones with `trust=clean`, with
// totals and pages that agree with a filter over the records; categories' counts and top skills leave
// them out; index-status says `excluded` with the reason and how to ask for a review. Reviews in
// data/trust-reviews.jsonl overrule the scan while the files are unchanged; a bad line is skipped.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scanRecord } from "../../src/build/scan-record.js";
import type { SkillRecord } from "../../src/schemas/dataset.js";
import {
  CategoryDetailEnvelope,
  CategoryListEnvelope,
  ErrorEnvelope,
  IndexStatusEnvelope,
  SearchEnvelope,
  SkillDetailEnvelope,
  SkillListEnvelope,
} from "../../src/schemas/envelope.js";
import type { TrustVerdict } from "../../src/schemas/trust.js";
import { trustKeeps } from "../support/list-reference.js";
import { buildRecordSite, type RecordSite, sha256 } from "../support/record-site.js";
import { cleanRecords, maliciousRecord, suspiciousRecord } from "../support/trust-fixtures.js";

const malicious = maliciousRecord;
const suspicious = suspiciousRecord;
const clean = cleanRecords(23);
const records: SkillRecord[] = [malicious, suspicious, ...clean];
const verdicts = new Map<string, TrustVerdict>(records.map((r) => [`${r.owner}/${r.repo}`, scanRecord(r, []).verdict]));
const verdictOf = (r: { owner: string; repo: string }) => verdicts.get(`${r.owner}/${r.repo}`)!;

let site: RecordSite;
beforeAll(async () => {
  // Small list heads, so pages come from the heads, span them and reach past them.
  site = await buildRecordSite("trust-api-", records, { build: { listHead: { positions: 6, chunk: 4 } } });
}, 180_000);
afterAll(() => site?.remove());

const keep = (trust: "default" | "clean" | "any") => (r: SkillRecord) => trustKeeps(trust, verdictOf(r));
const byStars = (a: SkillRecord, b: SkillRecord) =>
  b.stars - a.stars || (`${a.owner}/${a.repo}`.toLowerCase() < `${b.owner}/${b.repo}`.toLowerCase() ? -1 : 1);
const names = (data: { owner: string; repo: string }[]) => data.map((d) => `${d.owner}/${d.repo}`);

describe("the fixtures", () => {
  it("hold one malicious, one suspicious and clean skills (else the scanner changed: pick other fixtures)", () => {
    expect(verdictOf(malicious)).toBe("malicious");
    expect(verdictOf(suspicious)).toBe("suspicious");
    expect(clean.every((r) => verdictOf(r) === "clean")).toBe(true);
    expect(site.report.verdicts).toEqual({ malicious: 1, suspicious: 1, clean: clean.length });
  });
});

describe("the detail", () => {
  it("of a malicious skill answers 200 with its findings, the indexed commit and no install commands", async () => {
    const { status, body } = await site.get("/skills/evil/zephyr-helper");
    expect(status).toBe(200);
    const { data } = SkillDetailEnvelope.parse(body);
    expect(data.verdict).toBe("malicious");
    expect(data.trust.verdict).toBe("malicious");
    expect(data.trust.findings.length).toBeGreaterThan(0);
    expect(data.trust.findings.some((f) => f.file === "scripts/run.sh" && f.line === 2 && f.excerpt.includes("203.0.113.9"))).toBe(true);
    expect(data.trust.rules).toMatch(/\S/);
    expect(data.installCommands).toEqual({});
    expect(data.indexedCommit).toBe(malicious.headSha);
  });
  it("of a suspicious and a clean skill keeps its install commands", async () => {
    const odd = SkillDetailEnvelope.parse((await site.get("/skills/odd/zephyr-decoder")).body).data;
    expect([odd.verdict, odd.trust.verdict]).toEqual(["suspicious", "suspicious"]);
    expect(odd.trust.findings.map((f) => f.file)).toContain("scripts/x.py");
    expect(odd.installCommands).toEqual(suspicious.installCommands);
    const good = SkillDetailEnvelope.parse((await site.get("/skills/good0/zephyr-tool-0")).body).data;
    expect(good.trust).toEqual({ verdict: "clean", findings: [], rules: good.trust.rules });
    expect(good.installCommands).toEqual(clean[0]!.installCommands);
  });
});

describe("lists", () => {
  for (const trust of [undefined, "default", "clean", "any"] as const) {
    it(`trust=${trust ?? "(absent)"}: every page of /skills and of a category list, with totals`, async () => {
      const q = trust ? `&trust=${trust}` : "";
      const expected = records.filter(keep(trust ?? "default")).sort(byStars);
      for (const limit of [4, 5, 100]) {
        const seen: string[] = [];
        for (let page = 1; page <= Math.ceil(expected.length / limit) + 1; page++) {
          const body = SkillListEnvelope.parse((await site.get(`/skills?limit=${limit}&page=${page}${q}`)).body);
          expect(body.pagination.total).toBe(expected.length);
          for (const s of body.data) expect(s.verdict).toBe(verdictOf(s));
          seen.push(...names(body.data));
        }
        expect(seen).toEqual(names(expected));
      }
      const inData = expected.filter((r) => r.categories.includes("data"));
      const cat = SkillListEnvelope.parse((await site.get(`/categories/data/skills?limit=100${q}`)).body);
      expect([cat.pagination.total, names(cat.data)]).toEqual([inData.length, names(inData)]);
      const filtered = SkillListEnvelope.parse((await site.get(`/skills?category=development&sort=name&limit=100${q}`)).body);
      expect(filtered.pagination.total).toBe(expected.filter((r) => r.categories.includes("development")).length);
    });
  }
  it("a bad trust value is a 400 naming the parameter and its values", async () => {
    for (const path of ["/skills?trust=all", "/categories/data/skills?trust=", "/skills/search?q=zephyr&trust=none"]) {
      const res = await site.get(path);
      expect(res.status, path).toBe(400);
      const { error } = ErrorEnvelope.parse(res.body);
      expect(error.code).toBe("INVALID_PARAMS");
      expect(error.message).toContain("`trust`");
      expect(error.message).toContain("default, clean, any");
    }
  });
});

describe("search", () => {
  for (const trust of [undefined, "clean", "any"] as const) {
    it(`trust=${trust ?? "(absent)"} keeps the skills the filter keeps, with the total`, async () => {
      const q = trust ? `&trust=${trust}` : "";
      const expected = records.filter(keep(trust ?? "default"));
      const body = SearchEnvelope.parse((await site.get(`/skills/search?q=zephyr&limit=100${q}`)).body);
      expect(body.pagination.total).toBe(expected.length);
      expect(names(body.data).sort()).toEqual(names(expected).sort());
      for (const s of body.data) expect(s.verdict).toBe(verdictOf(s));
      const page2 = SearchEnvelope.parse((await site.get(`/skills/search?q=zephyr&limit=4&page=2${q}`)).body);
      expect(names(page2.data)).toEqual(names(body.data).slice(4, 8));
    });
  }
  it("a search for the malicious skill's own name finds it only with trust=any", async () => {
    const none = SearchEnvelope.parse((await site.get("/skills/search?q=zephyr-helper")).body);
    expect(names(none.data)).not.toContain("evil/zephyr-helper");
    const any = SearchEnvelope.parse((await site.get("/skills/search?q=zephyr-helper&trust=any")).body);
    expect(names(any.data)).toContain("evil/zephyr-helper");
  });
});

describe("categories and index-status", () => {
  it("counts and top skills leave malicious skills out; top skills carry their verdict", async () => {
    const list = CategoryListEnvelope.parse((await site.get("/categories")).body).data;
    const count = (slug: string) => list.find((c) => c.slug === slug)!.skillCount;
    const listed = records.filter(keep("default"));
    expect(count("data")).toBe(listed.filter((r) => r.categories.includes("data")).length);
    expect(count("development")).toBe(listed.filter((r) => r.categories.includes("development")).length);
    const data = CategoryDetailEnvelope.parse((await site.get("/categories/data")).body).data;
    expect(data.topSkills.map((s) => `${s.owner}/${s.repo}`)).not.toContain("evil/zephyr-helper");
    const dev = CategoryDetailEnvelope.parse((await site.get("/categories/development")).body).data;
    expect(dev.topSkills[0]).toMatchObject({ owner: "odd", repo: "zephyr-decoder", verdict: "suspicious" });
  });
  it("index-status says excluded, why (the findings' why), and how to ask for a review", async () => {
    const { data } = IndexStatusEnvelope.parse((await site.get("/index-status/evil/zephyr-helper")).body);
    const detail = SkillDetailEnvelope.parse((await site.get("/skills/evil/zephyr-helper")).body).data;
    expect(data.state).toBe("excluded");
    expect(data.listed).toBe(true);
    expect(data.reason).toContain(detail.trust.findings[0]!.why);
    expect(data.reason).toContain("scripts/run.sh:2");
    expect(data.reason).toMatch(/review/);
    const odd = IndexStatusEnvelope.parse((await site.get("/index-status/odd/zephyr-decoder")).body).data;
    expect([odd.state, odd.reason]).toEqual(["indexed", null]);
  });
});

describe("maintainer reviews", () => {
  it("a review of the unchanged files overrules the scan; a stale one and a bad line do not", async () => {
    const files = (r: SkillRecord, edit: Record<string, string> = {}) => ({
      ...Object.fromEntries(r.files.map((f) => [f.path, sha256(f.content)])),
      ...Object.fromEntries((r.folderFiles ?? []).map((f) => [f.path, f.sha256])),
      ...edit,
    });
    const review = (r: SkillRecord, decision: TrustVerdict, fileHashes: Record<string, string>) =>
      JSON.stringify({
        owner: r.owner,
        repo: r.repo,
        files: fileHashes,
        decision,
        reason: "Checked by hand.",
        reviewer: "maint",
        date: "2026-11-01",
      });
    const reviewed = await buildRecordSite("trust-reviews-", [malicious, suspicious, clean[0]!], {
      reviews: [
        review(malicious, "clean", files(malicious)),
        review(suspicious, "clean", files(suspicious, { "scripts/x.py": "0".repeat(64) })),
        "{not json",
        JSON.stringify({ owner: "x" }),
      ],
    });
    try {
      expect(reviewed.report.skippedReviews.map((p) => p.line)).toEqual([3, 4]);
      expect(reviewed.report.verdicts).toEqual({ malicious: 0, suspicious: 1, clean: 2 });
      const evil = SkillDetailEnvelope.parse((await reviewed.get("/skills/evil/zephyr-helper")).body).data;
      expect(evil.trust.verdict).toBe("clean");
      expect(evil.trust.review).toEqual({ decision: "clean", reason: "Checked by hand.", reviewer: "maint", date: "2026-11-01" });
      expect(evil.trust.findings.length).toBeGreaterThan(0);
      expect(evil.installCommands).toEqual(malicious.installCommands);
      const list = SkillListEnvelope.parse((await reviewed.get("/skills")).body);
      expect(names(list.data)).toContain("evil/zephyr-helper");
      const odd = SkillDetailEnvelope.parse((await reviewed.get("/skills/odd/zephyr-decoder")).body).data;
      expect([odd.trust.verdict, odd.trust.review]).toEqual(["suspicious", undefined]);
    } finally {
      reviewed.remove();
    }
  }, 120_000);
});
