// The union of two ascending lists of ids, in one walk: shared by the postings' collectors and the suggestions.

/** The size of the union of two sorted lists, written to `out` when given (nothing allocated). */
export function mergeUnion(a: Uint32Array, b: Uint32Array, out?: Uint32Array): number {
  let x = 0;
  let y = 0;
  let n = 0;
  while (x < a.length && y < b.length) {
    const u = a[x]!;
    const v = b[y]!;
    if (out) out[n] = u <= v ? u : v;
    n++;
    if (u <= v) x++;
    if (v <= u) y++;
  }
  if (out) {
    out.set(a.subarray(x), n);
    out.set(b.subarray(y), n + a.length - x);
  }
  return n + (a.length - x) + (b.length - y);
}
