// The binary typo shard (search/typo/*.bin): a sorted run of typo keys, each listing the vocabulary words
// filed under it, with every word the shard's keys list stored once with its weight:
//   "SKT1" | u32 keys | u32 words | u32 keyEnd[keys] | u32 listEnd[keys] | u32 wordEnd[words] |
//   u32 weight[words] | key bytes | word bytes | lists
// (little-endian; a list is the varint positions, in the word table, of its key's words). A reader
// binary-searches the keys in place and decodes only the words its keys list: a typo lookup parses a
// handful of words, not the shard (the JSON shards this replaced were parsed and checked whole).
import { ByteBuffer, readVarint, writeVarint } from "./postings.js";
import { readShardHeader, writeShardHeader } from "./shard-header.js";
import { StringTable } from "./string-table.js";

/** [word, weight]: an indexed word and how often it is indexed (its posting counts over every list, summed). */
export type TypoEntry = [word: string, weight: number];

/**
 * A typo shard as the build assembles it: key `i` lists the words at positions `at[starts[i]]` up to
 * `at[starts[i + 1]]` (or the end) of `words`, which holds each of them once.
 */
export interface TypoShard {
  words: TypoEntry[];
  keys: string[];
  starts: number[];
  at: number[];
}

const MAGIC = [0x53, 0x4b, 0x54, 0x31];
const utf8 = new TextEncoder();

/** The words (positions in `shard.words`) that key `i` of a shard being built lists. */
export function typoKeyWords(shard: TypoShard, i: number): number[] {
  return shard.at.slice(shard.starts[i]!, i + 1 < shard.starts.length ? shard.starts[i + 1]! : shard.at.length);
}

/** Serialises a shard; its keys must be strictly ascending (JavaScript string order). */
export function encodeTypoShard(shard: TypoShard): Uint8Array {
  const { keys, words } = shard;
  const keyBytes = keys.map((k, i) => {
    if (i > 0 && !(keys[i - 1]! < k)) throw new Error(`typo keys out of order at ${JSON.stringify(k)}`);
    return utf8.encode(k);
  });
  const wordBytes = words.map(([w]) => utf8.encode(w));
  const lists = new ByteBuffer();
  const listEnds = keys.map((_, i) => {
    for (const w of typoKeyWords(shard, i)) writeVarint(lists, w);
    return lists.length;
  });
  const keyTotal = keyBytes.reduce((s, b) => s + b.length, 0);
  const wordTotal = wordBytes.reduce((s, b) => s + b.length, 0);
  const header = 12 + 8 * keys.length + 8 * words.length;
  const out = new Uint8Array(header + keyTotal + wordTotal + lists.length);
  const view = writeShardHeader(out, MAGIC, [keys.length, words.length]);
  let at = 12;
  const put = (value: number) => {
    view.setUint32(at, value, true);
    at += 4;
  };
  let end = 0;
  for (const b of keyBytes) put((end += b.length));
  for (const e of listEnds) put(e);
  end = 0;
  for (const b of wordBytes) put((end += b.length));
  for (const [, weight] of words) put(weight);
  for (const b of [...keyBytes, ...wordBytes]) {
    out.set(b, at);
    at += b.length;
  }
  out.set(lists.view(), at);
  return out;
}

/** Reads a typo shard in place; throws a RangeError on anything malformed. */
export class TypoShardReader {
  private readonly view: DataView;
  private readonly keys: StringTable;
  private readonly words: StringTable;
  private readonly keyCount: number;
  private readonly wordCount: number;
  private readonly listBase: number;

  constructor(private readonly bytes: Uint8Array) {
    const { view, counts } = readShardHeader(bytes, MAGIC, 2, "typo shard");
    this.view = view;
    [this.keyCount, this.wordCount] = counts as [number, number];
    const keyBase = 12 + 8 * this.keyCount + 8 * this.wordCount;
    if (keyBase > bytes.length) throw new RangeError("truncated typo shard header");
    this.keys = new StringTable(bytes, this.view, 12, this.keyCount, keyBase);
    const wordBase = keyBase + this.keys.byteLength;
    this.words = new StringTable(bytes, this.view, 12 + 8 * this.keyCount, this.wordCount, wordBase);
    this.listBase = wordBase + this.words.byteLength;
    if (this.listBase + this.listEnd(this.keyCount - 1) > bytes.length) throw new RangeError("truncated typo shard body");
  }

  /** Typo keys in the shard. */
  get size(): number {
    return this.keyCount;
  }

  key(i: number): string {
    return this.keys.get(i);
  }

  private listEnd(i: number): number {
    return i < 0 ? 0 : this.view.getUint32(12 + 4 * this.keyCount + 4 * i, true);
  }

  /** The words key `i` lists, with their weights, in the order the build filed them. */
  entries(i: number): TypoEntry[] {
    const out: TypoEntry[] = [];
    const end = this.listBase + this.listEnd(i);
    for (let pos = this.listBase + this.listEnd(i - 1); pos < end; ) {
      const [w, next] = readVarint(this.bytes, pos);
      if (w >= this.wordCount) throw new RangeError("typo shard lists a word it does not hold");
      out.push([this.words.get(w), this.view.getUint32(12 + 8 * this.keyCount + 4 * this.wordCount + 4 * w, true)]);
      pos = next;
    }
    return out;
  }

  /** The words `key` lists (none when the shard has no such key). */
  lookup(key: string): TypoEntry[] {
    const i = this.keys.indexOf(key);
    return i < 0 ? [] : this.entries(i);
  }
}
