// A sorted run of UTF-8 strings inside a binary file, read in place: a table of u32 end offsets and the
// strings' bytes after it. The term, typo and slotted shards each keep one (their terms, typo keys and
// keys), and a reader finds a string by binary search, decoding only the strings it compares.

const text = new TextDecoder();

export class StringTable {
  /**
   * `count` strings of `bytes`: string i ends at the u32 (little-endian) at `endsAt + 4i`, counted from
   * `base`, where string 0 starts. Throws a RangeError when the table runs past the end of `bytes`.
   */
  constructor(
    private readonly bytes: Uint8Array,
    private readonly view: DataView,
    private readonly endsAt: number,
    readonly size: number,
    private readonly base: number,
  ) {
    if (endsAt + 4 * size > bytes.length || base + this.byteLength > bytes.length) throw new RangeError("truncated string table");
  }

  /** Bytes the strings take together (where whatever follows them starts, counted from `base`). */
  get byteLength(): number {
    return this.size === 0 ? 0 : this.view.getUint32(this.endsAt + 4 * (this.size - 1), true);
  }

  get(i: number): string {
    const start = i === 0 ? 0 : this.view.getUint32(this.endsAt + 4 * (i - 1), true);
    const end = this.view.getUint32(this.endsAt + 4 * i, true);
    return text.decode(this.bytes.subarray(this.base + start, this.base + end));
  }

  /** Index of the first string >= `key` in JavaScript string order (this.size when none). */
  lowerBound(key: string): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.get(mid) < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Index of `key`, or -1. */
  indexOf(key: string): number {
    const i = this.lowerBound(key);
    return i < this.size && this.get(i) === key ? i : -1;
  }
}
