// The binary term shard: a sorted run of index terms with, per term, one posting list per field
// (name, description, content: src/schemas/fields.ts). Laid out so a reader binary-searches the terms in place and decodes
// only the lists a query needs:
//   "SKX1" | u32 docCount | u32 n | u32 termEnd[n] | u32 listStart[3n + 1] | term bytes | lists
// (little-endian; termEnd offsets into the term bytes, listStart into the list bytes).
import { FIELD_COUNT } from "../schemas/fields.js";
import { type Bitset, ByteBuffer, decodePostingsInto, readVarint } from "./postings.js";
import { readShardHeader, writeShardHeader } from "./shard-header.js";
import { StringTable } from "./string-table.js";

const MAGIC = [0x53, 0x4b, 0x58, 0x31];
const utf8 = new TextEncoder();

/**
 * Builds one shard entry by entry, terms in sorted order (JavaScript string order): each term's
 * three lists (name, description, content), encoded by postings.ts, are copied into one growing
 * buffer, so a shard costs no array or object per list.
 */
export class ShardBuilder {
  private terms: string[] = [];
  /** End of every list in `lists`, three a term. */
  private listEnds: number[] = [];
  private readonly lists = new ByteBuffer();
  private readonly termBuffer = new ByteBuffer();

  constructor(private readonly docCount: number) {}

  /** How many terms the shard holds so far. */
  get size(): number {
    return this.terms.length;
  }

  get first(): string | undefined {
    return this.terms[0];
  }

  /** Adds `term` with its three lists, written one after another in `encoded` and ending at `ends`. */
  add(term: string, encoded: Uint8Array, ends: readonly [number, number, number]): void {
    const last = this.terms[this.terms.length - 1];
    if (last !== undefined && !(last < term)) throw new Error(`shard terms out of order at ${JSON.stringify(term)}`);
    const base = this.lists.length;
    this.lists.reserve(encoded.length);
    this.lists.bytes.set(encoded, base);
    this.lists.length += encoded.length;
    this.terms.push(term);
    this.listEnds.push(base + ends[0], base + ends[1], base + ends[2]);
  }

  /** The shard's bytes; the builder is empty afterwards. */
  finish(): Uint8Array {
    const n = this.terms.length;
    const header = 12 + 4 * n + 4 * (FIELD_COUNT * n + 1);
    const termEnds = new Uint32Array(n);
    const tb = this.termBuffer;
    tb.length = 0;
    this.terms.forEach((term, i) => {
      tb.reserve(term.length * 3);
      let ascii = true;
      for (let k = 0; k < term.length; k++) {
        const c = term.charCodeAt(k);
        if (c >= 128) {
          ascii = false;
          break;
        }
        tb.bytes[tb.length + k] = c;
      }
      tb.length += ascii ? term.length : utf8.encodeInto(term, tb.bytes.subarray(tb.length)).written;
      termEnds[i] = tb.length;
    });
    const out = new Uint8Array(header + tb.length + this.lists.length);
    const view = writeShardHeader(out, MAGIC, [this.docCount, n]);
    for (let i = 0; i < n; i++) view.setUint32(12 + 4 * i, termEnds[i]!, true);
    const starts = 12 + 4 * n;
    view.setUint32(starts, 0, true);
    for (let k = 0; k < FIELD_COUNT * n; k++) view.setUint32(starts + 4 * (k + 1), this.listEnds[k]!, true);
    out.set(tb.view(), header);
    out.set(this.lists.view(), header + tb.length);
    this.terms = [];
    this.listEnds = [];
    this.lists.length = 0;
    return out;
  }
}

/** Reads a shard in place; throws a RangeError on anything malformed. */
export class ShardReader {
  readonly docCount: number;
  readonly size: number;
  /** The shard's terms, sorted. */
  readonly terms: StringTable;
  private readonly view: DataView;
  private readonly listBase: number;

  constructor(private readonly bytes: Uint8Array) {
    const { view, counts } = readShardHeader(bytes, MAGIC, 2, "term shard");
    this.view = view;
    [this.docCount, this.size] = counts as [number, number];
    const termBase = 12 + 4 * this.size + 4 * (FIELD_COUNT * this.size + 1);
    if (termBase > bytes.length) throw new RangeError("truncated shard header");
    this.terms = new StringTable(bytes, this.view, 12, this.size, termBase);
    this.listBase = termBase + this.terms.byteLength;
    if (this.listBase + this.listOffset(FIELD_COUNT * this.size) > bytes.length) throw new RangeError("truncated shard body");
  }

  private listOffset(k: number): number {
    return this.view.getUint32(12 + 4 * this.size + 4 * k, true);
  }

  term(i: number): string {
    return this.terms.get(i);
  }

  /** Index of the first term >= `key` (this.size when none). */
  lowerBound(key: string): number {
    return this.terms.lowerBound(key);
  }

  find(term: string): number {
    return this.terms.indexOf(term);
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
