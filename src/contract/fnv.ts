// FNV-1a, 32 bits, over UTF-16 code units: the one hash that places keys in shards (shard.ts), events
// in their files and spilled entries in their groups, and that the search index's term scan folds a
// character at a time. Changing it moves every shard file, so the format test pins its values.

export const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** One step of FNV-1a: the hash `h` so far with one more UTF-16 code unit `c` (not yet made unsigned). */
export const fnvStep = (h: number, c: number): number => Math.imul(h ^ c, FNV_PRIME);

/** FNV-1a of the whole text, as an unsigned 32-bit number. */
export function fnv1a(text: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < text.length; i++) h = fnvStep(h, text.charCodeAt(i));
  return h >>> 0;
}
