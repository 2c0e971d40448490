// A repository's files in one request: the tarball of a commit (`GET /repos/{o}/{r}/tarball/{sha}`,
// which GitHub answers with a redirect to codeload), streamed through gunzip and a tar reader
// (tar-stream) without ever touching the disk. Every file asked for is hashed (git blob SHA-1 and
// SHA-256) as it streams, and its bytes kept only when asked and within bounds. Everything an archive
// can do to a reader is bounded: bytes downloaded and inflated (a gzip bomb), entries, bytes kept;
// a path that is absolute, climbs out (`..`) or is otherwise odd is skipped and reported.
import { createHash } from "node:crypto";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { createGunzip } from "node:zlib";
import type { Octokit } from "@octokit/rest";
import { extract } from "tar-stream";
import { OverBudgetError } from "./read-budget.js";

export interface ArchiveLimits {
  /** Bytes downloaded (gzipped). */
  compressedBytes: number;
  /** Bytes once inflated: a small gzip that inflates without end stops here. */
  expandedBytes: number;
  /** Tar entries read. */
  entries: number;
  /** Bytes of file content kept in memory for one repository. */
  keptBytes: number;
  /** The whole download, redirect and body, must end within this. */
  timeoutMs: number;
}

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  compressedBytes: 128 * 1024 * 1024,
  expandedBytes: 512 * 1024 * 1024,
  entries: 100_000,
  keptBytes: 64 * 1024 * 1024,
  timeoutMs: 120_000,
};

export interface ArchiveFile {
  path: string;
  /** 100644, 100755 (an executable) or 120000 (a symlink). */
  mode: string;
  size: number;
  /** Git blob SHA-1 of the bytes (for a symlink, of its target). */
  sha: string;
  sha256: string;
  /** Not valid UTF-8, or holds a NUL byte. */
  binary: boolean;
  /** The bytes, when they were asked for and fit the bounds. */
  bytes?: Buffer;
  /** A symlink's target. */
  target?: string;
}

export interface ArchiveContents {
  files: Map<string, ArchiveFile>;
  /** Folder paths (for platform evidence when the tree was truncated). */
  dirs: string[];
  /** Entries skipped, and why. */
  problems: { path: string; reason: string }[];
}

/** What to do with a file of the archive: keep its bytes, only hash it, or pass it by. */
export type ArchiveWant = (path: string, size: number) => "bytes" | "hash" | "skip";

const show = (name: string) => JSON.stringify(name.length > 200 ? `${name.slice(0, 200)}…` : name);

/** The entry's path inside the repository, or why it is refused. `root` is the archive's top folder. */
export function archivePath(name: string, root: string): { path: string } | { refused: string } {
  if (!name.startsWith(`${root}/`)) return { refused: "outside the archive's top folder" };
  const path = name.slice(root.length + 1).replace(/\/$/, "");
  if (path === "") return { path };
  if (path.length > 4096) return { refused: "path longer than 4,096 characters" };
  if (/[\0\\]/.test(path) || path.startsWith("/")) return { refused: "absolute path, NUL or backslash in the path" };
  if (path.split("/").some((s) => s === "" || s === "." || s === "..")) return { refused: "empty, `.` or `..` path segment" };
  return { path };
}

const counter = (limit: number, what: string) => {
  let n = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      n += chunk.length;
      if (n > limit) done(new OverBudgetError(`the archive is larger than ${limit} bytes ${what}`));
      else done(null, chunk);
    },
  });
};

/** Reads the archive of `sha`; throws OverBudgetError past a bound, any other error on a failed download. */
export async function readArchive(
  octokit: Octokit,
  repo: { owner: string; repo: string; sha: string },
  want: ArchiveWant,
  limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS,
): Promise<ArchiveContents> {
  const res = await octokit.request("GET /repos/{owner}/{repo}/tarball/{ref}", {
    owner: repo.owner,
    repo: repo.repo,
    ref: repo.sha,
    // The deadline covers the body too (the guard's signal aborts the stream), so it is the archive's own.
    request: { parseSuccessResponseBody: false, deadlineMs: limits.timeoutMs },
  });
  const body = res.data as unknown as WebReadableStream<Uint8Array> | null;
  if (!body) throw new Error("the archive came back empty");
  return readTarGz(Readable.fromWeb(body), want, limits);
}

/** Reads a gzipped tar stream as readArchive does (exported for tests of hand-made archives). */
export async function readTarGz(source: Readable, want: ArchiveWant, limits: ArchiveLimits): Promise<ArchiveContents> {
  const tar = extract();
  const flowing = pipeline(
    source,
    counter(limits.compressedBytes, "gzipped"),
    createGunzip(),
    counter(limits.expandedBytes, "once inflated"),
    tar,
  );
  // The loop below reports the first error; this keeps the pipeline's own rejection from going unhandled.
  flowing.catch(() => {});
  const out: ArchiveContents = { files: new Map(), dirs: [], problems: [] };
  let root: string | undefined;
  let entries = 0;
  let kept = 0;
  for await (const entry of tar) {
    const h = entry.header;
    if (++entries > limits.entries) {
      entry.resume();
      source.destroy();
      throw new OverBudgetError(`the archive has more than ${limits.entries} entries`);
    }
    root ??= h.name.split("/")[0] ?? "";
    const where = archivePath(h.name, root);
    if ("refused" in where) {
      out.problems.push({ path: show(h.name), reason: `archive entry skipped: ${where.refused}` });
      entry.resume();
      continue;
    }
    const { path } = where;
    if (h.type === "directory") {
      if (path !== "") out.dirs.push(path);
      entry.resume();
      continue;
    }
    if (h.type === "symlink") {
      const target = h.linkname ?? "";
      const bytes = Buffer.from(target, "utf8");
      if (want(path, bytes.length) !== "skip")
        out.files.set(path, { ...hashes(bytes), path, mode: "120000", size: bytes.length, binary: false, target });
      entry.resume();
      continue;
    }
    if (h.type !== "file" && h.type !== "contiguous-file") {
      out.problems.push({ path, reason: `archive entry skipped: a ${h.type ?? "unknown"} entry is not a file git can hold` });
      entry.resume();
      continue;
    }
    const size = h.size ?? 0;
    const wanted = want(path, size);
    if (wanted === "skip") {
      entry.resume();
      continue;
    }
    const keep = wanted === "bytes" && kept + size <= limits.keptBytes;
    if (keep) kept += size;
    const sha1 = createHash("sha1").update(`blob ${size}\0`);
    const sha256 = createHash("sha256");
    const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
    const chunks: Buffer[] = [];
    let binary = false;
    let read = 0;
    for await (const chunk of entry as AsyncIterable<Buffer>) {
      read += chunk.length;
      sha1.update(chunk);
      sha256.update(chunk);
      if (keep) chunks.push(chunk);
      if (!binary) {
        try {
          utf8.decode(chunk, { stream: true });
          if (chunk.includes(0)) binary = true;
        } catch {
          binary = true;
        }
      }
    }
    if (!binary) {
      try {
        utf8.decode();
      } catch {
        binary = true;
      }
    }
    if (read !== size) {
      out.problems.push({ path, reason: `archive entry skipped: ${read} bytes where its header says ${size}` });
      continue;
    }
    out.files.set(path, {
      path,
      mode: (h.mode ?? 0) & 0o111 ? "100755" : "100644",
      size,
      sha: sha1.digest("hex"),
      sha256: sha256.digest("hex"),
      binary,
      ...(keep ? { bytes: Buffer.concat(chunks) } : {}),
    });
  }
  await flowing;
  return out;
}

/** Git blob SHA-1 and SHA-256 of bytes in hand. */
export function hashes(bytes: Uint8Array): { sha: string; sha256: string } {
  return {
    sha: createHash("sha1").update(`blob ${bytes.length}\0`).update(bytes).digest("hex"),
    sha256: createHash("sha256").update(bytes).digest("hex"),
  };
}

/** The text of bytes that are valid UTF-8 without a NUL byte (a BOM kept), else null. */
export function textOf(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}
