// The file system the renderer writes through. Only changed files are rewritten, so an
// incremental build touches just the files that hold what changed; every path is checked
// to stay inside the output folder.
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";

export interface OutputSink {
  /** Writes `data` at `path` (relative, forward slashes) unless the file already holds exactly it. */
  write(path: string, data: string | Uint8Array): Promise<void>;
}

export interface WriteStats {
  written: number;
  unchanged: number;
  removed: number;
  files: number;
  bytes: number;
  largest: { path: string; bytes: number };
  changedPaths: string[];
}

/** Resolves `path` under `root`, refusing anything that would land outside it. */
export function ensureWithin(root: string, path: string): string {
  if (path.includes("\0")) throw new Error(`refusing output path with NUL: ${JSON.stringify(path)}`);
  const full = resolve(root, path);
  const rel = relative(resolve(root), full);
  if (rel === "" || rel.startsWith("..") || rel.split(sep).includes("..") || resolve(rel) === rel) {
    throw new Error(`refusing output path outside ${root}: ${JSON.stringify(path)}`);
  }
  return full;
}

async function listFiles(dir: string, base = dir): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const e of entries) {
    const full = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await listFiles(full, base)));
    else out.push(relative(base, full).split(sep).join("/"));
  }
  return out;
}

/** A sink over a real folder; `finish()` removes files the build no longer produced. */
export function directorySink(root: string) {
  const seen = new Set<string>();
  const stats: WriteStats = { written: 0, unchanged: 0, removed: 0, files: 0, bytes: 0, largest: { path: "", bytes: 0 }, changedPaths: [] };
  const sink: OutputSink = {
    async write(path, data) {
      const full = ensureWithin(root, path);
      if (seen.has(path)) throw new Error(`output path written twice: ${path}`);
      seen.add(path);
      const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : Buffer.from(data);
      stats.files++;
      stats.bytes += bytes.length;
      if (bytes.length > stats.largest.bytes) stats.largest = { path, bytes: bytes.length };
      const existing = await readFile(full).catch(() => undefined);
      if (existing?.equals(bytes)) {
        stats.unchanged++;
        return;
      }
      await mkdir(dirname(full), { recursive: true });
      await writeFile(full, bytes);
      stats.written++;
      stats.changedPaths.push(path);
    },
  };
  async function finish(): Promise<WriteStats> {
    for (const path of await listFiles(root)) {
      if (!seen.has(path)) {
        await rm(join(root, path));
        stats.removed++;
        stats.changedPaths.push(path);
      }
    }
    stats.changedPaths.sort();
    return stats;
  }
  return { sink, finish, stats };
}
