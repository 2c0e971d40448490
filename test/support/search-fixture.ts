// A small dataset for the search tests: a few hundred synthetic skills (the project's generator) plus
// hand-written ones that pin down ranking, scripts (Chinese, Japanese, Russian), HTML escaping, typo
// tolerance and collections (a repository with nested skills).
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { compareKeys } from "../../src/contract/key.js";
import { stableStringify } from "../../src/dataset/json.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { CategoriesFile, PlatformsFile, type SkillRecord } from "../../src/schemas/dataset.js";
import { blobSha, synthesize } from "../../src/synth/generate.js";

export interface Hand {
  owner: string;
  repo: string;
  name: string;
  description: string;
  body?: string;
  stars?: number;
  updatedAt?: string;
  categories?: string[];
  platforms?: string[];
  hasIndex?: boolean;
  /** Other SKILL.md files of the repository (a collection), at skills/<name>/SKILL.md. */
  nested?: { name: string; description: string; body?: string }[];
}

const skillFile = (path: string, name: string, description: string, body = "Plain instructions.") => {
  const content = `---\nname: ${JSON.stringify(name)}\ndescription: ${JSON.stringify(description)}\n---\n\n${body}\n`;
  return { path, name, description, sha: blobSha(content), size: Buffer.byteLength(content), content };
};

export function handRecord(h: Hand, i: number): SkillRecord {
  return {
    id: String(900000 + i),
    owner: h.owner,
    repo: h.repo,
    aliases: [],
    name: h.name,
    description: h.description,
    stars: h.stars ?? 50,
    forks: 0,
    watchers: 0,
    openIssues: 0,
    license: "MIT",
    createdAt: "2025-01-01T00:00:00Z",
    updatedAt: h.updatedAt ?? "2026-01-01T00:00:00Z",
    pushedAt: h.updatedAt ?? "2026-01-01T00:00:00Z",
    author: { name: h.owner, avatar: `https://avatars.githubusercontent.com/${h.owner}` },
    topics: [],
    categories: h.categories ?? ["development"],
    subcategories: [],
    platforms: h.platforms ?? ["claude-code"],
    installCommands: {},
    hasIndex: h.hasIndex ?? false,
    defaultBranch: "main",
    headSha: "0".repeat(40),
    primary: "SKILL.md",
    files: [
      skillFile("SKILL.md", h.name, h.description, h.body),
      ...(h.nested ?? []).map((n) => skillFile(`skills/${n.name}/SKILL.md`, n.name, n.description, n.body)),
    ],
    starHistory: [],
  };
}

/** The hand-written skills; tests refer to them by repo. */
export const HAND: Hand[] = [
  { owner: "rank", repo: "zorblax", name: "zorblax", description: "The original tool." },
  { owner: "rank", repo: "zorblaxify", name: "zorblaxify-tool", description: "A derived tool.", stars: 9000 },
  { owner: "field", repo: "in-name", name: "quenzite-helper", description: "Helps with minerals." },
  { owner: "field", repo: "in-description", name: "mineral-helper", description: "Helps with quenzite crystals." },
  { owner: "field", repo: "in-content", name: "rock-helper", description: "Helps with rocks.", body: "Mentions quenzite once." },
  { owner: "stars", repo: "few", name: "plimber", description: "Pipes.", stars: 10 },
  { owner: "stars", repo: "many", name: "plimber", description: "Pipes.", stars: 500 },
  { owner: "recent", repo: "old", name: "vextral", description: "Old one.", stars: 77, updatedAt: "2024-01-01T00:00:00Z" },
  { owner: "recent", repo: "new", name: "vextral", description: "New one.", stars: 77, updatedAt: "2026-06-01T00:00:00Z" },
  { owner: "cjk", repo: "dedupe-zh", name: "文本去重工具", description: "去除文本中的重复内容和AI生成痕迹", categories: ["writing"] },
  { owner: "cjk", repo: "proofread-ja", name: "日本語校正", description: "日本語の文章を校正するスキル", categories: ["writing"] },
  {
    owner: "cyr",
    repo: "credit-risk",
    name: "credit-model-validation",
    description: "Валидация моделей кредитного риска",
    categories: ["finance"],
  },
  {
    owner: "html",
    repo: "script-skill",
    name: "script-alert",
    description: "<script>alert(1)</script> <b>Bold</b> & risky script handling",
    categories: ["security"],
  },
  { owner: "phrase", repo: "ordered", name: "state-kit", description: "Glorbic hooks for state management.", hasIndex: true },
  { owner: "phrase", repo: "reversed", name: "hook-kit", description: "Hooks that feel glorbic in state.", hasIndex: true },
  { owner: "typo", repo: "vortexia", name: "vortexia-helper", description: "Vortexia for the tests." },
  { owner: "typo", repo: "zendrok", name: "zendrok", description: "Zendrok runner." },
  { owner: "typo", repo: "quarzelith", name: "quarzelith", description: "Mineral data." },
  { owner: "typo", repo: "exact-in-content", name: "content-holder", description: "Holds words.", body: "Mentions vortexib once." },
  { owner: "typo", repo: "wqax", name: "wqax", description: "Wqax tool." },
  { owner: "solo", repo: "json-prism", name: "json-prism", description: "One skill." },
  { owner: "solo", repo: "prism-notes", name: "notes-kit", description: "Keeps notes.", body: "Mentions json prism usage." },
  {
    owner: "coll",
    repo: "toolbox",
    name: "toolbox",
    description: "A box of tools.",
    nested: [
      { name: "json-prism", description: "Edit prism files." },
      { name: "kwyx-lint", description: "A linter for kwyx files." },
    ],
  },
];

export async function writeFixtureDataset(dir: string, synthetic = 300, seed = 7): Promise<SkillRecord[]> {
  const categories = CategoriesFile.parse(JSON.parse(await readFile(join(PROJECT_ROOT, "data", "categories.json"), "utf8")));
  const platforms = PlatformsFile.parse(JSON.parse(await readFile(join(PROJECT_ROOT, "data", "platforms.json"), "utf8")));
  const records = [...synthesize({ skills: synthetic, seed, categories, platforms }), ...HAND.map((h, i) => handRecord(h, i))].sort(
    compareKeys,
  );
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, "categories.json"), JSON.stringify(categories));
  await writeFile(join(dir, "platforms.json"), JSON.stringify(platforms));
  await writeFile(join(dir, "meta.json"), JSON.stringify({ generatedAt: "2026-11-20T06:00:00Z" }));
  await writeFile(join(dir, "skills.jsonl"), records.map((r) => `${stableStringify(r)}\n`).join(""));
  return records;
}
