// A filtered list walks a prebuilt list: a platform, `updatedSince` or `trust=clean` without a
// category walks the whole order (1M steps at 1M skills), a category with a further filter its
// category's list. The filter's columns sit in one fixed-shape object (looked up through the column
// set on every step, a 1M walk cost 40-50 ms), and the walk's outcome is kept per isolate as the
// filter's total and a mark every MARK_EVERY matches, so a warm isolate asked for another page of the
// same filter walks from the mark before the page, not from the start.
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

/** Walks positions 0 to `count` once: how many pass, and the marks. */
export function scanPositions(count: number, pass: (at: number) => boolean, every = MARK_EVERY): OrderScan {
  const marks: number[] = [];
  let total = 0;
  for (let at = 0; at < count; at++) {
    if (!pass(at)) continue;
    if (total % every === 0) marks.push(at);
    total++;
  }
  return { total, marks: Uint32Array.from(marks), every };
}

/** The positions of the passing entries numbered `start` to `end` (exclusive), walked from the mark before `start`. */
export function pageOfPositions(count: number, pass: (at: number) => boolean, scan: OrderScan, start: number, end: number): number[] {
  const page: number[] = [];
  if (start >= scan.total) return page;
  const k = Math.floor(start / scan.every);
  let n = k * scan.every;
  for (let at = scan.marks[k]!; at < count && n < end; at++) {
    if (!pass(at)) continue;
    if (n >= start) page.push(at);
    n++;
  }
  return page;
}

/** Walks a whole order under `f` once. */
export const scanOrder = (order: Uint32Array, f: OrderFilter, every = MARK_EVERY): OrderScan =>
  scanPositions(order.length, (at) => passes(f, order[at]!), every);

/** The ordinals of the skills numbered `start` to `end` (exclusive) that pass `f`. */
export const pageOfScan = (order: Uint32Array, f: OrderFilter, scan: OrderScan, start: number, end: number): number[] =>
  pageOfPositions(order.length, (at) => passes(f, order[at]!), scan, start, end).map((at) => order[at]!);

/** The isolate's kept scans, by list file and filter: about 4 KB each at 1M skills, so a few hundred fit in 1 MB. */
export const scanCache = () => new WeightedLru<OrderScan>(1024 * 1024);

/** A kept scan's key: the list file walked and each filter's value ("" when unset). */
export const scanKey = (file: string, f: { catMask: number; platMask: number; since?: number; clean: boolean }): string =>
  [file, f.catMask || "", f.platMask || "", f.since ?? "", f.clean ? "clean" : ""].join("|");

/** A kept scan of `file` under `key`'s filter, or a new walk kept for the next request. */
export function keptScan(scope: { memo<T>(key: string, make: () => T): T }, key: string, walk: () => OrderScan): OrderScan {
  const scans = scope.memo("list-scans", scanCache);
  let scan = scans.get(key);
  if (!scan) {
    scan = walk();
    scans.set(key, scan, scan.marks.byteLength + 64);
  }
  return scan;
}
