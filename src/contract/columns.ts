// The list index (src/contract/paths.ts columnFile): per skill ordinal, the few numbers that filtering, sorting and search ranking
// need, as little-endian u32 columns, one binary file per column that the function maps without parsing. One file
// each, so a request reads only the columns it uses: a filter its mask, search `stars` and `updated`. Where each
// skill's summary lives (its `ref`) is no whole column: a page needs it for its 20 skills only, so it is written
// in blocks of REF_BLOCK skills (paths.ts refBlockFile; 4 MB whole at 1M skills, 4 KB a block).
import type { SkillRecord } from "../schemas/dataset.js";

export const COLUMN_NAMES = ["categories", "platforms", "stars", "updated", "flags"] as const;
/** Skills a block of summary refs holds (paths.ts refBlockFile): the last block holds the rest. */
export const REF_BLOCK = 1024;
export type ColumnName = (typeof COLUMN_NAMES)[number];
/** Some columns of the list index, each `count` long (the skills in the build). */
export type ColumnSet<K extends ColumnName = never> = { readonly count: number } & Readonly<Record<K, Uint32Array>>;
export type Columns = ColumnSet<ColumnName>;
export const FLAG_HAS_INDEX = 1;

/** The `updated` column's value of an `updatedAt` timestamp: Unix seconds, rounded down. */
export const updatedSeconds = (updatedAt: string): number => Math.floor(Date.parse(updatedAt) / 1000);

/** A bitmask with bit i set for each value's index in `vocabulary` (at most 32 values). */
export function bitmask(values: readonly string[], vocabulary: readonly string[]): number {
  let mask = 0;
  for (const v of values) {
    const i = vocabulary.indexOf(v);
    if (i < 0) throw new Error(`unknown value ${JSON.stringify(v)}; known: ${vocabulary.join(", ")}`);
    if (i >= 32) throw new Error(`vocabulary too large for a u32 mask: ${vocabulary.length}`);
    mask |= 1 << i;
  }
  return mask >>> 0;
}

/** Every column of the list index, as the little-endian bytes of its file, and the summary refs (written in blocks: refBlocks). */
export function encodeColumns(
  records: readonly SkillRecord[],
  refs: readonly number[],
  vocab: { categories: readonly string[]; platforms: readonly string[] },
): Record<ColumnName | "ref", Uint8Array> {
  const column = (value: (r: SkillRecord, i: number) => number) => {
    const words = new Uint32Array(records.length);
    for (let i = 0; i < records.length; i++) words[i] = value(records[i]!, i) >>> 0;
    return toLittleEndian(words);
  };
  return {
    ref: column((_, i) => refs[i]!),
    categories: column((r) => bitmask(r.categories, vocab.categories)),
    platforms: column((r) => bitmask(r.platforms, vocab.platforms)),
    stars: column((r) => r.stars),
    updated: column((r) => updatedSeconds(r.updatedAt)),
    flags: column((r) => (r.hasIndex ? FLAG_HAS_INDEX : 0)),
  };
}

/** Whether this machine stores a u32 little-endian, so the file's bytes can be viewed as they are. */
const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/** The summary refs' bytes (encodeColumns' `ref`) cut into the files of refBlockFile: REF_BLOCK skills each. */
export function refBlocks(ref: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let at = 0; at < ref.length; at += REF_BLOCK * 4) out.push(ref.subarray(at, Math.min(ref.length, at + REF_BLOCK * 4)));
  return out;
}

export function toLittleEndian(words: Uint32Array): Uint8Array {
  // On a little-endian machine the words' bytes are the file's: one copy (a DataView write per word was most of a 1M column's time).
  if (LITTLE_ENDIAN) return new Uint8Array(words.buffer, words.byteOffset, words.byteLength).slice();
  const out = new Uint8Array(words.length * 4);
  const view = new DataView(out.buffer);
  words.forEach((w, i) => view.setUint32(i * 4, w, true));
  return out;
}

export function fromLittleEndian(bytes: Uint8Array): Uint32Array {
  if (bytes.length % 4 !== 0) throw new Error(`u32 file has ${bytes.length} bytes, not a multiple of 4`);
  // A view, not a copy: the cold path of every list and search request reads these files.
  if (LITTLE_ENDIAN && bytes.byteOffset % 4 === 0) return new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Uint32Array(bytes.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = view.getUint32(i * 4, true);
  return out;
}
