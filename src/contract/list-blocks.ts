// `updatedSince` over a wide window, without the whole columns: every list order cut into blocks of
// `block` positions (src/contract/paths.ts listBlockFile), each holding its positions' summary refs
// and `updated` seconds, and one small file of the `updated` seconds at the first position of every
// block of the newest-first updated order (updatedStepsFile). Along that order the seconds only fall,
// so how many skills were updated since a time is the steps' binary search and a count within one
// block: at 1M skills about 1 KB and 32 KB read, where the `updated` column is 4 MB. A page of the
// updated order is then the refs of the blocks it spans, and a page of another order the matches of
// its first blocks (src/api/updated-range.ts), where the order file, the `updated` and `ref` columns
// were 12 MB.

import { fromLittleEndian, toLittleEndian } from "./columns.js";

/** Positions a block holds; the manifest's `lists.block` says what a build wrote. */
export const LIST_BLOCK = 4096;

/** One block of a list order: per position, its summary's ref (src/contract/shard.ts packRef) and its `updated` seconds. */
export interface ListBlock {
  refs: Uint32Array;
  updated: Uint32Array;
}

/** A block's file: its refs, then its seconds, little-endian u32 each. */
export function encodeListBlock(refs: Uint32Array, updated: Uint32Array): Uint8Array {
  if (refs.length !== updated.length) throw new Error(`a list block has ${refs.length} refs for ${updated.length} times`);
  const out = new Uint8Array(refs.length * 8);
  out.set(toLittleEndian(refs), 0);
  out.set(toLittleEndian(updated), refs.length * 4);
  return out;
}

export function decodeListBlock(bytes: Uint8Array): ListBlock {
  if (bytes.length % 8 !== 0) throw new Error(`a list block has ${bytes.length} bytes, not a multiple of 8`);
  const words = fromLittleEndian(bytes);
  const n = words.length / 2;
  return { refs: words.subarray(0, n), updated: words.subarray(n) };
}

/**
 * The blocks of one order (`order` the ordinals in list order) from the per-ordinal refs and
 * `updated` columns, and the seconds at each block's first position (the steps, for the updated order).
 */
export function listBlocks(
  order: Uint32Array,
  refs: Uint32Array,
  updated: Uint32Array,
  block: number,
): { files: Uint8Array[]; steps: Uint32Array } {
  const files: Uint8Array[] = [];
  const steps = new Uint32Array(Math.ceil(order.length / block));
  for (let n = 0; n * block < order.length; n++) {
    const part = order.subarray(n * block, (n + 1) * block);
    const partRefs = new Uint32Array(part.length);
    const times = new Uint32Array(part.length);
    for (let i = 0; i < part.length; i++) {
      partRefs[i] = refs[part[i]!]!;
      times[i] = updated[part[i]!]!;
    }
    steps[n] = times[0]!;
    files.push(encodeListBlock(partRefs, times));
  }
  return { files, steps };
}

/**
 * How many of the newest-first order's first positions are updated at or after `since`: the blocks
 * before the last whose first position is, plus the count within that one (`blockAt(n)` reads block
 * n: one block read, none when the newest skill is older than `since`).
 */
export async function countUpdatedSince(
  steps: Uint32Array,
  since: number,
  length: number,
  block: number,
  blockAt: (n: number) => Promise<ListBlock>,
): Promise<number> {
  // The number of blocks whose first position is updated at or after `since` (steps fall along the order).
  let lo = 0;
  let hi = steps.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (steps[mid]! >= since) lo = mid + 1;
    else hi = mid;
  }
  if (lo === 0) return 0;
  const { updated } = await blockAt(lo - 1);
  let within = 0;
  while (within < updated.length && updated[within]! >= since) within++;
  return Math.min(length, (lo - 1) * block + within);
}
