// The build cache's key: a hash of everything other than a skill's own dataset line that goes into
// what the first pass makes of it. A cache made under another key is not used (the build says why
// and runs in full). The build's source code is part of it, so a change to how a skill is rendered,
// scanned or analysed never serves entries the old code made, whether or not a format was bumped.
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { MANIFEST_FORMAT } from "../../contract/manifest.js";
import { SEARCH_FORMAT } from "../../contract/search-manifest.js";
import { RULES_VERSION } from "../trust/scan.js";

/** Bump when the cache's own files change shape. */
export const CACHE_FORMAT = 2;

/** The project's src/ folder: this file is src/build/cache/build-key.ts. */
const SRC = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

async function sourceFiles(dir: string, base = ""): Promise<string[]> {
  const entries = await readdir(join(dir, base), { withFileTypes: true });
  const out: string[] = [];
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const rel = base ? `${base}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await sourceFiles(dir, rel)));
    else if (/\.(ts|js|json)$/.test(e.name)) out.push(rel);
  }
  return out;
}

let sourceHash: Promise<string> | undefined;

/** A hash of every source file of src/ (paths and bytes), once per process. */
export function buildSourceHash(): Promise<string> {
  sourceHash ??= (async () => {
    const hash = createHash("sha256");
    for (const rel of await sourceFiles(SRC))
      hash
        .update(`${rel}\0`)
        .update(await readFile(join(SRC, rel)))
        .update("\0");
    return hash.digest("hex");
  })();
  return sourceHash;
}

export interface KeyInput {
  dataDir: string;
  search: boolean;
}

/** The key: the formats, the scanner's rules, the build's code, the options and the dataset's shared files. */
export async function buildKey(input: KeyInput): Promise<string> {
  const hash = createHash("sha256");
  hash.update(
    JSON.stringify({ cache: CACHE_FORMAT, manifest: MANIFEST_FORMAT, search: SEARCH_FORMAT, rules: RULES_VERSION, index: input.search }),
  );
  hash.update(await buildSourceHash());
  // Categories and platforms shape a skill's detail and summary (install commands, category names).
  for (const name of ["categories.json", "platforms.json"]) {
    hash.update(`\0${name}\0`);
    hash.update(await readFile(join(input.dataDir, name)).catch(() => Buffer.from("absent")));
  }
  return hash.digest("hex");
}
