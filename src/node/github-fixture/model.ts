// The repositories the local GitHub server answers from: loaded from a folder in the shared
// dataset format (repos.jsonl + skills.jsonl), with the facts the data lacks (ids, stars, forks,
// topics) derived deterministically from the names, and the changes tests make at run time.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { fnv1a } from "../../contract/fnv.js";
import { DatasetRepo, DatasetSkill } from "../../schemas/shared-dataset.js";

export interface FixtureBlob {
  path: string;
  mode: string;
  sha: string;
  size: number;
  text: string;
}

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

export const gitBlobSha = (text: string): string => {
  const body = Buffer.from(text, "utf8");
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
}

/** Builds one server repository from a dataset row; `id` is assigned by the caller (unique). */
export function buildRepo(src: RepoSource, id: number): FixtureRepo {
  const r = src.repo;
  const full = `${r.owner}/${r.repo}`.toLowerCase();
  const h = fnv1a(full);
  const stars = r.stars ?? Math.floor(((h % 10007) / 10007) ** 3 * 20000);
  const blobs = new Map<string, FixtureBlob>();
  for (const s of src.skills) {
    blobs.set(s.path, { path: s.path, mode: s.mode ?? "100644", sha: s.blobSha, size: s.size, text: s.raw });
  }
  const addText = (path: string, text: string) =>
    blobs.set(path, { path, mode: "100644", sha: gitBlobSha(text), size: Buffer.byteLength(text), text });
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

/** Reads a dataset folder into repository sources, in file order. */
export async function loadSources(dir: string): Promise<RepoSource[]> {
  const repos = parseLines(await readFile(join(dir, "repos.jsonl"), "utf8"), DatasetRepo, "repos.jsonl");
  const skills = parseLines(await readFile(join(dir, "skills.jsonl"), "utf8"), DatasetSkill, "skills.jsonl");
  const byRepo = new Map<string, DatasetSkill[]>();
  for (const s of skills) {
    const k = `${s.owner}/${s.repo}`.toLowerCase();
    const list = byRepo.get(k) ?? [];
    list.push(s);
    byRepo.set(k, list);
  }
  return repos.map((repo) => ({ repo, skills: byRepo.get(`${repo.owner}/${repo.repo}`.toLowerCase()) ?? [] }));
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
