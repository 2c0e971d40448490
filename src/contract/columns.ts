// The list index (src/contract/paths.ts COLUMNS_FILE): per skill ordinal, the few numbers that filtering, sorting and search ranking
// need, as little-endian u32 columns in one binary file the function maps without parsing.
import type { SkillRecord } from "../schemas/dataset.js";

export const COLUMN_NAMES = ["ref", "categories", "platforms", "stars", "updated", "flags"] as const;
export type ColumnName = (typeof COLUMN_NAMES)[number];
export type Columns = { count: number } & Record<ColumnName, Uint32Array>;
export const FLAG_HAS_INDEX = 1;

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

export function encodeColumns(
  records: readonly SkillRecord[],
  refs: readonly number[],
  vocab: { categories: readonly string[]; platforms: readonly string[] },
): Uint8Array {
  const n = records.length;
  const all = new Uint32Array(n * COLUMN_NAMES.length);
  records.forEach((r, i) => {
    const row = [
      refs[i]!,
      bitmask(r.categories, vocab.categories),
      bitmask(r.platforms, vocab.platforms),
      r.stars,
      Math.floor(Date.parse(r.updatedAt) / 1000),
      r.hasIndex ? FLAG_HAS_INDEX : 0,
    ];
    row.forEach((v, c) => (all[c * n + i] = v >>> 0));
  });
  return toLittleEndian(all);
}

export function decodeColumns(bytes: Uint8Array): Columns {
  const words = fromLittleEndian(bytes);
  const n = words.length / COLUMN_NAMES.length;
  if (!Number.isInteger(n)) throw new Error(`columns file has ${bytes.length} bytes, not a whole number of rows`);
  const cols = { count: n } as Columns;
  COLUMN_NAMES.forEach((name, c) => (cols[name] = words.subarray(c * n, (c + 1) * n)));
  return cols;
}

export function toLittleEndian(words: Uint32Array): Uint8Array {
  const out = new Uint8Array(words.length * 4);
  const view = new DataView(out.buffer);
  words.forEach((w, i) => view.setUint32(i * 4, w, true));
  return out;
}

/** Whether this machine stores a u32 little-endian, so the file's bytes can be viewed as they are. */
const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

export function fromLittleEndian(bytes: Uint8Array): Uint32Array {
  if (bytes.length % 4 !== 0) throw new Error(`u32 file has ${bytes.length} bytes, not a multiple of 4`);
  // A view, not a copy: the cold path of every list and search request reads these files.
  if (LITTLE_ENDIAN && bytes.byteOffset % 4 === 0) return new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Uint32Array(bytes.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = view.getUint32(i * 4, true);
  return out;
}
