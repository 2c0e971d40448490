// The orders of skill lists, computed at build time: for each sort key and direction, the skill
// ordinals in list order. Ties are always broken by owner/repo ascending, in both directions.

import type { SkillRecord } from "../schemas/dataset.js";
import type { SortKey, SortOrder } from "../schemas/params.js";
import { compareKeys } from "./key.js";
import { encodeSlotted } from "./slotted.js";

export const SORTS: readonly SortKey[] = ["stars", "updated", "name"];
/**
 * Each order's first skills also have their summaries in the order's head files, in list order,
 * `chunk` positions a file (src/contract/paths.ts listHeadFile; the manifest's `lists` says what a
 * build wrote), so the pages people read most (the first 50 pages of 20) read one or two files of
 * ~30 KB instead of the order file, the refs and a summary shard per skill.
 */
export const LIST_HEAD = { positions: 1000, chunk: 100 } as const;
/** `block`: positions of an order's block (src/contract/list-blocks.ts), LIST_BLOCK unless given. */
export type ListHead = { positions: number; chunk: number; block?: number };
export const ORDERS: readonly SortOrder[] = ["asc", "desc"];

/** Compares two names case-insensitively by code unit, then exactly, so the order is locale-free. */
export const compareNames = (a: string, b: string): number => {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
};

/** The fields of a skill its list order reads, and its key for ties. */
export type Listed = { owner: string; repo: string; name: string; stars: number; updatedAt: string };

/**
 * The list order as a comparison of two skills, for a function that orders a few summaries itself:
 * the order `listOrder` computes, ties by owner/repo ascending in both directions.
 */
export function compareListed(sort: SortKey, order: SortOrder): (a: Listed, b: Listed) => number {
  const dir = order === "asc" ? 1 : -1;
  if (sort === "name") return (a, b) => compareNames(a.name, b.name) * dir || compareKeys(a, b);
  if (sort === "stars") return (a, b) => (a.stars - b.stars) * dir || compareKeys(a, b);
  return (a, b) => (Date.parse(a.updatedAt) - Date.parse(b.updatedAt)) * dir || compareKeys(a, b);
}

/** The keys of a head file's slots: position i within the file, zero-padded so keys ascend. */
const SLOT_KEYS = Array.from({ length: LIST_HEAD.chunk }, (_, i) => String(i).padStart(9, "0"));
const slotKey = (i: number) => SLOT_KEYS[i] ?? String(i).padStart(9, "0");

/**
 * An order's head files from its first ordinals: in file n, slot i holds the summary at position
 * n * chunk + i. `summaryOf` gives an ordinal's summary JSON, as text or already UTF-8.
 */
export function encodeListHead(head: Uint32Array, summaryOf: (ordinal: number) => string | Uint8Array, chunk: number): Uint8Array[] {
  return Array.from({ length: Math.ceil(head.length / chunk) }, (_, n) =>
    encodeSlotted(Array.from(head.subarray(n * chunk, (n + 1) * chunk), (o, i) => [slotKey(i), summaryOf(o)] as const)),
  );
}

/** Ordinals (indexes into `records`, which are in key order) in list order: the definition the build's faster orders are tested against. */
export function listOrder(records: readonly SkillRecord[], sort: SortKey, order: SortOrder): Uint32Array {
  const compare = compareListed(sort, order);
  return Uint32Array.from(Array.from(records.keys()).sort((i, j) => compare(records[i]!, records[j]!)));
}
