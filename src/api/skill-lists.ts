// GET /skills and GET /categories/{slug}/skills: a page of a prebuilt list order, filtered by the
// category and platform bitmasks of the list index, then filled from the summary shards; an
// unfiltered page within the order's first skills (the manifest's lists.head) is read whole from the order's head file.
// The prebuilt orders and heads leave malicious skills out (`trust=default`); `trust=any` reads the
// orders over every skill, and `trust=clean` also leaves out the small set of suspicious ones.

import { decodeCategoryList } from "../contract/category-lists.js";
import { bitmask } from "../contract/columns.js";
import { categoryHeadFile, categoryListFile, listAllOrderFile, listHeadFile, listOrderFile, platformHeadFile } from "../contract/paths.js";
import type { Pagination } from "../schemas/envelope.js";
import { type ListQuery, listQuery } from "../schemas/params.js";
import type { TrustFilter } from "../schemas/trust.js";
import { fromHead } from "./list-heads.js";
import { keptScan, type OrderFilter, pageOfPositions, pageOfScan, scanKey, scanOrder, scanPositions } from "./list-scan.js";
import { parseQuery } from "./query.js";
import { recentSkills } from "./recent-lists.js";
import type { HandlerResult, RequestScope } from "./scope.js";
import { ordinalSet } from "./trust-filter.js";
import { updatedSinceCount, updatedSincePage } from "./updated-range.js";

export interface ListFilter {
  categories: readonly string[];
  platform?: string;
  /** Unix seconds: only skills updated at or after it. */
  updatedSince?: number;
  trust: TrustFilter;
}

export const pagination = (page: number, limit: number, total: number): Pagination => ({
  page,
  limit,
  total,
  totalPages: Math.ceil(total / limit),
});

export async function listSkills(scope: RequestScope, q: ListQuery, filter: ListFilter): Promise<HandlerResult> {
  const { store, manifest } = scope;
  const start = (q.page - 1) * q.limit;
  const end = start + q.limit;
  const catMask = bitmask(filter.categories, manifest.vocabulary.categories);
  const platMask = bitmask(filter.platform ? [filter.platform] : [], manifest.vocabulary.platforms);
  const since = filter.updatedSince;
  // The orders without malicious skills serve `default` and `clean`; `clean` then skips suspicious ones.
  const all = filter.trust === "any" && manifest.counts.malicious > 0;
  const skipSuspicious = filter.trust === "clean" && manifest.counts.suspicious > 0;
  const skills = all ? manifest.counts.skills : manifest.counts.skills - manifest.counts.malicious;
  const { head, chunk } = manifest.lists;
  const plain = catMask === 0 && platMask === 0 && since === undefined && !skipSuspicious;
  if (plain && !all && (start >= skills || Math.min(end, skills) <= head)) {
    // A page past the end reads nothing; a page of the head, the one or two head files it spans.
    const last = Math.min(end, skills);
    const positions = Array.from({ length: Math.max(0, last - start) }, (_, i) => start + i);
    const data = positions.length === 0 ? [] : await fromHead(scope, (n) => listHeadFile(q.sort, q.order, n), chunk, positions);
    return { body: { data, pagination: pagination(q.page, q.limit, skills) }, cache: "data" };
  }
  // A list with a category reads that category's list (src/contract/category-lists.ts) instead of the whole order.
  if (catMask !== 0 && !all) return categoryPage(scope, q, filter, { start, end, platMask, skipSuspicious });
  // A platform alone: its count is in the manifest and its first pages in its head files.
  if (platMask !== 0 && since === undefined && !skipSuspicious && !all) {
    const id = filter.platform!;
    const count = manifest.lists.platforms.counts[manifest.vocabulary.platforms.indexOf(id)]!;
    const last = Math.min(end, count);
    if (start >= count || last <= Math.min(manifest.lists.platforms.head, count)) {
      const positions = Array.from({ length: Math.max(0, last - start) }, (_, i) => start + i);
      const file = (n: number) => platformHeadFile(id, q.sort, q.order, n);
      const data = positions.length === 0 ? [] : await fromHead(scope, file, chunk, positions);
      return { body: { data, pagination: pagination(q.page, q.limit, count) }, cache: "data" };
    }
  }
  // `updatedSince` alone: when the skills updated since all fall within the updated order's head, from its head files.
  if (since !== undefined && catMask === 0 && platMask === 0 && !all) {
    const recent = await recentSkills(scope, q, since, skipSuspicious);
    if (recent) return { body: { data: recent.slice(start, end), pagination: pagination(q.page, q.limit, recent.length) }, cache: "data" };
  }
  // `updatedSince` alone past the head: counted from the updated order's steps and one block, a page
  // read from the blocks of its order (updated-range.ts), unless too deep for them.
  if (since !== undefined && catMask === 0 && platMask === 0 && !skipSuspicious) {
    const set = all ? "all" : "listed";
    const total = await updatedSinceCount(scope, set, since);
    const data = await updatedSincePage(scope, q, set, since, total, { start, end });
    if (data) return { body: { data, pagination: pagination(q.page, q.limit, total) }, cache: "data" };
  }
  // Only the columns this list filters on are read; an unfiltered page past the head reads its order
  // file alone (and the summaries' refs).
  const orderFile = all ? listAllOrderFile(q.sort, q.order) : listOrderFile(q.sort, q.order);
  const [order, suspicious, cols] = await Promise.all([
    store.u32(orderFile),
    skipSuspicious ? ordinalSet(store, "suspicious") : undefined,
    store.columns([
      ...(catMask ? ["categories" as const] : []),
      ...(platMask ? ["platforms" as const] : []),
      ...(since !== undefined ? ["updated" as const] : []),
    ]),
  ]);

  let total: number;
  let page: number[];
  if (plain) {
    total = order.length;
    page = Array.from(order.subarray(Math.min(start, total), Math.min(end, total)));
  } else {
    const columns: Partial<Record<"categories" | "platforms" | "updated", Uint32Array>> = cols;
    const f: OrderFilter = {
      categories: catMask ? columns.categories : undefined,
      catMask,
      platforms: platMask ? columns.platforms : undefined,
      platMask,
      updated: since !== undefined ? columns.updated : undefined,
      since: since ?? 0,
      suspicious,
    };
    const key = scanKey(orderFile, { catMask, platMask, since, clean: skipSuspicious });
    const scan = keptScan(scope, key, () => scanOrder(order, f));
    total = scan.total;
    page = pageOfScan(order, f, scan, start, end);
  }
  const data = await store.summaries(page);
  return { body: { data, pagination: pagination(q.page, q.limit, total) }, cache: "data" };
}

/**
 * A page of a list filtered by at least one category, `trust` not `any` (or no malicious skill): the
 * first category's list in the requested order. Unfiltered further, its total is the manifest's
 * count and a page within its head reads the head files alone; otherwise the list is scanned (its
 * platforms masks are inline; a second category or `updatedSince` adds its column), and the page's
 * summaries come from the head files where its positions fall within them.
 */
async function categoryPage(
  scope: RequestScope,
  q: ListQuery,
  filter: ListFilter,
  { start, end, platMask, skipSuspicious }: { start: number; end: number; platMask: number; skipSuspicious: boolean },
): Promise<HandlerResult> {
  const { store, manifest } = scope;
  const [slug, ...others] = filter.categories;
  const c = manifest.vocabulary.categories.indexOf(slug!);
  const { head, counts } = manifest.lists.categories;
  const count = counts[c]!;
  const headFile = (n: number) => categoryHeadFile(slug!, q.sort, q.order, n);
  const { chunk } = manifest.lists;
  const otherMask = bitmask(others, manifest.vocabulary.categories);
  const since = filter.updatedSince;
  if (platMask === 0 && otherMask === 0 && since === undefined && !skipSuspicious) {
    const last = Math.min(end, count);
    const positions = Array.from({ length: Math.max(0, last - start) }, (_, i) => start + i);
    if (positions.length === 0 || last <= Math.min(head, count)) {
      const data = positions.length === 0 ? [] : await fromHead(scope, headFile, chunk, positions);
      return { body: { data, pagination: pagination(q.page, q.limit, count) }, cache: "data" };
    }
  }
  const [list, suspicious, cols] = await Promise.all([
    store.decoded(categoryListFile(slug!, q.sort, q.order), decodeCategoryList),
    skipSuspicious ? ordinalSet(store, "suspicious") : undefined,
    store.columns([...(otherMask ? ["categories" as const] : []), ...(since !== undefined ? ["updated" as const] : [])]),
  ]);
  const pass = (i: number): boolean => {
    if (platMask && (list.platforms(i) & platMask) >>> 0 !== platMask) return false;
    const o = list.ordinal(i);
    if (otherMask && (cols.categories[o]! & otherMask) >>> 0 !== otherMask) return false;
    if (since !== undefined && cols.updated[o]! < since) return false;
    return !suspicious?.has(o);
  };
  const key = scanKey(categoryListFile(slug!, q.sort, q.order), { catMask: otherMask, platMask, since, clean: skipSuspicious });
  const scan = keptScan(scope, key, () => scanPositions(list.count, pass));
  const total = scan.total;
  /** The page's skills: each one's ordinal and position in the category list. */
  const page = pageOfPositions(list.count, pass, scan, start, end).map((at) => ({ ordinal: list.ordinal(at), at }));
  const inHead = page.filter((p) => p.at < head);
  const rest = page.filter((p) => p.at >= head);
  const [fromFiles, fromShards] = await Promise.all([
    inHead.length > 0
      ? fromHead(
          scope,
          headFile,
          chunk,
          inHead.map((p) => p.at),
        )
      : [],
    store.summaries(rest.map((p) => p.ordinal)),
  ]);
  // Head positions come first in a page (positions ascend), so the two parts join in order.
  return { body: { data: [...fromFiles, ...fromShards], pagination: pagination(q.page, q.limit, total) }, cache: "data" };
}

export const LIST_PARAMS = ["page", "limit", "sort", "order", "category", "platform", "updatedSince", "trust"] as const;

/** The list parameters' schema for this deployment's vocabularies, built once per isolate. */
export const listParams = (scope: RequestScope) => scope.memo("list-params", () => listQuery(scope.manifest.vocabulary));

export async function skillList(scope: RequestScope): Promise<HandlerResult> {
  const q = parseQuery(scope.url, listParams(scope), LIST_PARAMS);
  return listSkills(scope, q, {
    categories: q.category ? [q.category] : [],
    platform: q.platform,
    updatedSince: q.updatedSince,
    trust: q.trust,
  });
}
