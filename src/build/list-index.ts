// The list index the function pages lists from (src/contract/columns.ts, list-order.ts,
// category-lists.ts): one column file per field, every list order over the listed skills and over
// all of them, the head files of each order, the trust sets, per category its list in each order
// with its head files, and per platform the head files of each order (a platform alone is the
// filter clients set most; past its head the function walks the order with the platforms column),
// and every order in blocks for `updatedSince` (src/contract/list-blocks.ts). Written from
// the slim records, their summaries and verdicts.
import { CATEGORY_HEAD_POSITIONS, encodeCategoryList } from "../contract/category-lists.js";
import { COLUMN_NAMES, encodeColumns, fromLittleEndian, refBlocks, toLittleEndian } from "../contract/columns.js";
import { LIST_BLOCK, listBlocks } from "../contract/list-blocks.js";
import { encodeListHead, type ListHead, ORDERS, SORTS } from "../contract/list-order.js";
import type { BuildManifest } from "../contract/manifest.js";
import {
  categoryHeadFile,
  categoryListFile,
  columnFile,
  listAllOrderFile,
  listBlockFile,
  listHeadFile,
  listOrderFile,
  platformHeadFile,
  refBlockFile,
  trustSetFile,
  updatedStepsFile,
} from "../contract/paths.js";
import type { SkillRecord } from "../schemas/dataset.js";
import type { SortKey } from "../schemas/params.js";
import type { TrustVerdict } from "../schemas/trust.js";
import { listOrders, type OrdinalMap, patchedListOrders } from "./list-orders.js";
import type { OutputSink } from "./output.js";

export interface ListIndexInput {
  records: readonly SkillRecord[];
  /** Per ordinal: where its summary lives (src/build/site-files.ts ShardPlan.refs). */
  refs: readonly number[];
  summaries: readonly string[];
  verdicts: readonly TrustVerdict[];
  vocabulary: { categories: readonly string[]; platforms: readonly string[] };
  head: ListHead;
  /**
   * An incremental build's previous list index: where the previous build's skills went, and a reader
   * of its files (a path in the data folder, undefined unless the bytes are the ones the cache
   * recorded). Each order is then the previous one patched (list-orders.ts patchedListOrders).
   */
  previous?: { ordinals: OrdinalMap; read: (path: string) => Promise<Uint8Array | undefined> };
}

/** The orders of `sort`, patched from the previous build's where it has them, else sorted (and said why). */
async function ordersOf(input: ListIndexInput, sort: SortKey, log: (line: string) => void) {
  const { records, previous } = input;
  if (!previous) return listOrders(records, sort);
  const bytes = await previous.read(listAllOrderFile(sort, "asc"));
  const patched =
    bytes && bytes.length % 4 === 0 ? patchedListOrders(records, sort, fromLittleEndian(bytes), previous.ordinals) : undefined;
  if (patched) return patched;
  log(
    `  the list orders by ${sort} are made whole: the previous build's ${bytes ? "do not match its skills" : "are not the ones the cache recorded"}`,
  );
  return listOrders(records, sort);
}

/** Writes the list index into `data`; returns the manifest's `lists`. */
export async function writeListIndex(
  input: ListIndexInput,
  data: OutputSink,
  log: (line: string) => void = () => {},
): Promise<BuildManifest["lists"]> {
  const { records, summaries, verdicts, vocabulary, head } = input;
  // A summary sits in the head files of every order, category and platform it leads: encoded once.
  const utf8 = new TextEncoder();
  const encodedSummaries = new Map<number, Uint8Array>();
  const summaryOf = (o: number): Uint8Array => {
    let bytes = encodedSummaries.get(o);
    if (bytes === undefined) encodedSummaries.set(o, (bytes = utf8.encode(summaries[o]!)));
    return bytes;
  };
  const encoded = encodeColumns(records, input.refs, vocabulary);
  for (const name of COLUMN_NAMES) await data.write(columnFile(name), encoded[name]);
  for (const [n, bytes] of refBlocks(encoded.ref).entries()) await data.write(refBlockFile(n), bytes);
  const refs = fromLittleEndian(encoded.ref);
  const updated = fromLittleEndian(encoded.updated);
  const block = head.block ?? LIST_BLOCK;
  const categoryMasks = fromLittleEndian(encoded.categories);
  const platformMasks = fromLittleEndian(encoded.platforms);
  const categoryHead = Math.min(head.positions, CATEGORY_HEAD_POSITIONS);
  const counts: number[] = vocabulary.categories.map(() => 0);
  const platformCounts: number[] = vocabulary.platforms.map(() => 0);
  for (const sort of SORTS) {
    const orders = await ordersOf(input, sort, log);
    for (const order of ORDERS) {
      const all = orders[order];
      const listed = all.filter((o) => verdicts[o] !== "malicious");
      await data.write(listAllOrderFile(sort, order), toLittleEndian(all));
      await data.write(listOrderFile(sort, order), toLittleEndian(listed));
      const heads = encodeListHead(listed.subarray(0, head.positions), summaryOf, head.chunk);
      for (const [n, bytes] of heads.entries()) await data.write(listHeadFile(sort, order, n), bytes);
      for (const [set, ordinals] of [
        ["listed", listed],
        ["all", all],
      ] as const) {
        // With no malicious skill the function never reads the blocks over all skills (the same bytes).
        if (set === "all" && all.length === listed.length) continue;
        const { files, steps } = listBlocks(ordinals, refs, updated, block);
        for (const [n, bytes] of files.entries()) await data.write(listBlockFile(set, sort, order, n), bytes);
        if (sort === "updated" && order === "desc") await data.write(updatedStepsFile(set), toLittleEndian(steps));
      }
      // One pass over the order splits it by category (a skill in several categories is in each list).
      const members: number[][] = vocabulary.categories.map(() => []);
      for (const o of listed) {
        const mask = categoryMasks[o]!;
        if (mask === 0) continue;
        for (let c = 0; c < members.length; c++) if (mask & (1 << c)) members[c]!.push(o);
      }
      for (const [c, slug] of vocabulary.categories.entries()) {
        const list = members[c]!;
        counts[c] = list.length;
        await data.write(categoryListFile(slug, sort, order), encodeCategoryList(list, platformMasks));
        const files = encodeListHead(Uint32Array.from(list.slice(0, categoryHead)), summaryOf, head.chunk);
        for (const [n, bytes] of files.entries()) await data.write(categoryHeadFile(slug, sort, order, n), bytes);
      }
      // Each platform's first skills in this order, and its count (the same in every order).
      const platformHeads: number[][] = vocabulary.platforms.map(() => []);
      platformCounts.fill(0);
      for (const o of listed) {
        const mask = platformMasks[o]!;
        for (let p = 0; mask !== 0 && p < platformHeads.length; p++)
          if (mask & (1 << p)) {
            if (platformCounts[p]!++ < head.positions) platformHeads[p]!.push(o);
          }
      }
      for (const [p, id] of vocabulary.platforms.entries()) {
        const files = encodeListHead(Uint32Array.from(platformHeads[p]!), summaryOf, head.chunk);
        for (const [n, bytes] of files.entries()) await data.write(platformHeadFile(id, sort, order, n), bytes);
      }
    }
  }
  for (const verdict of ["malicious", "suspicious"] as const) {
    const set = Uint32Array.from(verdicts.flatMap((v, o) => (v === verdict ? [o] : [])));
    await data.write(trustSetFile(verdict), toLittleEndian(set));
  }
  return {
    head: Math.min(head.positions, records.length),
    chunk: head.chunk,
    block,
    categories: { head: categoryHead, counts },
    platforms: { head: head.positions, counts: platformCounts },
  };
}
