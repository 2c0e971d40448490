// A site built from a test's own records (and, if given, maintainer reviews), answered in-process by
// the function's real handler over the built folder: what the files and trust tests query. Also
// builds records with skill folders (SKILL.md files and other files of every kind) by hand.
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AssetFetcher } from "../../src/api/env.js";
import { handleRequest } from "../../src/api/handle.js";
import { createServices } from "../../src/api/services.js";
import { type BuildOptions, type BuildReport, build } from "../../src/build/build.js";
import { compareKeys } from "../../src/contract/key.js";
import { DATA_PATH } from "../../src/contract/paths.js";
import { stableStringify } from "../../src/dataset/json.js";
import { folderAssets } from "../../src/node/folder-assets.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import type { FolderFile, SkillFile, SkillRecord } from "../../src/schemas/dataset.js";
import { blobSha } from "../../src/synth/generate.js";

export const sha256 = (text: string | Uint8Array) => createHash("sha256").update(text).digest("hex");

/** A SKILL.md at `path` with a frontmatter naming it. */
export function skillMd(path: string, name: string, description: string, body = "Plain instructions."): SkillFile {
  const content = `---\nname: ${JSON.stringify(name)}\ndescription: ${JSON.stringify(description)}\n---\n\n${body}\n`;
  return { path, name, description, sha: blobSha(content), size: Buffer.byteLength(content), content };
}

/** A text file of a skill folder. */
export const textFile = (path: string, skill: string, content: string, mode?: string): FolderFile => ({
  path,
  skill,
  kind: "text",
  size: Buffer.byteLength(content),
  sha: blobSha(content),
  sha256: sha256(content),
  ...(mode ? { mode } : {}),
  content,
});

/** A file of a skill folder recorded without content: binary, symlink (with its target) or omitted. */
export function otherFile(path: string, skill: string, kind: "binary" | "symlink" | "omitted", size = 2048, target?: string): FolderFile {
  const bytes = `${kind}:${path}:${size}`;
  return {
    path,
    skill,
    kind,
    size,
    sha: blobSha(bytes),
    sha256: sha256(bytes),
    ...(kind === "symlink" ? { mode: "120000", target: target ?? "elsewhere" } : {}),
  };
}

export interface RecordSpec {
  owner: string;
  repo: string;
  id: number;
  name?: string;
  description?: string;
  stars?: number;
  categories?: string[];
  platforms?: string[];
  /** SKILL.md files; the first is the primary (default: one at the root). */
  files?: SkillFile[];
  folderFiles?: FolderFile[];
  installCommands?: Record<string, string>;
}

export function record(spec: RecordSpec): SkillRecord {
  const name = spec.name ?? spec.repo.toLowerCase();
  const description = spec.description ?? `The ${spec.repo} skill for tests.`;
  const files = spec.files ?? [skillMd("SKILL.md", name, description)];
  const folderFiles = [...(spec.folderFiles ?? [])].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    id: String(spec.id),
    owner: spec.owner,
    repo: spec.repo,
    aliases: [],
    name,
    description,
    stars: spec.stars ?? 10,
    forks: 0,
    watchers: 0,
    openIssues: 0,
    license: "MIT",
    createdAt: "2025-01-01T00:00:00Z",
    updatedAt: "2026-01-01T00:00:00Z",
    pushedAt: "2026-01-01T00:00:00Z",
    author: { name: spec.owner, avatar: `https://avatars.githubusercontent.com/${spec.owner}` },
    topics: [],
    categories: spec.categories ?? ["development"],
    subcategories: [],
    platforms: spec.platforms ?? ["claude-code"],
    installCommands: spec.installCommands ?? { "claude-code": `/plugin install ${spec.owner}/${spec.repo}` },
    hasIndex: false,
    defaultBranch: "main",
    headSha: createHash("sha1").update(`${spec.owner}/${spec.repo}`).digest("hex"),
    primary: files[0]!.path,
    files,
    ...(folderFiles.length > 0 ? { folderFiles } : {}),
    starHistory: [],
  };
}

export interface RecordSite {
  dir: string;
  report: BuildReport;
  /** GETs /api/v1`path` in-process on the site's services (warm after the first request). */
  get(path: string): Promise<{ status: number; body: unknown }>;
  /** GETs /api/v1`path` on a fresh isolate's services; also returns the data files it read and their bytes. */
  cold(path: string): Promise<{ status: number; body: unknown; files: string[]; bytes: number }>;
  remove(): void;
}

const allow = { check: async () => ({}) };

/**
 * Writes `records` (and `reviews`, lines of data/trust-reviews.jsonl, when given) as a dataset folder
 * with the project's categories and platforms, builds it without the page, and answers in-process.
 */
export async function buildRecordSite(
  prefix: string,
  records: readonly SkillRecord[],
  options: { reviews?: string[]; build?: Partial<BuildOptions> } = {},
): Promise<RecordSite> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const data = join(dir, "data");
  await mkdir(data, { recursive: true });
  for (const name of ["categories.json", "platforms.json"])
    await writeFile(join(data, name), await readFile(join(PROJECT_ROOT, "data", name)));
  await writeFile(join(data, "meta.json"), JSON.stringify({ generatedAt: "2026-11-20T06:00:00Z" }));
  await writeFile(
    join(data, "skills.jsonl"),
    [...records]
      .sort(compareKeys)
      .map((r) => `${stableStringify(r)}\n`)
      .join(""),
  );
  if (options.reviews) await writeFile(join(data, "trust-reviews.jsonl"), options.reviews.map((l) => `${l}\n`).join(""));
  const out = join(dir, "site");
  const report = await build({ dataDir: data, outDir: out, page: false, ...options.build });
  const services = createServices(folderAssets(out), allow);
  const run = async (path: string, on = services) => {
    const res = await handleRequest(
      { request: new Request(`http://local/api/v1${path}`), env: { ASSETS: folderAssets(out) }, waitUntil: () => {} },
      on,
    );
    return { status: res.status, body: await res.json() };
  };
  return {
    dir,
    report,
    get: (path) => run(path),
    async cold(path) {
      const inner = folderAssets(out);
      const files: string[] = [];
      let bytes = 0;
      const recording: AssetFetcher = {
        async fetch(input) {
          const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
          files.push(url.pathname.slice(DATA_PATH.length));
          const res = await inner.fetch(input);
          const body = new Uint8Array(await res.arrayBuffer());
          bytes += body.length;
          return new Response(body, { status: res.status });
        },
      };
      return { ...(await run(path, createServices(recording, allow))), files, bytes };
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
