// References over two stored indexes for the tests: whether they are the same, and which keys' lists
// differ, as the search patch is given them (index-patch.ts computes them as it patches; its tests
// compare the two): plain walks of both indexes.
import type { StoredIndex } from "../../src/build/cache/index-store.js";

/**
 * The keys whose lists differ between two stored indexes of the same fields: added, removed, or any
 * list changed; sorted. The index shards where these land are the ones a patch rewrites.
 */
export function changedKeys(a: StoredIndex, b: StoredIndex): string[] {
  const out: string[] = [];
  const sameLists = (i: number, j: number) =>
    a.fields.every(({ start, ordinals }, f) => {
      const other = b.fields[f]!;
      const from = start[i]!;
      const length = start[i + 1]! - from;
      const at = other.start[j]!;
      if (other.start[j + 1]! - at !== length) return false;
      for (let k = 0; k < length; k++) if (ordinals[from + k] !== other.ordinals[at + k]) return false;
      return true;
    });
  let i = 0;
  let j = 0;
  while (i < a.keys.length || j < b.keys.length) {
    const x = a.keys[i];
    const y = b.keys[j];
    if (y === undefined || (x !== undefined && x < y)) {
      out.push(x!);
      i++;
    } else if (x === undefined || y < x) {
      out.push(y);
      j++;
    } else {
      if (!sameLists(i, j)) out.push(x);
      i++;
      j++;
    }
  }
  return out;
}

/** Whether two stored indexes hold the same keys and lists. */
export function sameIndex(a: StoredIndex, b: StoredIndex): boolean {
  if (a.keys.length !== b.keys.length || a.fields.length !== b.fields.length) return false;
  for (let i = 0; i < a.keys.length; i++) if (a.keys[i] !== b.keys[i]) return false;
  const bytes = (v: Uint32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);
  return a.fields.every(
    (f, n) => bytes(f.start).equals(bytes(b.fields[n]!.start)) && bytes(f.ordinals).equals(bytes(b.fields[n]!.ordinals)),
  );
}
