// Assembles one dataset record from a repository's facts and its SKILL.md files: primary file,
// name and description with the fallbacks of docs/CRAWLER.md, license, categories, platforms, install
// commands, and the star-history point of the crawl's day. Pure: same inputs, same record.
import { z } from "zod";
import type { FolderFile, PlatformsFile, SkillFile, SkillRecord } from "../schemas/dataset.js";
import { isSkillName, toDescription, toSkillName } from "../schemas/untrusted-text.js";
import { boundedJoin } from "./budget.js";
import { type Classifier, CONTENT_CHARS } from "./classify.js";
import type { RepoFacts } from "./github-schemas.js";
import { derivePlatforms } from "./platforms.js";
import { choosePrimary } from "./primary.js";
import { parseSkillFile } from "./skill-file.js";

export interface MarketplaceInfo {
  name: string | null;
  description: string | null;
}

const Marketplace = z.looseObject({
  name: z.string().optional(),
  description: z.string().optional(),
  metadata: z.looseObject({ description: z.string().optional() }).optional(),
});

/** Name and description of a .claude-plugin/marketplace.json; nulls when it says nothing usable. */
export function readMarketplace(text: string): MarketplaceInfo {
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    return { name: null, description: null };
  }
  const m = Marketplace.safeParse(raw);
  if (!m.success) return { name: null, description: null };
  const clean = (s: string | undefined) => (s && s.trim() !== "" ? s.trim() : null);
  return { name: clean(m.data.name), description: clean(m.data.description ?? m.data.metadata?.description) };
}

export interface RecordInput {
  facts: RepoFacts;
  files: SkillFile[];
  /** The other files of the skill folders, sorted by path (src/ingest/folders.ts). */
  folderFiles: FolderFile[];
  evidence: string[];
  hasIndex: boolean;
  marketplace: MarketplaceInfo | null;
  aliases: string[];
  previousHistory: SkillRecord["starHistory"];
  /** The crawl's calendar day, YYYY-MM-DD. */
  day: string;
}

export interface RecordContext {
  classifier: Classifier;
  platforms: PlatformsFile;
}

/** Label words a classifier reads per repository: enough for any honest frontmatter, and no more. */
const MAX_TAGS = 200;
const MAX_TAG_CHARS = 100;
/** Longest frontmatter `license` taken as an identifier (SPDX expressions are short). */
const MAX_LICENSE_CHARS = 100;

const tagWords = (data: Record<string, unknown>, out: string[]): string[] => {
  const take = (v: unknown) => {
    if (typeof v === "string") {
      if (out.length < MAX_TAGS && v.length <= MAX_TAG_CHARS) out.push(v);
    } else if (Array.isArray(v)) for (const x of v) take(typeof x === "string" ? x : undefined);
  };
  take(data.tags);
  take(data.category);
  take(data.categories);
  take(data.keywords);
  if (typeof data.metadata === "object" && data.metadata !== null && !Array.isArray(data.metadata)) {
    for (const [k, v] of Object.entries(data.metadata)) if (["tags", "category", "categories", "keywords"].includes(k)) take(v);
  }
  return out;
};

/** The first candidate that keeps the naming rules, else the nearest valid form of the first one given. */
function validName(candidates: readonly (string | null | undefined)[]): string {
  const given = candidates.filter((c): c is string => typeof c === "string" && c.trim() !== "").map((c) => c.trim());
  return given.find(isSkillName) ?? given.map(toSkillName).find((n) => n !== "") ?? "skill";
}

/** Adds or replaces the point of `day`, keeping points sorted by date. */
export function addStarPoint(history: SkillRecord["starHistory"], day: string, stars: number): SkillRecord["starHistory"] {
  return [...history.filter((p) => p.date !== day), { date: day, stars }].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

export function buildRecord(input: RecordInput, ctx: RecordContext): SkillRecord {
  const { facts } = input;
  const files = [...input.files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const primary = choosePrimary(files, facts.repo);
  if (!primary) throw new Error(`${facts.owner}/${facts.repo}: a record needs at least one SKILL.md`);
  const parsed = files.map((f) => ({ file: f, parse: parseSkillFile(f.content, f.path, facts.repo) }));
  const primaryParse = parsed.find((p) => p.file === primary)?.parse;
  const primaryData = primaryParse?.ok ? primaryParse.skill.data : {};
  const primaryBody = primaryParse?.ok ? primaryParse.skill.body : "";

  const single = files.length === 1 || primary.path === "SKILL.md";
  const name = single ? primary.name : validName([input.marketplace?.name, facts.repo]);
  const description =
    [single ? primary.description : (input.marketplace?.description ?? facts.description), facts.description, primary.description]
      .map((d) => toDescription(d ?? ""))
      .find((d) => d !== "") ?? `Agent skills from ${facts.owner}/${facts.repo}`;
  const declaredLicense = typeof primaryData.license === "string" ? toDescription(primaryData.license) : "";
  const fmLicense =
    declaredLicense !== "" && declaredLicense.length <= MAX_LICENSE_CHARS && !declaredLicense.includes("\n") ? declaredLicense : null;

  const compatibility = parsed.flatMap((p) =>
    p.parse.ok && typeof p.parse.skill.data.compatibility === "string" ? [p.parse.skill.data.compatibility.slice(0, 500)] : [],
  );
  const { platforms, installCommands } = derivePlatforms(
    {
      owner: facts.owner,
      repo: facts.repo,
      paths: [...input.evidence, ...files.map((f) => f.path)],
      compatibility,
      hasIndex: input.hasIndex,
    },
    ctx.platforms,
  );
  const others = files.filter((f) => f !== primary).map((f) => `${f.name}: ${f.description}`);
  const { categories, subcategories } = ctx.classifier.classify({
    name,
    description,
    topics: facts.topics,
    tags: parsed.reduce<string[]>((out, p) => (p.parse.ok ? tagWords(p.parse.skill.data, out) : out), []),
    content: boundedJoin([primaryBody, ...others], "\n", CONTENT_CHARS),
  });

  return {
    id: facts.id,
    owner: facts.owner,
    repo: facts.repo,
    aliases: uniqueAliases(input.aliases, `${facts.owner}/${facts.repo}`),
    name,
    description,
    stars: facts.stars,
    forks: facts.forks,
    watchers: facts.watchers,
    openIssues: facts.openIssues,
    license: facts.license ?? fmLicense ?? "NOASSERTION",
    createdAt: facts.createdAt,
    updatedAt: facts.updatedAt,
    pushedAt: facts.pushedAt,
    author: { name: facts.owner, avatar: facts.avatar },
    topics: facts.topics,
    categories,
    subcategories,
    platforms,
    installCommands,
    hasIndex: input.hasIndex,
    defaultBranch: facts.defaultBranch ?? "",
    headSha: facts.headSha ?? "",
    primary: primary.path,
    files,
    ...(input.folderFiles.length > 0 ? { folderFiles: input.folderFiles } : {}),
    starHistory: addStarPoint(input.previousHistory, input.day, facts.stars),
  };
}

/** Old names, one per case-insensitive spelling, never the current name. */
export function uniqueAliases(aliases: readonly string[], current: string): string[] {
  const seen = new Set([current.toLowerCase()]);
  return [...aliases].sort().filter((a) => !seen.has(a.toLowerCase()) && seen.add(a.toLowerCase()));
}
