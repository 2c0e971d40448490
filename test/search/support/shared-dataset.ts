// Converts the real shared dataset (repos.jsonl + skills.jsonl of real SKILL.md files) into a dataset
// folder of SkillRecords that the build accepts, for relevance tests and the benchmark. The facts
// the shared dataset lacks are filled deterministically: stars = commit count (a popularity proxy),
// one category, the portable platform; the primary SKILL.md follows the rules of DESIGN.md.
import { createReadStream, existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import matter from "gray-matter";
import { z } from "zod";
import { compareKeys } from "../../../src/dataset/key.js";
import { stableStringify } from "../../../src/dataset/json.js";
import { SkillRecord, type SkillFile } from "../../../src/schemas/dataset.js";
import { PROJECT_ROOT } from "../../support/pages-dev.js";

export const SHARED_DATASET = process.env.SKILLS_SHARED_DATASET ?? resolve(PROJECT_ROOT, "..", "shared", "dataset");
export const sharedDatasetPresent = () => existsSync(join(SHARED_DATASET, "skills.jsonl")) && existsSync(join(SHARED_DATASET, "repos.jsonl"));

const RepoRow = z.object({
  owner: z.string(),
  repo: z.string(),
  defaultBranch: z.string(),
  headSha: z.string(),
  firstCommitAt: z.string(),
  lastCommitAt: z.string(),
  commitCount: z.number().optional(),
  licenseSpdx: z.string().nullable(),
  hasMarketplace: z.boolean(),
  marketplace: z.object({ name: z.string().optional(), description: z.string().optional() }).passthrough().nullable(),
});
const SkillRow = z.object({ owner: z.string(), repo: z.string(), path: z.string(), raw: z.string(), blobSha: z.string(), size: z.number(), mode: z.string().optional() });
type SkillRow = z.infer<typeof SkillRow>;

async function* rows(file: string): AsyncGenerator<unknown> {
  const lines = createInterface({ input: createReadStream(file, "utf8"), crlfDelay: Infinity });
  for await (const line of lines) if (line.trim()) yield JSON.parse(line);
}

const asText = (v: unknown) => (typeof v === "string" ? v.replace(/\s+/g, " ").trim() : "");

/** name and description from frontmatter; a file whose YAML does not parse falls back to line matching. */
function frontmatter(raw: string): { name: string; description: string } {
  try {
    const data: unknown = matter(raw.replace(/^\uFEFF/, ""), {}).data;
    const fm = z.record(z.string(), z.unknown()).parse(data ?? {});
    return { name: asText(fm.name), description: asText(fm.description) };
  } catch {
    const line = (key: string) => asText(new RegExp(`^${key}:\\s*(.+)$`, "m").exec(raw)?.[1]?.replace(/^["']|["']$/g, ""));
    return { name: line("name"), description: line("description") };
  }
}

const depth = (path: string) => path.split("/").length;
const folderOf = (path: string) => path.split("/").slice(-2, -1)[0] ?? "";

function primaryOf(repo: string, files: SkillFile[]): SkillFile {
  if (files.length === 1) return files[0]!;
  const root = files.find((f) => f.path === "SKILL.md");
  if (root) return root;
  const named = files.filter((f) => folderOf(f.path).toLowerCase() === repo.toLowerCase() || f.name.toLowerCase() === repo.toLowerCase());
  const pool = named.length > 0 ? named : files;
  return [...pool].sort((a, b) => depth(a.path) - depth(b.path) || (a.path < b.path ? -1 : 1))[0]!;
}

/** Writes a dataset folder (skills.jsonl, categories, platforms, meta) from the shared dataset; returns the records. */
export async function convertSharedDataset(outDir: string): Promise<SkillRecord[]> {
  const repos = new Map<string, z.infer<typeof RepoRow>>();
  for await (const row of rows(join(SHARED_DATASET, "repos.jsonl"))) {
    const r = RepoRow.parse(row);
    repos.set(`${r.owner}/${r.repo}`, r);
  }
  const files = new Map<string, SkillRow[]>();
  for await (const row of rows(join(SHARED_DATASET, "skills.jsonl"))) {
    const s = SkillRow.parse(row);
    if (s.mode === "120000") continue; // a symlink: raw is a path, not a skill
    const key = `${s.owner}/${s.repo}`;
    files.set(key, [...(files.get(key) ?? []), s]);
  }
  const records: SkillRecord[] = [];
  let ordinal = 0;
  for (const [key, repo] of repos) {
    const rowsOf = files.get(key);
    if (!rowsOf || rowsOf.length === 0) continue;
    const skillFiles: SkillFile[] = rowsOf.map((s) => {
      const fm = frontmatter(s.raw);
      return { path: s.path, name: fm.name || folderOf(s.path) || repo.repo, description: fm.description, sha: s.blobSha, size: s.size, content: s.raw };
    });
    const primary = primaryOf(repo.repo, skillFiles);
    const description = primary.description || repo.marketplace?.description || `${repo.repo} skills`;
    records.push(
      SkillRecord.parse({
        id: String(1_000_000 + ordinal++),
        owner: repo.owner,
        repo: repo.repo,
        aliases: [],
        name: primary.name,
        description,
        stars: repo.commitCount ?? 0,
        forks: 0,
        watchers: 0,
        openIssues: 0,
        license: repo.licenseSpdx ?? "NOASSERTION",
        createdAt: repo.firstCommitAt,
        updatedAt: repo.lastCommitAt,
        pushedAt: repo.lastCommitAt,
        author: { name: repo.owner, avatar: `https://avatars.githubusercontent.com/${repo.owner}` },
        topics: [],
        categories: ["development"],
        subcategories: [],
        platforms: ["claude-code"],
        installCommands: {},
        hasIndex: repo.hasMarketplace,
        defaultBranch: repo.defaultBranch,
        headSha: repo.headSha,
        primary: primary.path,
        files: skillFiles,
        starHistory: [],
      }),
    );
  }
  records.sort(compareKeys);
  await mkdir(outDir, { recursive: true });
  for (const f of ["categories.json", "platforms.json"]) await writeFile(join(outDir, f), await readFile(join(PROJECT_ROOT, "data", f)));
  await writeFile(join(outDir, "meta.json"), JSON.stringify({ generatedAt: "2026-11-21T00:00:00Z" }));
  await writeFile(join(outDir, "skills.jsonl"), records.map((r) => stableStringify(r) + "\n").join(""));
  return records;
}
