// Build step 1: skills -> posting lists per index key and field. FlexSearch builds the inverted index
// (with our analyser as its encoder), a batch of skills at a time so memory stays bounded; each
// batch's partial export is merged into compact delta-coded lists, ordinal order preserved.
import { Index } from "flexsearch";
import { FIELDS, PHRASE_FIELDS } from "../contract/fields.js";
import { readVarint, writeVarint } from "../contract/postings.js";
import { fieldKeys, type SearchDocument } from "./document-text.js";

/** A growing delta-varint list of ascending ordinals. */
export class ListBuilder {
  private buf = new Uint8Array(8);
  private len = 0;
  private last = -1;
  count = 0;

  push(ordinal: number): void {
    if (ordinal <= this.last) throw new Error(`ordinals must ascend: ${ordinal} after ${this.last}`);
    const bytes: number[] = [];
    writeVarint(bytes, ordinal - this.last - 1);
    if (this.len + bytes.length > this.buf.length) {
      const grown = new Uint8Array(Math.max(this.buf.length * 2, this.len + bytes.length));
      grown.set(this.buf.subarray(0, this.len));
      this.buf = grown;
    }
    for (const b of bytes) this.buf[this.len++] = b;
    this.last = ordinal;
    this.count++;
  }

  /** The ordinals, decoded. */
  toArray(): Uint32Array {
    const bytes = this.buf.subarray(0, this.len);
    const out = new Uint32Array(this.count);
    let pos = 0;
    let prev = -1;
    for (let k = 0; k < this.count; k++) {
      let gap: number;
      [gap, pos] = readVarint(bytes, pos);
      prev += gap + 1;
      out[k] = prev;
    }
    return out;
  }
}

/** key -> one list per field (name, description, content); undefined where the key is absent. */
export type Postings = Map<string, [ListBuilder | undefined, ListBuilder | undefined, ListBuilder | undefined]>;

const SEGMENT = "\u0000";
const MAP_CHUNK = /(^|\.)map$/;

/** A FlexSearch "map" export chunk: [key, [ids of score slot 0, ...]][] (resolution 1: one slot). */
function isMapChunk(value: unknown): value is [string, (number[] | null)[]][] {
  return (
    Array.isArray(value) &&
    value.every(
      (e) =>
        Array.isArray(e) &&
        typeof e[0] === "string" &&
        Array.isArray(e[1]) &&
        e[1].every((slot: unknown) => slot === null || Array.isArray(slot)),
    )
  );
}

/**
 * Indexes `docs` (position = ordinal) with FlexSearch, `batchSize` skills per index instance, and
 * returns the merged postings. `progress` is called after each batch.
 */
export function collectPostings(
  docs: (ordinal: number) => SearchDocument,
  count: number,
  progress: (done: number) => void,
  batchSize = 5000,
): Postings {
  const postings: Postings = new Map();
  for (let from = 0; from < count; from += batchSize) {
    const to = Math.min(count, from + batchSize);
    FIELDS.forEach((field, f) => {
      // resolution 1: one slot per key; scoring happens at query time from fields, stars and dates.
      const index = new Index({ encode: (text: string) => fieldKeys(text.split(SEGMENT), PHRASE_FIELDS[f]!), resolution: 1 });
      for (let ordinal = from; ordinal < to; ordinal++) {
        const text = docs(ordinal)[field].join(SEGMENT);
        if (text !== "") index.add(ordinal, text);
      }
      const batch = new Map<string, number[]>();
      index.export((key: string, data: string) => {
        if (!MAP_CHUNK.test(key)) return;
        const chunk: unknown = JSON.parse(data);
        if (!isMapChunk(chunk)) throw new Error(`unexpected FlexSearch export chunk ${key}`);
        for (const [term, slots] of chunk) {
          const ids = batch.get(term) ?? [];
          for (const slot of slots) if (slot) for (const id of slot) ids.push(id);
          batch.set(term, ids);
        }
      });
      for (const [term, ids] of batch) {
        ids.sort((a, b) => a - b);
        let lists = postings.get(term);
        if (!lists) postings.set(term, (lists = [undefined, undefined, undefined]));
        const list = (lists[f] ??= new ListBuilder());
        for (const id of ids) list.push(id);
      }
    });
    progress(to);
  }
  return postings;
}
