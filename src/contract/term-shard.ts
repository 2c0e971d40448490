// The binary term shard: a sorted run of index terms with, per term, one posting list per field
// (name, description, content: src/contract/fields.ts). Laid out so a reader binary-searches the terms in place and decodes
// only the lists a query needs:
//   "SKX1" | u32 docCount | u32 n | u32 termEnd[n] | u32 listStart[3n + 1] | term bytes | lists
// (little-endian; termEnd offsets into the term bytes, listStart into the list bytes).
import { FIELD_COUNT } from "./fields.js";
import { type Bitset, decodePostingsInto, readVarint } from "./postings.js";

const MAGIC = [0x53, 0x4b, 0x58, 0x31];
const utf8 = new TextEncoder();
const text = new TextDecoder();

export interface ShardEntry {
  term: string;
  /** Encoded posting lists (postings.ts) for name, description and content. */
  lists: readonly [Uint8Array, Uint8Array, Uint8Array];
}

/** Serialises entries that are already sorted by term (JavaScript string order). */
export function encodeShard(entries: readonly ShardEntry[], docCount: number): Uint8Array {
  const n = entries.length;
  const termBytes = entries.map((e) => utf8.encode(e.term));
  const termTotal = termBytes.reduce((s, b) => s + b.length, 0);
  const listTotal = entries.reduce((s, e) => s + e.lists[0].length + e.lists[1].length + e.lists[2].length, 0);
  const header = 12 + 4 * n + 4 * (FIELD_COUNT * n + 1);
  const out = new Uint8Array(header + termTotal + listTotal);
  const view = new DataView(out.buffer);
  out.set(MAGIC, 0);
  view.setUint32(4, docCount, true);
  view.setUint32(8, n, true);
  let termPos = 0;
  let listPos = 0;
  const termBase = header;
  const listBase = header + termTotal;
  entries.forEach((e, i) => {
    if (i > 0 && !(entries[i - 1]!.term < e.term)) throw new Error(`shard terms out of order at ${JSON.stringify(e.term)}`);
    out.set(termBytes[i]!, termBase + termPos);
    termPos += termBytes[i]!.length;
    view.setUint32(12 + 4 * i, termPos, true);
    e.lists.forEach((list, f) => {
      view.setUint32(12 + 4 * n + 4 * (FIELD_COUNT * i + f), listPos, true);
      out.set(list, listBase + listPos);
      listPos += list.length;
    });
  });
  view.setUint32(12 + 4 * n + 4 * FIELD_COUNT * n, listPos, true);
  return out;
}

/** Reads a shard in place; throws a RangeError on anything malformed. */
export class ShardReader {
  readonly docCount: number;
  readonly size: number;
  private readonly view: DataView;
  private readonly termBase: number;
  private readonly listBase: number;

  constructor(private readonly bytes: Uint8Array) {
    if (bytes.length < 16 || MAGIC.some((b, i) => bytes[i] !== b)) throw new RangeError("not a term shard");
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.docCount = this.view.getUint32(4, true);
    this.size = this.view.getUint32(8, true);
    this.termBase = 12 + 4 * this.size + 4 * (FIELD_COUNT * this.size + 1);
    if (this.termBase > bytes.length) throw new RangeError("truncated shard header");
    const termTotal = this.size === 0 ? 0 : this.view.getUint32(12 + 4 * (this.size - 1), true);
    this.listBase = this.termBase + termTotal;
    if (this.listBase + this.listOffset(FIELD_COUNT * this.size) > bytes.length) throw new RangeError("truncated shard body");
  }

  private listOffset(k: number): number {
    return this.view.getUint32(12 + 4 * this.size + 4 * k, true);
  }

  term(i: number): string {
    const start = i === 0 ? 0 : this.view.getUint32(12 + 4 * (i - 1), true);
    const end = this.view.getUint32(12 + 4 * i, true);
    return text.decode(this.bytes.subarray(this.termBase + start, this.termBase + end));
  }

  /** Index of the first term >= `key` (this.size when none). */
  lowerBound(key: string): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.term(mid) < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  find(term: string): number {
    const i = this.lowerBound(term);
    return i < this.size && this.term(i) === term ? i : -1;
  }

  /** OR-s the list of term `i` in `field` (0 name, 1 description, 2 content) into `into`. */
  postingsInto(i: number, field: number, into: Bitset): number {
    return decodePostingsInto(this.bytes, this.listBase + this.listOffset(FIELD_COUNT * i + field), this.docCount, into);
  }

  /** How many skills hold term `i` in `field`, without decoding the list. */
  count(i: number, field: number): number {
    return readVarint(this.bytes, this.listBase + this.listOffset(FIELD_COUNT * i + field))[0];
  }
}
