// Byte-for-byte comparison of two built folders: the same paths, and every file the same bytes. The
// build's equality promises (any worker count, any line order, incremental or full) are checked with it.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { expect } from "vitest";

/** Every file under `dir`, path -> bytes, in path order. */
export function fileTree(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const p of readdirSync(dir, { recursive: true, encoding: "utf8" }).sort()) {
    const full = join(dir, p);
    if (statSync(full).isFile()) out.set(relative(dir, full), readFileSync(full));
  }
  return out;
}

/** Asserts `actual` holds exactly the files of `expected`, with the same bytes; a failure lists the files that differ. */
export function expectSameTree(actual: string, expected: string): void {
  const ta = fileTree(actual);
  const tb = fileTree(expected);
  expect([...ta.keys()]).toEqual([...tb.keys()]);
  const differ = [...tb].filter(([path, bytes]) => !ta.get(path)!.equals(bytes)).map(([path]) => path);
  expect(differ).toEqual([]);
}
