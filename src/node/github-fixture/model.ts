// The repositories the local GitHub server answers from: loaded from a folder in the shared
// dataset format (repos.jsonl + skills.jsonl, and files.jsonl when present), with the facts the data
// lacks (ids, stars, forks, topics) derived deterministically from the names, and the changes tests
// make at run time.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { fnv1a } from "../../contract/fnv.js";
import { DatasetFile, DatasetRepo, DatasetSkill } from "../../schemas/shared-dataset.js";

export interface FixtureBlob {
  path: string;
  /** Git mode: 100644, 100755, or 120000 (a symlink, whose bytes are its target path). */
  mode: string;
  /** The sha the tree names (a dataset row's `blobSha`, trusted as given: the crawler checks it against the bytes). */
  sha: string;
  size: number;
  bytes: Buffer;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The blob as text when it is text (valid UTF-8 without a NUL byte), else null: what GitHub calls binary. */
export function blobText(b: FixtureBlob): string | null {
  if (b.bytes.includes(0)) return null;
  try {
    return strictUtf8.decode(b.bytes);
  } catch {
    return null;
  }
}

/** The bytes a dataset row stands for: `raw` as UTF-8, or decoded from base64; any other encoding is an error. */
export function rowBytes(row: Pick<DatasetSkill, "raw" | "encoding" | "path">): Buffer {
  if (row.encoding === undefined) return Buffer.from(row.raw, "utf8");
  if (row.encoding === "base64") return Buffer.from(row.raw, "base64");
  throw new Error(`${row.path}: unknown encoding ${JSON.stringify(row.encoding)} (only "base64" is read)`);
}

/** A blob from a dataset row (skills.jsonl or files.jsonl). */
export const rowBlob = (row: DatasetSkill): FixtureBlob => ({
  path: row.path,
  mode: row.mode ?? "100644",
  sha: row.blobSha,
  size: row.size,
  bytes: rowBytes(row),
});

export interface FixtureRepo {
  id: number;
  nodeId: string;
  owner: string;
  name: string;
  ownerId: number;
  defaultBranch: string;
  headSha: string;
  committedAt: string;
  createdAt: string;
  pushedAt: string;
  stars: number;
  forks: number;
  watchers: number;
  openIssues: number;
  license: { spdxId: string; key: string; name: string } | null;
  description: string | null;
  topics: string[];
  forkOf: string | undefined;
  mirrorUrl: string | null;
  /** Every blob of the snapshot the server knows, by path. */
  blobs: Map<string, FixtureBlob>;
  /** Directory paths (besides those implied by blob paths). */
  dirs: Set<string>;
}

export const gitBlobSha = (content: string | Uint8Array): string => {
  const body = typeof content === "string" ? Buffer.from(content, "utf8") : content;
  return createHash("sha1").update(`blob ${body.length}\0`).update(body).digest("hex");
};

export const sha1 = (s: string): string => createHash("sha1").update(s).digest("hex");

const KNOWN_DIRS = new Set([
  ".github",
  ".claude",
  ".claude-plugin",
  ".codex",
  ".cursor",
  ".gemini",
  ".agents",
  ".kiro",
  ".opencode",
  ".windsurf",
  ".vscode",
]);
const looksLikeDir = (name: string): boolean =>
  KNOWN_DIRS.has(name) || (!/\.[A-Za-z0-9]+$/.test(name.replace(/^\./, "")) && !/^[A-Z0-9_-]+$/.test(name) && !name.startsWith("."));

function deriveTopics(r: DatasetRepo): string[] {
  const name = `${r.owner}/${r.repo}`.toLowerCase();
  const paths = r.skillPaths.join("\n");
  const topics = new Set<string>();
  if (/skill/.test(name) || r.skillPaths.length > 0) topics.add("agent-skills");
  if (/claude/.test(name) || r.hasMarketplace || /(^|\n)\.claude\//.test(paths)) topics.add("claude-skills");
  if (/codex/.test(name) || /(^|\n)\.(codex|agents)\//.test(paths)) topics.add("codex-skills");
  if (/openclaw/.test(name)) topics.add("openclaw");
  return [...topics].sort();
}

function marketplaceDescription(m: unknown): string | null {
  const parsed = z
    .looseObject({ description: z.string().optional(), metadata: z.looseObject({ description: z.string().optional() }).optional() })
    .safeParse(m);
  return parsed.success ? (parsed.data.description ?? parsed.data.metadata?.description ?? null) : null;
}

function licenseOf(spdx: string | null | undefined): FixtureRepo["license"] {
  if (!spdx) return null;
  if (spdx.startsWith("LicenseRef-")) return { spdxId: "NOASSERTION", key: "other", name: "Other" };
  return { spdxId: spdx, key: spdx.toLowerCase(), name: spdx };
}

export interface RepoSource {
  repo: DatasetRepo;
  skills: DatasetSkill[];
  /** The other files of the skill folders (files.jsonl). */
  files: DatasetFile[];
}

/** Builds one server repository from a dataset row; `id` is assigned by the caller (unique). */
export function buildRepo(src: RepoSource, id: number): FixtureRepo {
  const r = src.repo;
  const full = `${r.owner}/${r.repo}`.toLowerCase();
  const h = fnv1a(full);
  const stars = r.stars ?? Math.floor(((h % 10007) / 10007) ** 3 * 20000);
  const blobs = new Map<string, FixtureBlob>();
  for (const s of [...src.skills, ...src.files]) blobs.set(s.path, rowBlob(s));
  const addText = (path: string, text: string) =>
    blobs.set(path, { path, mode: "100644", sha: gitBlobSha(text), size: Buffer.byteLength(text), bytes: Buffer.from(text, "utf8") });
  if (r.hasMarketplace && r.marketplace !== undefined && r.marketplace !== null)
    addText(".claude-plugin/marketplace.json", `${JSON.stringify(r.marketplace, null, 2)}\n`);
  if (r.hasPluginJson) addText(".claude-plugin/plugin.json", `${JSON.stringify({ name: r.repo }, null, 2)}\n`);
  for (const [path, text] of Object.entries(r.extraFiles ?? {})) addText(path, text);
  const dirs = new Set<string>();
  for (const name of r.topLevel) {
    if (blobs.has(name) || [...blobs.keys()].some((p) => p.startsWith(`${name}/`))) continue;
    if (looksLikeDir(name)) dirs.add(name);
    else addText(name, `${name} of ${r.owner}/${r.repo}\n`);
  }
  return {
    id,
    nodeId: Buffer.from(`010:Repository${id}`).toString("base64"),
    owner: r.owner,
    name: r.repo,
    ownerId: (fnv1a(r.owner.toLowerCase()) % 90_000_000) + 1_000_000,
    defaultBranch: r.defaultBranch,
    headSha: r.headSha,
    committedAt: r.lastCommitAt,
    createdAt: r.firstCommitAt,
    pushedAt: r.lastCommitAt,
    stars,
    forks: Math.floor(stars / 9) + (h % 7),
    watchers: Math.floor(stars / 30) + (h % 5),
    openIssues: h % 23,
    license: licenseOf(r.licenseSpdx),
    description: r.description !== undefined ? r.description : marketplaceDescription(r.marketplace),
    topics: r.topics ?? deriveTopics(r),
    forkOf: r.forkOf,
    mirrorUrl: r.mirrorUrl ?? null,
    blobs,
    dirs,
  };
}

function parseLines<T>(text: string, schema: z.ZodType<T>, file: string): T[] {
  const out: T[] = [];
  text.split("\n").forEach((line, i) => {
    if (line.trim() === "") return;
    const parsed = schema.safeParse(JSON.parse(line));
    if (!parsed.success) throw new Error(`${file}:${i + 1}: ${parsed.error.message}`);
    out.push(parsed.data);
  });
  return out;
}

const groupByRepo = (rows: readonly DatasetSkill[]): Map<string, DatasetSkill[]> => {
  const byRepo = new Map<string, DatasetSkill[]>();
  for (const s of rows) {
    const k = `${s.owner}/${s.repo}`.toLowerCase();
    const list = byRepo.get(k) ?? [];
    list.push(s);
    byRepo.set(k, list);
  }
  return byRepo;
};

/** Reads a dataset folder into repository sources, in file order; files.jsonl is optional. */
export async function loadSources(dir: string): Promise<RepoSource[]> {
  const repos = parseLines(await readFile(join(dir, "repos.jsonl"), "utf8"), DatasetRepo, "repos.jsonl");
  const skills = groupByRepo(parseLines(await readFile(join(dir, "skills.jsonl"), "utf8"), DatasetSkill, "skills.jsonl"));
  const filesPath = join(dir, "files.jsonl");
  const files = groupByRepo(existsSync(filesPath) ? parseLines(await readFile(filesPath, "utf8"), DatasetFile, "files.jsonl") : []);
  return repos.map((repo) => {
    const k = `${repo.owner}/${repo.repo}`.toLowerCase();
    return { repo, skills: skills.get(k) ?? [], files: files.get(k) ?? [] };
  });
}

/**
 * Clones sources under new deterministic names until there are `count` of them: repository i is
 * the (i mod n)-th small source renamed `<owner>-c<i>/<repo>`. Only sources with 1..maxFiles
 * SKILL.md files are cloned, so the synthetic set has the size profile of single-skill repos.
 */
export function synthesize(sources: RepoSource[], count: number, maxFiles = 3): RepoSource[] {
  const base = sources.filter((s) => s.skills.length >= 1 && s.skills.length <= maxFiles);
  const out: RepoSource[] = [];
  for (let i = 0; i < count; i++) {
    const s = base[i % base.length]!;
    const owner = `${s.repo.owner}-c${i}`;
    out.push({
      repo: { ...s.repo, owner },
      skills: s.skills.map((k) => ({ ...k, owner })),
      files: s.files.map((k) => ({ ...k, owner })),
    });
  }
  return out;
}

/** Assigns ids (a hash of the name, probed to stay unique) and builds every repository. */
export function buildRepos(sources: RepoSource[]): FixtureRepo[] {
  const used = new Set<number>();
  const sorted = [...sources].sort((a, b) => {
    const ka = `${a.repo.owner}/${a.repo.repo}`.toLowerCase();
    const kb = `${b.repo.owner}/${b.repo.repo}`.toLowerCase();
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
  return sorted.map((s) => {
    let id = (fnv1a(`${s.repo.owner}/${s.repo.repo}`.toLowerCase()) % 900_000_000) + 10_000_000;
    while (used.has(id)) id++;
    used.add(id);
    return buildRepo(s, id);
  });
}
