// GET /skills and GET /categories/{slug}/skills: a page of a prebuilt list order, filtered by the
// category and platform bitmasks of the list index, then filled from the summary shards; an
// unfiltered page within the order's first skills (the manifest's lists.head) is read whole from the order's head file.
// The prebuilt orders and heads leave malicious skills out (`trust=default`); `trust=any` reads the
// orders over every skill, and `trust=clean` also leaves out the small set of suspicious ones.
import { bitmask } from "../contract/columns.js";
import { listAllOrderFile, listHeadFile, listOrderFile } from "../contract/paths.js";
import type { Pagination } from "../schemas/envelope.js";
import { type ListQuery, listQuery } from "../schemas/params.js";
import type { SkillSummary } from "../schemas/resources.js";
import type { TrustFilter } from "../schemas/trust.js";
import { parseQuery } from "./query.js";
import type { HandlerResult, RequestScope } from "./scope.js";
import { ordinalSet } from "./trust-filter.js";

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
    const first = Math.floor(start / chunk);
    const count = start < last ? Math.floor((last - 1) / chunk) - first + 1 : 0;
    const files = await Promise.all(Array.from({ length: count }, (_, k) => store.slotted(listHeadFile(q.sort, q.order, first + k))));
    // The build validated every summary; the hot path does not check it again.
    const data = Array.from({ length: Math.max(0, last - start) }, (_, i) => {
      const at = start + i;
      return files[Math.floor(at / chunk) - first]!.value(at % chunk) as SkillSummary;
    });
    return { body: { data, pagination: pagination(q.page, q.limit, skills) }, cache: "data" };
  }
  // Only the columns this list filters on are read; an unfiltered page past the head reads its order
  // file alone (and the summaries' refs).
  const [order, suspicious, cols] = await Promise.all([
    store.u32(all ? listAllOrderFile(q.sort, q.order) : listOrderFile(q.sort, q.order)),
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
    total = 0;
    page = [];
    for (const o of order) {
      if (suspicious?.has(o)) continue;
      if (catMask && (cols.categories[o]! & catMask) >>> 0 !== catMask) continue;
      if (platMask && (cols.platforms[o]! & platMask) >>> 0 !== platMask) continue;
      if (since !== undefined && cols.updated[o]! < since) continue;
      if (total >= start && total < end) page.push(o);
      total++;
    }
  }
  const data = await store.summaries(page);
  return { body: { data, pagination: pagination(q.page, q.limit, total) }, cache: "data" };
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
