// The slotted shard: sorted keys, each with its own JSON value, in one binary file, so a reader finds
// a key by binary search over the shard's key table and parses that one value, never the whole shard:
//   "SLT1" | u32 n | u32 keyEnd[n] | u32 valueEnd[n] | key bytes (UTF-8) | value bytes (UTF-8 JSON)
// (little-endian; the ends are offsets into the key bytes and the value bytes). Written by the build
// for detail, files and summary shards; read by the function.

import { readShardHeader, writeShardHeader } from "./shard-header.js";
import { StringTable } from "./string-table.js";

const MAGIC = [0x53, 0x4c, 0x54, 0x31];
const utf8 = new TextEncoder();
const text = new TextDecoder();

/**
 * Serialises `[key, json]` pairs; keys must be strictly ascending (JavaScript string order). A value
 * may come already encoded as UTF-8 (a summary written into many head files is encoded once).
 */
export function encodeSlotted(entries: readonly (readonly [string, string | Uint8Array])[]): Uint8Array {
  const n = entries.length;
  const keys = entries.map(([k]) => utf8.encode(k));
  const values = entries.map(([, v]) => (typeof v === "string" ? utf8.encode(v) : v));
  const keyTotal = keys.reduce((s, b) => s + b.length, 0);
  const valueTotal = values.reduce((s, b) => s + b.length, 0);
  const header = 8 + 8 * n;
  const out = new Uint8Array(header + keyTotal + valueTotal);
  const view = writeShardHeader(out, MAGIC, [n]);
  let keyPos = 0;
  let valuePos = 0;
  entries.forEach(([key], i) => {
    if (i > 0 && !(entries[i - 1]![0] < key)) throw new Error(`slotted keys out of order at ${JSON.stringify(key)}`);
    out.set(keys[i]!, header + keyPos);
    keyPos += keys[i]!.length;
    view.setUint32(8 + 4 * i, keyPos, true);
    out.set(values[i]!, header + keyTotal + valuePos);
    valuePos += values[i]!.length;
    view.setUint32(8 + 4 * n + 4 * i, valuePos, true);
  });
  return out;
}

/** Reads a slotted shard in place; throws a RangeError on anything malformed. */
export class SlottedReader {
  readonly size: number;
  private readonly view: DataView;
  private readonly keys: StringTable;
  private readonly valueBase: number;

  constructor(private readonly bytes: Uint8Array) {
    const { view, counts } = readShardHeader(bytes, MAGIC, 1, "slotted shard");
    this.view = view;
    this.size = counts[0]!;
    const keyBase = 8 + 8 * this.size;
    if (keyBase > bytes.length) throw new RangeError("truncated slotted header");
    this.keys = new StringTable(bytes, this.view, 8, this.size, keyBase);
    this.valueBase = keyBase + this.keys.byteLength;
    const valueEnd = this.size === 0 ? 0 : this.view.getUint32(8 + 8 * this.size - 4, true);
    if (this.valueBase + valueEnd > bytes.length) throw new RangeError("truncated slotted body");
  }

  key(i: number): string {
    return this.keys.get(i);
  }

  /** The JSON of slot `i` as UTF-8: a view into the shard's bytes. */
  valueBytes(i: number): Uint8Array {
    const at = 8 + 4 * this.size;
    const start = i === 0 ? 0 : this.view.getUint32(at + 4 * (i - 1), true);
    return this.bytes.subarray(this.valueBase + start, this.valueBase + this.view.getUint32(at + 4 * i, true));
  }

  /** The JSON text of slot `i`. */
  valueText(i: number): string {
    return text.decode(this.valueBytes(i));
  }

  /** The parsed value of slot `i` (not checked: the build validated it). */
  value(i: number): unknown {
    if (i < 0 || i >= this.size) return undefined;
    return JSON.parse(this.valueText(i));
  }

  /** The slot of `key`, or -1. */
  find(key: string): number {
    return this.keys.indexOf(key);
  }

  /** The parsed value under `key`, or undefined. */
  get(key: string): unknown {
    const i = this.find(key);
    return i < 0 ? undefined : this.value(i);
  }
}
