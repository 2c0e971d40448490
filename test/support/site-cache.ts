// Fixture sites built once and kept under .tmp/test-sites/, for the in-process suites that only read
// them: a build of a few hundred skills costs seconds, and several files query the same one. An entry
// is named by a hash of everything its bytes depend on (the project's sources, the fixture generators,
// data/, the locked dependencies, the build's options), so a change to any of them builds afresh and a
// stale site is never read. The build is deterministic (test/build/determinism.pipeline.test.ts), so a
// kept site holds the bytes a fresh build would write. Files run in parallel: the first to need an
// entry builds it under a lock while the others wait, and it appears under its name only once complete.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { rename } from "node:fs/promises";
import { join, relative } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { PROJECT_ROOT } from "../../src/node/project-root.js";

const CACHE = join(PROJECT_ROOT, ".tmp", "test-sites");
/**
 * What a built site's bytes can depend on: the build and everything it imports, the embedded dataset
 * and public/, the fixture generators, the locked dependencies. (The page's Vite build is never kept.)
 */
const INPUTS = ["src", "data", "public", "test/support", "package-lock.json"];
/** A lock older than this is taken to be left by a run that was killed mid-build. */
const STALE_LOCK_MS = 10 * 60_000;

/** Every file under `path` (or `path` itself), relative to the project root, sorted. */
function filesUnder(path: string): string[] {
  const full = join(PROJECT_ROOT, path);
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { recursive: true, encoding: "utf8" })
    .map((p) => join(full, p))
    .filter((p) => statSync(p).isFile())
    .map((p) => relative(PROJECT_ROOT, p))
    .sort();
}

let sourcesHash: string | undefined;
/** One hash of the inputs' paths and bytes, computed once per test file (a few milliseconds). */
function inputsHash(): string {
  if (sourcesHash) return sourcesHash;
  const hash = createHash("sha256");
  for (const file of INPUTS.flatMap(filesUnder))
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(PROJECT_ROOT, file)))
      .update("\0");
  sourcesHash = hash.digest("hex");
  return sourcesHash;
}

/** True when the lock was left by a process that is gone, or is older than any build takes. */
function lockIsStale(lock: string): boolean {
  try {
    if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) return true;
    process.kill(Number(readFileSync(join(lock, "pid"), "utf8")), 0);
    return false;
  } catch (e) {
    // ENOENT: the holder is between making the lock and writing its pid, or has just let it go. ESRCH: it is gone.
    return (e as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/**
 * The folder of the site named `name` with `options`, made by `make(dir)` (which fills an empty folder)
 * unless a complete entry for the same inputs exists. The folder is shared: callers only read it.
 */
export async function cachedSite(
  name: string,
  options: unknown,
  make: (dir: string) => Promise<void>,
  /** Where entries are kept (a test of this module keeps its own). */
  cache: string = CACHE,
): Promise<string> {
  // One stem per name and options; the inputs' hash tells the entries of one stem apart.
  const stem = `${name}-${createHash("sha256")
    .update(JSON.stringify(options) ?? "")
    .digest("hex")
    .slice(0, 8)}-`;
  const entry = join(cache, `${stem}${inputsHash().slice(0, 16)}`);
  const lock = `${entry}.lock`;
  mkdirSync(cache, { recursive: true });
  for (;;) {
    if (existsSync(entry)) return entry;
    try {
      mkdirSync(lock);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      if (lockIsStale(lock)) rmSync(lock, { recursive: true, force: true });
      else await sleep(100);
      continue;
    }
    try {
      writeFileSync(join(lock, "pid"), String(process.pid));
      // Another file may have finished it between the check and the lock.
      if (existsSync(entry)) return entry;
      const partial = join(lock, "site");
      mkdirSync(partial);
      await make(partial);
      await rename(partial, entry);
      pruneStale(cache);
      return entry;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** Removes the entries built from other inputs (and their leftovers): they can never be read again. */
function pruneStale(cache: string): void {
  const current = `-${inputsHash().slice(0, 16)}`;
  for (const name of readdirSync(cache)) {
    if (!name.endsWith(current) && !name.endsWith(`${current}.lock`)) rmSync(join(cache, name), { recursive: true, force: true });
  }
}
