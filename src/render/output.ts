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

/** Writes `bytes` to `full` unless the file already holds exactly them; whether it wrote. */
export async function writeIfChanged(full: string, bytes: Buffer): Promise<boolean> {
  const existing = await readFile(full).catch(() => undefined);
  if (existing?.equals(bytes)) return false;
  await mkdir(dirname(full), { recursive: true });
  await writeFile(full, bytes);
  return true;
}

/** A file another thread wrote into the sink's folder (with writeIfChanged): its path, size and whether it changed. */
export type WrittenFile = [path: string, bytes: number, written: boolean];

/**
 * A sink over a real folder; `finish()` removes files the build no longer produced. `adopt` counts
 * files written into the folder by another thread, as if written here.
 */
export function directorySink(root: string) {
  const seen = new Set<string>();
  const stats: WriteStats = { written: 0, unchanged: 0, removed: 0, files: 0, bytes: 0, largest: { path: "", bytes: 0 }, changedPaths: [] };
  const claim = (path: string) => {
    const full = ensureWithin(root, path);
    if (seen.has(path)) throw new Error(`output path written twice: ${path}`);
    seen.add(path);
    return full;
  };
  const adopt = ([path, bytes, written]: WrittenFile) => {
    stats.files++;
    stats.bytes += bytes;
    if (bytes > stats.largest.bytes) stats.largest = { path, bytes };
    if (written) {
      stats.written++;
      stats.changedPaths.push(path);
    } else stats.unchanged++;
  };
  const sink: OutputSink = {
    async write(path, data) {
      const full = claim(path);
      const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : Buffer.from(data);
      adopt([path, bytes.length, await writeIfChanged(full, bytes)]);
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
  return {
    sink,
    finish,
    stats,
    adopt: (file: WrittenFile) => {
      claim(file[0]);
      adopt(file);
    },
  };
}
