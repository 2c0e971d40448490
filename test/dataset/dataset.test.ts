// Validation of the embedded dataset in data/: the folder a fresh clone builds and serves from.
// Besides the schemas (checked by readDataset), it pins the cross-file rules and the hard cases
// other suites rely on, naming the record that covers each one.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import matter from "gray-matter";
import { beforeAll, describe, expect, it } from "vitest";
import { compareKeys, skillKey } from "../../src/contract/key.js";
import { DATASET_FILES, type Dataset, formatSkillLines, readDataset } from "../../src/dataset/files.js";
import { stableStringify } from "../../src/dataset/json.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import type { SkillRecord } from "../../src/schemas/dataset.js";

const DATA_DIR = join(PROJECT_ROOT, "data");

const CONTRACT_CATEGORIES: [string, string, "technical" | "professional"][] = [
  ["development", "Development", "technical"],
  ["frontend", "Frontend", "technical"],
  ["backend", "Backend", "technical"],
  ["devops", "DevOps", "technical"],
  ["data", "Data Science", "technical"],
  ["ai-ml", "AI/Machine Learning", "technical"],
  ["security", "Security", "technical"],
  ["mobile", "Mobile", "technical"],
  ["cloud", "Cloud", "technical"],
  ["database", "Database", "technical"],
  ["testing", "Testing", "technical"],
  ["api", "API Design", "technical"],
  ["marketing", "Marketing", "professional"],
  ["design", "Design", "professional"],
  ["legal", "Legal", "professional"],
  ["finance", "Finance", "professional"],
  ["hr", "Human Resources", "professional"],
  ["education", "Education", "professional"],
  ["writing", "Writing", "professional"],
  ["sales", "Sales", "professional"],
  ["support", "Support", "professional"],
  ["management", "Management", "professional"],
  ["productivity", "Productivity", "professional"],
  ["research", "Research", "professional"],
];
const LOCALES = ["en", "zh", "ja", "ko", "es", "fr", "de", "pt"];
const REQUIRED_PLATFORMS: Record<string, string> = {
  "claude-code": "Claude Code",
  codex: "Codex",
  chatgpt: "ChatGPT",
  cursor: "Cursor",
  "github-copilot": "GitHub Copilot",
  "gemini-cli": "Gemini CLI",
  opencode: "OpenCode",
  windsurf: "Windsurf",
};

/** The records that cover each hard case; the tests below check that each really does. */
const HARD_CASES = {
  collectionWithRoot: "docuflow/office-skills",
  collectionWithoutRoot: "growthkit/marketing-playbook",
  chinese: ["xhs-studio/xiaohongshu-copywriter", "weekly-cn/weekly-report"],
  japanese: "nihongo-dev/gijiroku-skill",
  korean: "hangul-labs/korean-cover-letter",
  russian: "risk-ru/credit-model-validation",
  spanish: "contadores-ia/asistente-de-facturas",
  longFile: "kubeops/k8s-incident-runbook",
  starTies: ["commitcraft/git-commit", "devflow-tools/git-commit", "shipit-labs/conventional-changelog"],
  renamed: { key: "quillworks/blog-post-writer", alias: "inkpot-dev/blog-writer-skill" },
  missingFacts: "lonecoder/env-file-linter",
  htmlSpecialDescription: "purify-dev/html-sanitizer-skill",
  prefixNames: { pdf: "anvil-dev/pdf", "pdf-tools": "paperstack/pdf-tools", "pdf-form-filler": "formwise/pdf-form-filler" },
  // The word "sitemap" appears in exactly these records, each in a different strongest field.
  fieldPlacement: {
    word: "sitemap",
    name: "crawlkit/sitemap-generator-skill",
    description: "crawlkit/seo-meta-audit",
    contentOnly: "northstack/nextjs-app-router-skill",
  },
  ownerCase: ["Acme/design-tokens-skill", "acme-labs/react-testing-skill"],
} as const;

const blobSha = (content: string) => {
  const bytes = Buffer.from(content, "utf8");
  return createHash("sha1").update(`blob ${bytes.length}\0`).update(bytes).digest("hex");
};
const exactKey = (r: SkillRecord) => `${r.owner}/${r.repo}`;
const allText = (r: SkillRecord) => [r.name, r.description, ...r.files.map((f) => f.content)].join("\n");

let data: Dataset;
let byKey: Map<string, SkillRecord>;
const record = (key: string): SkillRecord => {
  const r = byKey.get(key);
  if (!r) throw new Error(`hard-case record ${key} is missing from data/skills.jsonl`);
  return r;
};

beforeAll(async () => {
  data = await readDataset(DATA_DIR);
  byKey = new Map(data.records.map((r) => [exactKey(r), r]));
});

describe("data/ files", () => {
  it("are byte-for-byte what the deterministic writers produce", async () => {
    const text = (name: string) => readFile(join(DATA_DIR, name), "utf8");
    expect(await text(DATASET_FILES.skills)).toBe(formatSkillLines(data.records));
    for (const name of [DATASET_FILES.categories, DATASET_FILES.platforms, DATASET_FILES.stats, DATASET_FILES.meta]) {
      const raw = await text(name);
      expect(raw, name).toBe(`${stableStringify(JSON.parse(raw), 2)}\n`);
    }
  });

  it("carry the crawl time in meta.json, and the mark of invented data (src/contract/demo-data.ts)", () => {
    expect(data.meta.generatedAt).toBe("2026-11-20T06:00:00Z");
    expect(data.meta.demo).toBe(true);
  });
});

describe("readDataset without texts", () => {
  it("reads the same records with every SKILL.md text emptied, for datasets too big to hold", async () => {
    const slimmed = await readDataset(DATA_DIR, { texts: false });
    expect(slimmed.records.map(exactKey)).toEqual(data.records.map(exactKey));
    expect(slimmed.records.flatMap((r) => r.files.map((f) => f.content))).toEqual(data.records.flatMap((r) => r.files.map(() => "")));
    const withoutTexts = (r: SkillRecord) => ({ ...r, files: r.files.map((f) => ({ ...f, content: "" })) });
    expect(slimmed.records).toEqual(data.records.map(withoutTexts));
    expect(data.records.some((r) => r.files.some((f) => f.content.length > 0))).toBe(true);
  });
});

describe("categories.json", () => {
  it("lists the 24 contract categories in order, with their English names and groups", () => {
    expect(data.categories.categories.map((c) => [c.slug, c.names.en, c.group])).toEqual(CONTRACT_CATEGORIES);
  });

  it("translates names and descriptions into all 8 locales", () => {
    expect(data.categories.locales).toEqual(LOCALES);
    for (const c of data.categories.categories) {
      for (const l of LOCALES) {
        expect(c.names[l], `${c.slug} name ${l}`).toMatch(/\S/);
        expect(c.descriptions[l], `${c.slug} description ${l}`).toMatch(/\S/);
      }
      for (const s of c.subcategories) for (const l of LOCALES) expect(s.names[l], `${c.slug}/${s.slug} ${l}`).toMatch(/\S/);
    }
  });

  it("gives every category an icon and 15-40 distinct lower-case keywords", () => {
    for (const c of data.categories.categories) {
      expect(c.icon, c.slug).toMatch(/^[a-z0-9-]+$/);
      expect(c.keywords.length, c.slug).toBeGreaterThanOrEqual(15);
      expect(c.keywords.length, c.slug).toBeLessThanOrEqual(40);
      expect(new Set(c.keywords).size, c.slug).toBe(c.keywords.length);
      for (const k of [...c.keywords, ...c.subcategories.flatMap((s) => s.keywords)]) expect(k).toBe(k.toLowerCase());
      expect(new Set(c.subcategories.map((s) => s.slug)).size, c.slug).toBe(c.subcategories.length);
    }
    expect(data.categories.categories.some((c) => c.subcategories.length === 0)).toBe(true);
  });
});

describe("platforms.json", () => {
  it("defines the required platforms with display names, install templates and evidence", () => {
    const ids = data.platforms.platforms.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [id, name] of Object.entries(REQUIRED_PLATFORMS)) {
      const p = data.platforms.platforms.find((x) => x.id === id);
      expect(p, id).toBeDefined();
      expect(p!.name).toBe(name);
      expect(p!.install, id).toContain("{owner}");
      expect(p!.install, id).toContain("{repo}");
      expect(p!.evidence.length, id).toBeGreaterThan(0);
    }
  });

  it("names only defined platforms as the portable default", () => {
    const ids = new Set(data.platforms.platforms.map((p) => p.id));
    for (const d of data.platforms.default) expect(ids.has(d), d).toBe(true);
  });
});

describe("skill records", () => {
  it("hold at least 64 records with unique ids", () => {
    expect(data.records.length).toBeGreaterThanOrEqual(64);
    const ids = data.records.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("have keys and aliases that do not collide case-insensitively", () => {
    const seen = new Map<string, string>();
    for (const r of data.records) {
      for (const k of [exactKey(r), ...r.aliases]) {
        const folded = k.toLowerCase();
        expect(seen.get(folded), `${k} collides`).toBeUndefined();
        seen.set(folded, exactKey(r));
      }
      for (const a of r.aliases) expect(a).toMatch(/^[^/\s]+\/[^/\s]+$/);
    }
  });

  it("store every SKILL.md with its real git blob sha, byte size and frontmatter name and description", () => {
    for (const r of data.records) {
      expect(new Set(r.files.map((f) => f.path)).size, exactKey(r)).toBe(r.files.length);
      for (const f of r.files) {
        const where = `${exactKey(r)}:${f.path}`;
        expect(f.path, where).toMatch(/(^|\/)SKILL\.md$/);
        expect(f.size, where).toBe(Buffer.byteLength(f.content, "utf8"));
        expect(f.sha, where).toBe(blobSha(f.content));
        const fm = matter(f.content).data;
        expect(fm.name, where).toBe(f.name);
        expect(fm.description, where).toBe(f.description);
      }
    }
  });

  it("take name and description from the primary SKILL.md when the repository has a root one", () => {
    for (const r of data.records) {
      if (!r.files.some((f) => f.path === "SKILL.md") && r.files.length > 1) continue;
      const primary = r.files.find((f) => f.path === r.primary)!;
      expect([r.name, r.description], exactKey(r)).toEqual([primary.name, primary.description]);
    }
  });

  it("render one install command per platform of the skill from the platform's template", () => {
    const templates = new Map(data.platforms.platforms.map((p) => [p.id, p.install]));
    for (const r of data.records) {
      expect(new Set(r.platforms).size, exactKey(r)).toBe(r.platforms.length);
      expect(Object.keys(r.installCommands).sort(), exactKey(r)).toEqual([...r.platforms].sort());
      for (const p of r.platforms) {
        expect(templates.has(p), `${exactKey(r)} ${p}`).toBe(true);
        const expected = templates.get(p)!.replaceAll("{owner}", r.owner).replaceAll("{repo}", r.repo);
        expect(r.installCommands[p], `${exactKey(r)} ${p}`).toBe(expected);
      }
    }
  });

  it("use 1-3 distinct known categories and defined subcategories under them", () => {
    const slugs = new Set(data.categories.categories.map((c) => c.slug));
    const subs = new Set(data.categories.categories.flatMap((c) => c.subcategories.map((s) => `${c.slug}/${s.slug}`)));
    for (const r of data.records) {
      expect(r.categories.length, exactKey(r)).toBeGreaterThanOrEqual(1);
      expect(r.categories.length, exactKey(r)).toBeLessThanOrEqual(3);
      expect(new Set(r.categories).size, exactKey(r)).toBe(r.categories.length);
      for (const c of r.categories) expect(slugs.has(c), `${exactKey(r)} ${c}`).toBe(true);
      for (const s of r.subcategories) {
        expect(subs.has(s), `${exactKey(r)} ${s}`).toBe(true);
        expect(r.categories, `${exactKey(r)} ${s}`).toContain(s.split("/")[0]);
      }
    }
    expect(data.records.filter((r) => r.subcategories.length > 0).length).toBeGreaterThan(10);
  });

  it("use every category in at least 2 skills and every platform in at least 3", () => {
    for (const c of data.categories.categories) {
      expect(data.records.filter((r) => r.categories.includes(c.slug)).length, c.slug).toBeGreaterThanOrEqual(2);
    }
    for (const p of data.platforms.platforms) {
      expect(data.records.filter((r) => r.platforms.includes(p.id)).length, p.id).toBeGreaterThanOrEqual(3);
    }
  });

  it("have consistent timestamps without milliseconds, all before the crawl", () => {
    const crawl = Date.parse(data.meta.generatedAt);
    for (const r of data.records) {
      for (const t of [r.createdAt, r.pushedAt, r.updatedAt]) expect(t, exactKey(r)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(Date.parse(r.createdAt), exactKey(r)).toBeLessThanOrEqual(Date.parse(r.pushedAt));
      expect(Date.parse(r.pushedAt), exactKey(r)).toBeLessThanOrEqual(Date.parse(r.updatedAt));
      expect(Date.parse(r.updatedAt), exactKey(r)).toBeLessThan(crawl);
    }
  });

  it("have star histories of at most 30 ascending days ending at the current count", () => {
    const crawlDay = data.meta.generatedAt.slice(0, 10);
    for (const r of data.records) {
      const h = r.starHistory;
      expect(h.length, exactKey(r)).toBeLessThanOrEqual(30);
      for (let i = 1; i < h.length; i++) expect(h[i]!.date > h[i - 1]!.date, `${exactKey(r)} ${h[i]!.date}`).toBe(true);
      if (h.length === 0) continue;
      expect(h.at(-1)!.stars, exactKey(r)).toBe(r.stars);
      expect(h.at(-1)!.date <= crawlDay, exactKey(r)).toBe(true);
      expect(h[0]!.date >= r.createdAt.slice(0, 10), exactKey(r)).toBe(true);
    }
  });

  it("spread stars from 0 to tens of thousands, most of them small", () => {
    const stars = data.records.map((r) => r.stars).sort((a, b) => a - b);
    expect(stars[0]).toBe(0);
    expect(stars.at(-1)!).toBeGreaterThanOrEqual(30_000);
    expect(stars[Math.floor(stars.length / 2)]!).toBeLessThan(2_000);
  });

  it("carry well-formed authors, branches and head shas", () => {
    for (const r of data.records) {
      expect(r.author.name, exactKey(r)).toBe(r.owner);
      expect(r.author.avatar, exactKey(r)).toMatch(/^https:\/\/avatars\.githubusercontent\.com\/u\/\d+\?v=4$/);
      expect(r.headSha, exactKey(r)).toMatch(/^[0-9a-f]{40}$/);
      expect(r.defaultBranch, exactKey(r)).toMatch(/\S/);
      expect(r.description.length, exactKey(r)).toBeGreaterThanOrEqual(50);
      expect(r.description.length, exactKey(r)).toBeLessThanOrEqual(600);
    }
  });
});

describe("stats.json", () => {
  it("holds counters for about half the skills, keyed by exact owner/repo", () => {
    const keys = Object.keys(data.stats);
    for (const k of keys) expect(byKey.has(k), k).toBe(true);
    expect(keys.length).toBeGreaterThanOrEqual(data.records.length * 0.3);
    expect(keys.length).toBeLessThanOrEqual(data.records.length * 0.7);
  });
});

describe("hard cases", () => {
  it(`collection with a root SKILL.md: ${HARD_CASES.collectionWithRoot}`, () => {
    const r = record(HARD_CASES.collectionWithRoot);
    expect(r.files.length).toBeGreaterThanOrEqual(5);
    expect(r.primary).toBe("SKILL.md");
  });

  it(`collection without a root SKILL.md: ${HARD_CASES.collectionWithoutRoot}`, () => {
    const r = record(HARD_CASES.collectionWithoutRoot);
    expect(r.files.length).toBeGreaterThanOrEqual(4);
    expect(r.files.some((f) => f.path === "SKILL.md")).toBe(false);
    expect(r.hasIndex).toBe(true);
    // docs/CRAWLER.md: a folder or frontmatter name matching the repo wins, else the shallowest, then alphabetical.
    const folder = (p: string) => p.split("/").at(-2);
    const matching = r.files.filter((f) => folder(f.path) === r.repo || f.name === r.repo);
    const pool = matching.length > 0 ? matching : r.files;
    const depth = (p: string) => p.split("/").length;
    const expected = [...pool].sort((a, b) => depth(a.path) - depth(b.path) || (a.path < b.path ? -1 : 1))[0]!.path;
    expect(r.primary).toBe(expected);
    // Name and description come from marketplace.json, so they match no single SKILL.md.
    for (const f of r.files) {
      expect(r.name).not.toBe(f.name);
      expect(r.description).not.toBe(f.description);
    }
  });

  it("several skills have a marketplace index", () => {
    expect(data.records.filter((r) => r.hasIndex).length).toBeGreaterThanOrEqual(4);
  });

  it("non-English skills carry their language in name, description and content", () => {
    const han = /\p{Script=Han}/u;
    const kana = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
    const cases: [string, RegExp][] = [
      ...HARD_CASES.chinese.map((k): [string, RegExp] => [k, han]),
      [HARD_CASES.japanese, kana],
      [HARD_CASES.korean, /\p{Script=Hangul}/u],
      [HARD_CASES.russian, /\p{Script=Cyrillic}/u],
      [HARD_CASES.spanish, /[áéíóúñ¿¡]|\b(de|las|los|para|con)\b/],
    ];
    for (const [key, script] of cases) {
      const r = record(key);
      expect(r.name, key).toMatch(script);
      expect(r.description, key).toMatch(script);
      expect(r.files.find((f) => f.path === r.primary)!.content, key).toMatch(script);
    }
    for (const k of HARD_CASES.chinese) expect(record(k).description, k).not.toMatch(kana);
  });

  it(`very long SKILL.md: ${HARD_CASES.longFile}`, () => {
    const f = record(HARD_CASES.longFile).files[0]!;
    expect(f.size).toBeGreaterThanOrEqual(60 * 1024);
    expect(f.content.match(/^#{2,3} /gm)!.length).toBeGreaterThan(50);
  });

  it("at least three skills share a star count and updatedAt", () => {
    const rs = HARD_CASES.starTies.map(record);
    expect(new Set(rs.map((r) => r.stars)).size).toBe(1);
    expect(new Set(rs.map((r) => r.updatedAt)).size).toBe(1);
    // Two of them also share a name, so name ordering falls back to owner/repo.
    expect(rs[0]!.name).toBe(rs[1]!.name);
  });

  it(`renamed repository: ${HARD_CASES.renamed.alias} -> ${HARD_CASES.renamed.key}`, () => {
    expect(record(HARD_CASES.renamed.key).aliases).toEqual([HARD_CASES.renamed.alias]);
    expect(data.records.some((r) => skillKey(r.owner, r.repo) === HARD_CASES.renamed.alias.toLowerCase())).toBe(false);
  });

  it(`missing optional facts: ${HARD_CASES.missingFacts}`, () => {
    const r = record(HARD_CASES.missingFacts);
    expect([r.license, r.topics, r.starHistory, r.forks, r.stars]).toEqual(["NOASSERTION", [], [], 0, 0]);
    expect(data.stats[exactKey(r)]).toBeUndefined();
  });

  it(`description with HTML-special characters: ${HARD_CASES.htmlSpecialDescription}`, () => {
    const d = record(HARD_CASES.htmlSpecialDescription).description;
    expect(d).toContain("<script>");
    expect(d).toContain("&");
    expect(d).toContain('"');
  });

  it("names that share a prefix", () => {
    for (const [name, key] of Object.entries(HARD_CASES.prefixNames)) expect(record(key).name).toBe(name);
  });

  it(`the word "${HARD_CASES.fieldPlacement.word}" sits in name, description or content only`, () => {
    const { word, name, description, contentOnly } = HARD_CASES.fieldPlacement;
    const has = (s: string) => s.toLowerCase().includes(word);
    const mentioning = data.records.filter((r) => has(allText(r)) || r.files.some((f) => has(f.name) || has(f.description)));
    expect(mentioning.map(exactKey).sort()).toEqual([name, description, contentOnly].sort());
    expect([has(record(name).name), has(record(name).description)]).toEqual([true, false]);
    expect([has(record(description).name), has(record(description).description)]).toEqual([false, true]);
    expect([has(record(contentOnly).name), has(record(contentOnly).description)]).toEqual([false, false]);
    // Field weight must beat popularity: the weaker the field, the more stars.
    expect(record(name).stars).toBeLessThan(record(description).stars);
    expect(record(description).stars).toBeLessThan(record(contentOnly).stars);
  });

  it("owners whose order depends on case folding sort by the lower-case key", () => {
    const [upper, lower] = HARD_CASES.ownerCase.map(record);
    expect(upper!.owner).not.toBe(upper!.owner.toLowerCase());
    expect(upper!.owner.toLowerCase()).toBe(lower!.owner.slice(0, upper!.owner.length));
    // "Acme/..." sorts before "acme-labs/..." by code unit, after it by folded key.
    const sorted = [...data.records].sort(compareKeys).map(exactKey);
    expect(sorted.indexOf(exactKey(lower!))).toBeLessThan(sorted.indexOf(exactKey(upper!)));
    expect(data.records.map(exactKey)).toEqual(sorted);
  });
});
