// A filtered list without a category (a platform, `updatedSince`, `trust=clean`) walks a whole
// prebuilt order: 1M steps at 1M skills. The walk runs in one loop over typed arrays held in locals,
// and its outcome is kept per isolate as the filter's total and a mark every MARK_EVERY matches, so a
// warm isolate asked for another page of the same filter walks from the mark before the page, not
// from the start (a few thousand steps instead of a million).
import { WeightedLru } from "./lru.js";

/** The filters of one walk; a column is given only when its filter is set. */
export interface OrderFilter {
  categories?: Uint32Array;
  catMask: number;
  platforms?: Uint32Array;
  platMask: number;
  updated?: Uint32Array;
  /** Unix seconds: only skills updated at or after it (used with `updated`). */
  since: number;
  suspicious?: { has(ordinal: number): boolean };
}

/** What a walk of an order under one filter found: how many pass, and where every MARK_EVERY-th one sits. */
export interface OrderScan {
  total: number;
  /** marks[k]: the position in the order of the (k * every)-th skill that passes. */
  marks: Uint32Array;
  every: number;
}

export const MARK_EVERY = 1024;

const passes = (f: OrderFilter, o: number): boolean =>
  (f.categories === undefined || (f.categories[o]! & f.catMask) >>> 0 === f.catMask) &&
  (f.platforms === undefined || (f.platforms[o]! & f.platMask) >>> 0 === f.platMask) &&
  (f.updated === undefined || f.updated[o]! >= f.since) &&
  !f.suspicious?.has(o);

/** Walks the whole order once: the filter's total and its marks. */
export function scanOrder(order: Uint32Array, f: OrderFilter, every = MARK_EVERY): OrderScan {
  const marks: number[] = [];
  let total = 0;
  for (let i = 0; i < order.length; i++) {
    if (!passes(f, order[i]!)) continue;
    if (total % every === 0) marks.push(i);
    total++;
  }
  return { total, marks: Uint32Array.from(marks), every };
}

/** The ordinals of the passing skills numbered `start` to `end` (exclusive), walked from the mark before `start`. */
export function pageOfScan(order: Uint32Array, f: OrderFilter, scan: OrderScan, start: number, end: number): number[] {
  const page: number[] = [];
  if (start >= scan.total) return page;
  const k = Math.floor(start / scan.every);
  let n = k * scan.every;
  for (let i = scan.marks[k]!; i < order.length && n < end; i++) {
    const o = order[i]!;
    if (!passes(f, o)) continue;
    if (n >= start) page.push(o);
    n++;
  }
  return page;
}

/** The isolate's kept scans, by order file and filter: about 4 KB each at 1M skills, so a few hundred fit in 1 MB. */
export const scanCache = () => new WeightedLru<OrderScan>(1024 * 1024);

export const scanKey = (orderFile: string, f: OrderFilter): string =>
  [orderFile, f.categories ? f.catMask : "", f.platforms ? f.platMask : "", f.updated ? f.since : "", f.suspicious ? "clean" : ""].join(
    "|",
  );
