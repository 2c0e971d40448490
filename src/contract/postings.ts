// Posting lists: the sorted skill ordinals that hold a term. Stored either as delta-coded varints
// or, when a term is in more than one skill in eight, as a plain bitmap (never larger than the
// varints then, and a very common term costs at most docCount/8 bytes). At query time every list
// becomes a Bitset over all ordinals, so AND/OR/NOT are word-wide operations.

/** How many bits of a 32-bit word are set. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** A fixed-size set of ordinals in [0, size). */
export class Bitset {
  readonly words: Uint32Array;
  constructor(
    readonly size: number,
    words?: Uint32Array,
  ) {
    this.words = words ?? new Uint32Array((size + 31) >>> 5);
  }
  static full(size: number): Bitset {
    const b = new Bitset(size);
    b.words.fill(0xffffffff);
    const tail = size & 31;
    if (tail && b.words.length > 0) b.words[b.words.length - 1] = (1 << tail) - 1;
    return b;
  }
  has(i: number): boolean {
    return ((this.words[i >>> 5]! >>> (i & 31)) & 1) === 1;
  }
  add(i: number): void {
    this.words[i >>> 5]! |= 1 << (i & 31);
  }
  or(other: Bitset): this {
    for (let i = 0; i < this.words.length; i++) this.words[i]! |= other.words[i]!;
    return this;
  }
  and(other: Bitset): this {
    for (let i = 0; i < this.words.length; i++) this.words[i]! &= other.words[i]!;
    return this;
  }
  andNot(other: Bitset): this {
    for (let i = 0; i < this.words.length; i++) this.words[i]! &= ~other.words[i]!;
    return this;
  }
  clone(): Bitset {
    return new Bitset(this.size, this.words.slice());
  }
  count(): number {
    let n = 0;
    for (const w of this.words) n += popcount(w);
    return n;
  }
  isEmpty(): boolean {
    for (let i = 0; i < this.words.length; i++) if (this.words[i] !== 0) return false;
    return true;
  }
  /** Calls `fn` for every member in ascending order. */
  forEach(fn: (i: number) => void): void {
    for (let wi = 0; wi < this.words.length; wi++) {
      let w = this.words[wi]!;
      while (w !== 0) {
        const bit = 31 - Math.clz32(w & -w);
        fn((wi << 5) + bit);
        w &= w - 1;
      }
    }
  }
}

const MODE_DELTA = 0;
const MODE_BITMAP = 1;

/** A growing byte buffer: encoders append to it, so a list costs no array of its own. */
export class ByteBuffer {
  bytes = new Uint8Array(1 << 12);
  length = 0;

  /** Makes room for `n` more bytes. */
  reserve(n: number): void {
    if (this.length + n <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.length + n) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  push(byte: number): void {
    if (this.length === this.bytes.length) this.reserve(1);
    this.bytes[this.length++] = byte;
  }

  /** The bytes written so far (a view, valid until the next write). */
  view(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }
}

/** Appends an unsigned varint (7 bits a byte, little end first). */
export function writeVarint(out: number[] | ByteBuffer, value: number): void {
  let v = value >>> 0;
  while (v >= 0x80) {
    out.push((v & 0x7f) | 0x80);
    v >>>= 7;
  }
  out.push(v);
}

/** Reads a varint at `pos`; returns [value, next position]. Rejects truncated or over-long input. */
export function readVarint(bytes: Uint8Array, pos: number): [number, number] {
  let value = 0;
  let shift = 0;
  for (;;) {
    if (pos >= bytes.length) throw new RangeError("truncated varint");
    const b = bytes[pos++]!;
    value += (b & 0x7f) * 2 ** shift;
    if (b < 0x80) return [value, pos];
    shift += 7;
    if (shift > 35) throw new RangeError("varint too long");
  }
}

/** Appends a strictly ascending list of ordinals below `docCount`. */
export function encodePostings(ordinals: ArrayLike<number>, docCount: number, out: ByteBuffer): void {
  const n = ordinals.length;
  writeVarint(out, n);
  if (n === 0) return;
  if (n * 8 > docCount) {
    const len = (docCount + 7) >>> 3;
    out.reserve(1 + len);
    out.bytes[out.length++] = MODE_BITMAP;
    const bytes = out.bytes;
    const base = out.length;
    bytes.fill(0, base, base + len);
    for (let i = 0; i < n; i++) bytes[base + (ordinals[i]! >>> 3)]! |= 1 << (ordinals[i]! & 7);
    out.length += len;
    return;
  }
  // At most 5 bytes a gap: room for the whole list once, then varints written inline.
  out.reserve(1 + 5 * n);
  const bytes = out.bytes;
  let at = out.length;
  bytes[at++] = MODE_DELTA;
  let prev = -1;
  for (let i = 0; i < n; i++) {
    const o = ordinals[i]!;
    let v = o - prev - 1;
    prev = o;
    while (v >= 0x80) {
      bytes[at++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    bytes[at++] = v;
  }
  out.length = at;
}

/** Decodes the list at `pos` (written for `docCount` skills) OR-ing it into `into`; returns its length. */
export function decodePostingsInto(bytes: Uint8Array, pos: number, docCount: number, into: Bitset): number {
  let n: number;
  [n, pos] = readVarint(bytes, pos);
  if (n === 0) return 0;
  const mode = bytes[pos++];
  if (mode === MODE_BITMAP) {
    const len = (docCount + 7) >>> 3;
    if (pos + len > bytes.length) throw new RangeError("truncated bitmap");
    for (let i = 0; i < len; i++) {
      const b = bytes[pos + i]!;
      if (b !== 0) into.words[i >>> 2]! |= b << ((i & 3) * 8);
    }
    return n;
  }
  if (mode !== MODE_DELTA) throw new RangeError(`unknown postings mode ${mode}`);
  // Varints decoded inline (no tuple per value): this loop reads every posting of a long list.
  const words = into.words;
  const end = bytes.length;
  let prev = -1;
  for (let k = 0; k < n; k++) {
    let gap = 0;
    let shift = 0;
    let b: number;
    do {
      if (pos >= end || shift > 28) throw new RangeError("truncated or over-long varint");
      b = bytes[pos++]!;
      gap |= (b & 0x7f) << shift;
      shift += 7;
    } while (b >= 0x80);
    prev += (gap >>> 0) + 1;
    if (prev >= docCount) throw new RangeError("posting beyond the skill count");
    words[prev >>> 5]! |= 1 << (prev & 31);
  }
  return n;
}
