// The one binary search the build's index writers share: key lists of index shards, posting lists, stored indexes.
// (The trust scanner keeps its own: it imports nothing outside src/build/trust.)

/** The first index at or after `from` whose element is not below `x` in ascending `a` (a.length when none is). */
export function lowerBound<T extends string | number>(a: ArrayLike<T>, x: T, from = 0): number {
  let lo = from;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The index of `x` in ascending `a`, or -1. */
export function indexOfSorted<T extends string | number>(a: ArrayLike<T>, x: T): number {
  const at = lowerBound(a, x);
  return at < a.length && a[at] === x ? at : -1;
}
