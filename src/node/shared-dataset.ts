// Converts the real shared dataset (repos.jsonl + skills.jsonl of real SKILL.md files, and files.jsonl
// of the other files of some repositories' skill folders) into a dataset folder of SkillRecords that
// the build accepts, for relevance tests and the benchmark. The facts the shared dataset lacks are
// filled deterministically: stars = commit count (a popularity proxy), one category, the portable
// platform; the primary SKILL.md and the folder files follow the crawl's rules (docs/CRAWLER.md).
import { createReadStream, existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { compareKeys } from "../contract/key.js";
import { stableStringify } from "../dataset/json.js";
import { hashes, textOf } from "../ingest/archive.js";
import { DEFAULT_FOLDER_BOUNDS, folderEntries, type KnownBytes, keepFolderFiles } from "../ingest/folders.js";
import { choosePrimary } from "../ingest/primary.js";
import { parseSkillFile } from "../ingest/skill-file.js";
import { type FolderFile, type SkillFile, SkillRecord } from "../schemas/dataset.js";
import { DatasetFile, DatasetRepo, DatasetSkill } from "../schemas/shared-dataset.js";
import { rowBytes } from "./github-fixture/model.js";
import { PROJECT_ROOT } from "./project-root.js";

export const SHARED_DATASET = process.env.SKILLS_SHARED_DATASET ?? resolve(PROJECT_ROOT, "..", "shared", "dataset");
export const sharedDatasetPresent = () =>
  existsSync(join(SHARED_DATASET, "skills.jsonl")) && existsSync(join(SHARED_DATASET, "repos.jsonl"));

async function* rows(file: string): AsyncGenerator<unknown> {
  const lines = createInterface({ input: createReadStream(file, "utf8"), crlfDelay: Infinity });
  for await (const line of lines) if (line.trim()) yield JSON.parse(line);
}

/** The folder files of a repository's rows, kept under the crawl's bounds as a crawl would keep them. */
function folderFilesOf(rowsOf: readonly DatasetFile[], skills: readonly SkillFile[]): FolderFile[] {
  const byPath = new Map(rowsOf.map((r) => [r.path, r]));
  const entries = folderEntries(
    rowsOf.map((r) => ({ path: r.path, mode: r.mode ?? "100644", sha: r.blobSha, size: r.size })),
    skills.map((s) => s.path),
  );
  const known = (e: { path: string; mode: string }): KnownBytes => {
    const bytes = rowBytes(byPath.get(e.path)!);
    const text = textOf(bytes);
    return {
      sha256: hashes(bytes).sha256,
      binary: text === null,
      ...(text !== null ? { text } : {}),
      ...(e.mode === "120000" ? { target: bytes.toString("utf8") } : {}),
    };
  };
  return keepFolderFiles(entries, known, DEFAULT_FOLDER_BOUNDS).files;
}

/** Writes a dataset folder (skills.jsonl, categories, platforms, meta) from the shared dataset (or a folder in its format); returns the records. */
export async function convertSharedDataset(outDir: string, from = SHARED_DATASET): Promise<SkillRecord[]> {
  const repos = new Map<string, DatasetRepo>();
  for await (const row of rows(join(from, "repos.jsonl"))) {
    const r = DatasetRepo.parse(row);
    repos.set(`${r.owner}/${r.repo}`, r);
  }
  const files = new Map<string, DatasetSkill[]>();
  // Besides files.jsonl, a symlinked SKILL.md is a file of the folder that holds it (raw is its target).
  const others = new Map<string, DatasetFile[]>();
  const add = <T>(map: Map<string, T[]>, key: string, row: T) => {
    const list = map.get(key);
    if (list) list.push(row);
    else map.set(key, [row]);
  };
  for await (const row of rows(join(from, "skills.jsonl"))) {
    const s = DatasetSkill.parse(row);
    add(s.mode === "120000" ? others : files, `${s.owner}/${s.repo}`, s);
  }
  const filesJsonl = join(from, "files.jsonl");
  if (existsSync(filesJsonl))
    for await (const row of rows(filesJsonl)) {
      const f = DatasetFile.parse(row);
      add(others, `${f.owner}/${f.repo}`, f);
    }
  const records: SkillRecord[] = [];
  let ordinal = 0;
  for (const [key, repo] of repos) {
    const rowsOf = files.get(key);
    if (!rowsOf || rowsOf.length === 0) continue;
    // The crawler's own parser and primary rule, so the converted records read as a crawl would.
    const skillFiles: SkillFile[] = rowsOf.flatMap((s) => {
      const parsed = parseSkillFile(s.raw, s.path, repo.repo);
      return parsed.ok
        ? [{ path: s.path, name: parsed.skill.name, description: parsed.skill.description, sha: s.blobSha, size: s.size, content: s.raw }]
        : [];
    });
    const primary = choosePrimary(skillFiles, repo.repo);
    if (!primary) continue;
    const folderFiles = folderFilesOf(others.get(key) ?? [], skillFiles);
    const description = primary.description || `${repo.repo} skills`;
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
        hasIndex: repo.hasMarketplace ?? false,
        defaultBranch: repo.defaultBranch,
        headSha: repo.headSha,
        primary: primary.path,
        files: skillFiles,
        ...(folderFiles.length > 0 ? { folderFiles } : {}),
        starHistory: [],
      }),
    );
  }
  records.sort(compareKeys);
  await mkdir(outDir, { recursive: true });
  for (const f of ["categories.json", "platforms.json"]) await writeFile(join(outDir, f), await readFile(join(PROJECT_ROOT, "data", f)));
  await writeFile(join(outDir, "meta.json"), JSON.stringify({ generatedAt: "2026-11-21T00:00:00Z" }));
  await writeFile(join(outDir, "skills.jsonl"), records.map((r) => `${stableStringify(r)}\n`).join(""));
  return records;
}
