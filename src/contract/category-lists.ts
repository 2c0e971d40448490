// Category lists (src/contract/paths.ts categoryListFile, categoryHeadFile): for each category and
// list order, the listed skills of that category (malicious ones left out, as in the plain orders)
// in list order, each as its ordinal and its platforms bitmask. A category page, or a page filtered
// by a category and a platform, then scans its category's skills (a few percent of the directory)
// instead of the whole order file and the mask columns, and its total is the file's length or a
// count over it. The first positions of each also have their summaries in head files, as the plain
// orders do (src/contract/list-order.ts encodeListHead), so a category's first pages read nothing else.
import { fromLittleEndian, toLittleEndian } from "./columns.js";

/**
 * Positions of each category list in its head files (the build may use fewer, never more: the
 * manifest says). As many as an order's head: a category page filtered by a platform few of its
 * skills have (a fifth of them, say) finds its first pages' skills spread over the first few hundred
 * positions, and within the head they cost a head file each, not a summary shard each.
 */
export const CATEGORY_HEAD_POSITIONS = 1000;

/** One u32 pair per skill: its ordinal, then its platforms bitmask. */
export const CATEGORY_ENTRY_WORDS = 2;

/** The file of a category list: `ordinals` in list order with each one's platforms mask. */
export function encodeCategoryList(ordinals: readonly number[] | Uint32Array, platforms: Uint32Array): Uint8Array {
  const words = new Uint32Array(ordinals.length * CATEGORY_ENTRY_WORDS);
  for (let i = 0; i < ordinals.length; i++) {
    const o = ordinals[i]!;
    words[i * CATEGORY_ENTRY_WORDS] = o;
    words[i * CATEGORY_ENTRY_WORDS + 1] = platforms[o]!;
  }
  return toLittleEndian(words);
}

/** A category list as read: `count` skills, entry i's ordinal and platforms mask. */
export interface CategoryList {
  readonly count: number;
  ordinal(i: number): number;
  platforms(i: number): number;
}

export function decodeCategoryList(bytes: Uint8Array): CategoryList {
  const words = fromLittleEndian(bytes);
  if (words.length % CATEGORY_ENTRY_WORDS !== 0) throw new RangeError(`category list of ${words.length} words, not pairs`);
  return {
    count: words.length / CATEGORY_ENTRY_WORDS,
    ordinal: (i) => words[i * CATEGORY_ENTRY_WORDS]!,
    platforms: (i) => words[i * CATEGORY_ENTRY_WORDS + 1]!,
  };
}
