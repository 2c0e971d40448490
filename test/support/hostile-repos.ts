// Hostile repositories for the crawler, written as a fixture folder for the local GitHub server:
// frontmatter alias bombs in every list field, nesting and key tricks, an oversized frontmatter,
// a repository with too many SKILL.md files, and names and descriptions that break the rules; plus
// one ordinary repository that must be listed whatever its neighbours do. And the means to write
// hostile skill folders (any bytes, modes, symlinks) and hand-made archives (path traversal, links,
// devices, gzip bombs) for the archive tests.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { pack } from "tar-stream";
import { gitBlobSha } from "../../src/node/github-fixture/model.js";

interface Hostile {
  repo: string;
  /** What the crawl must do with it. */
  expect: "failed" | "listed";
  files: Record<string, string>;
  description?: string;
}

const LIST_FIELDS = ["tags", "keywords", "categories", "category"];

/** A long string aliased `uses` times from one list field: 52 KB of text, 192 MB once expanded. */
function aliasBomb(field: string, uses = 12_000, longKb = 16): string {
  const long = "x".repeat(longKb * 1024);
  const list = Array.from({ length: uses }, () => "*s").join(",");
  return `---\nname: bomb\ndescription: An alias bomb in ${field}.\nanchor: &s "${long}"\n${field}: [${list}]\n---\n# bomb\n`;
}

/** The same bomb under metadata, where publishers also put tags. */
const metadataBomb = (): string =>
  `---\nname: bomb\ndescription: An alias bomb under metadata.\nanchor: &s "${"y".repeat(16 * 1024)}"\nmetadata:\n  tags: [${Array.from({ length: 12_000 }, () => "*s").join(",")}]\n---\n`;

/** Lists of lists: nine levels of ten aliases each (a billion leaves), the classic "billion laughs". */
function laughs(): string {
  const lines = ['l0: &l0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let i = 1; i <= 9; i++) lines.push(`l${i}: &l${i} [${Array.from({ length: 10 }, () => `*l${i - 1}`).join(",")}]`);
  return `---\nname: laughs\ndescription: Billion laughs.\n${lines.join("\n")}\ntags: *l9\nkeywords: *l9\n---\n`;
}

const deepNesting = (): string => `---\nname: deep\ndescription: Deeply nested.\ntags: ${"[".repeat(5000)}${"]".repeat(5000)}\n---\n`;

/** Many distinct keys, each long, inside the frontmatter byte budget but not its character budget once aliased. */
function hugeKeys(): string {
  const key = "k".repeat(30 * 1024);
  return `---\nname: keys\ndescription: Huge keys.\n"${key}": &v "${"v".repeat(30 * 1024)}"\nmetadata: {a: *v, b: *v, c: *v, d: *v, e: *v, f: *v, g: *v, h: *v, i: *v, j: *v}\n---\n`;
}

function manyFiles(count: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < count; i++) files[`skills/s${i}/SKILL.md`] = `---\nname: s${i}\ndescription: Skill ${i}.\n---\n`;
  return files;
}

export const HOSTILE: Hostile[] = [
  ...LIST_FIELDS.map((field): Hostile => ({ repo: `alias-${field}`, expect: "failed", files: { "SKILL.md": aliasBomb(field) } })),
  { repo: "alias-metadata", expect: "failed", files: { "SKILL.md": metadataBomb() } },
  { repo: "billion-laughs", expect: "failed", files: { "SKILL.md": laughs() } },
  { repo: "huge-keys", expect: "failed", files: { "SKILL.md": hugeKeys() } },
  // The reported file's shape: 112 KB, refused before it is parsed.
  { repo: "big-frontmatter", expect: "failed", files: { "SKILL.md": aliasBomb("tags", 21_000, 48) } },
  { repo: "many-files", expect: "failed", files: manyFiles(2_100) },
  // Deep nesting is refused by the YAML parser itself: the file is listed with the problem reported.
  { repo: "deep-nesting", expect: "listed", files: { "SKILL.md": deepNesting() } },
  // Text that breaks the naming and description rules: listed under its folder's name, cleaned and cut.
  {
    repo: "hostile-text",
    expect: "listed",
    files: {
      "SKILL.md": `---\nname: "Evil\\u202Egpj.exe"\ndescription: "${"Reads \\u202Efdp\\u0007 files. ".repeat(2_000)}"\n---\n# Text\n`,
    },
  },
  {
    repo: "ordinary",
    expect: "listed",
    files: { "SKILL.md": "---\nname: ordinary\ndescription: An ordinary skill for PDF files.\n---\n# Ordinary\n" },
  },
];

export const HOSTILE_OWNER = "hostile";

/** Writes the repositories as a fixture folder (shared dataset format) and returns the folder. */
export function writeHostileFixture(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const repos: string[] = [];
  const skills: string[] = [];
  HOSTILE.forEach((h, i) => {
    const paths = Object.keys(h.files);
    repos.push(
      JSON.stringify({
        owner: HOSTILE_OWNER,
        repo: h.repo,
        defaultBranch: "main",
        headSha: gitBlobSha(`head ${h.repo}`),
        firstCommitAt: "2025-01-01T00:00:00Z",
        lastCommitAt: `2026-10-${String(1 + i).padStart(2, "0")}T00:00:00Z`,
        topLevel: [...new Set(paths.map((p) => p.split("/")[0]!))],
        skillPaths: paths,
        topics: ["agent-skills"],
        description: h.description ?? `Hostile case ${h.repo}`,
      }),
    );
    for (const [path, raw] of Object.entries(h.files)) {
      skills.push(
        JSON.stringify({ owner: HOSTILE_OWNER, repo: h.repo, path, raw, blobSha: gitBlobSha(raw), size: Buffer.byteLength(raw) }),
      );
    }
  });
  writeFileSync(join(dir, "repos.jsonl"), `${repos.join("\n")}\n`);
  writeFileSync(join(dir, "skills.jsonl"), `${skills.join("\n")}\n`);
  return dir;
}

/** One entry of a hand-made tar archive (tar-stream's header fields). */
export interface TarEntry {
  name: string;
  type?: "file" | "directory" | "symlink" | "link" | "character-device";
  body?: Buffer | string;
  linkname?: string;
  mode?: number;
}

/** A gzipped tar of exactly these entries, in this order: what a hostile or broken archive can hold. */
export async function handMadeArchive(entries: readonly TarEntry[]): Promise<Buffer> {
  const p = pack();
  const chunks: Buffer[] = [];
  const done = (async () => {
    for await (const c of p) chunks.push(Buffer.from(c as Uint8Array));
  })();
  for (const e of entries) {
    const type = e.type ?? "file";
    if (type === "file") {
      const body = typeof e.body === "string" ? Buffer.from(e.body) : (e.body ?? Buffer.alloc(0));
      p.entry({ name: e.name, type, mode: e.mode ?? 0o644, size: body.length }, body);
    } else p.entry({ name: e.name, type, mode: e.mode ?? 0o644, linkname: e.linkname, devmajor: 1, devminor: 3 });
  }
  p.finalize();
  await done;
  return gzipSync(Buffer.concat(chunks), { level: 9 });
}

/** A dataset row (skills.jsonl or files.jsonl) for bytes, base64 when they are not UTF-8 text. */
export function datasetRow(owner: string, repo: string, path: string, content: Buffer | string, mode?: string): Record<string, unknown> {
  const bytes = typeof content === "string" ? Buffer.from(content) : content;
  let text: string | undefined;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    text = undefined;
  }
  return {
    owner,
    repo,
    path,
    raw: text ?? bytes.toString("base64"),
    blobSha: gitBlobSha(bytes),
    size: bytes.length,
    ...(mode ? { mode } : {}),
    ...(text === undefined ? { encoding: "base64" } : {}),
  };
}

/** Writes a fixture folder (repos.jsonl, skills.jsonl, files.jsonl) for repositories given as path -> content. */
export function writeFolderFixture(
  dir: string,
  owner: string,
  repos: Record<string, Record<string, Buffer | string | { content: Buffer | string; mode: string }>>,
): string {
  mkdirSync(dir, { recursive: true });
  const repoLines: string[] = [];
  const skills: string[] = [];
  const files: string[] = [];
  Object.entries(repos).forEach(([repo, content], i) => {
    const paths = Object.keys(content).sort();
    repoLines.push(
      JSON.stringify({
        owner,
        repo,
        defaultBranch: "main",
        headSha: gitBlobSha(`head ${owner}/${repo}`),
        firstCommitAt: "2025-01-01T00:00:00Z",
        lastCommitAt: `2026-10-${String(1 + (i % 28)).padStart(2, "0")}T00:00:00Z`,
        topLevel: [...new Set(paths.map((p) => p.split("/")[0]!))],
        skillPaths: paths.filter((p) => p === "SKILL.md" || p.endsWith("/SKILL.md")),
        topics: ["agent-skills"],
        description: `Case ${repo}`,
      }),
    );
    for (const path of paths) {
      const v = content[path]!;
      const row =
        typeof v === "object" && !Buffer.isBuffer(v) ? datasetRow(owner, repo, path, v.content, v.mode) : datasetRow(owner, repo, path, v);
      (path === "SKILL.md" || path.endsWith("/SKILL.md") ? skills : files).push(JSON.stringify(row));
    }
  });
  writeFileSync(join(dir, "repos.jsonl"), `${repoLines.join("\n")}\n`);
  writeFileSync(join(dir, "skills.jsonl"), `${skills.join("\n")}\n`);
  writeFileSync(join(dir, "files.jsonl"), files.length ? `${files.join("\n")}\n` : "");
  return dir;
}
