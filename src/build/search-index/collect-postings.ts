// Build step 1: skills -> posting lists per index key and field, collected directly. Each skill's
// keys become key ids appended to one log per field (skills arrive in ordinal order); one counting
// pass then inverts the logs, so every list comes out sorted without a sort, in typed arrays of
// 4 bytes a posting, with no object per key or per list. A collector may cover any consecutive
// range of ordinals and hand its logs over as a part (plain arrays and typed arrays, so a worker
// thread can post it with its buffers transferred); parts merged in ordinal order give the index
// one collector over every skill gives. docs/SEARCH.md says why this replaced the FlexSearch pass,
// with the figures.

import { pairKey } from "../../search/text.js";
import { type ScannedBody, SharedTerms } from "./shared-terms.js";
import { mergeUnion } from "./sorted-union.js";
import { PairTable } from "./term-scan.js";

/**
 * An append-only u32 log in chunks, so growing it never copies what it holds. Chunks start small
 * and double up to 4 MB, so the many small collectors of a test or a small part cost little.
 */
class U32Log {
  private static readonly MAX_CHUNK = 1 << 20;
  private readonly chunks: Uint32Array[] = [];
  private current = new Uint32Array(1024);
  private used = 0;
  length = 0;

  push(value: number): void {
    if (this.used === this.current.length) {
      this.chunks.push(this.current);
      this.current = new Uint32Array(Math.min(this.current.length * 2, U32Log.MAX_CHUNK));
      this.used = 0;
    }
    this.current[this.used++] = value;
    this.length++;
  }

  /** The values in insertion order, as chunks; the log must not grow afterwards. */
  take(): Uint32Array[] {
    return [...this.chunks, this.current.subarray(0, this.used)];
  }

  /** The values in one array (a log known to be small: one value per skill). */
  flat(): Uint32Array {
    const out = new Uint32Array(this.length);
    let at = 0;
    for (const chunk of this.take()) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  }
}

/** One field of a part: the key ids of every skill, one after another, and where each skill's ids end. */
export interface CollectedField {
  /** Local key ids (indexes into the part's `keys`), in chunks; each chunk owns its buffer. */
  log: Uint32Array[];
  /** ends[j]: the log position (over all chunks) where the part's j-th skill's ids end. */
  ends: Uint32Array;
}

/** What a collector over a consecutive range of ordinals hands over: no Map, so it can be posted. */
export interface CollectedPart {
  /** The ordinal of the part's first skill. */
  first: number;
  /** How many skills the part holds. */
  count: number;
  /** Local key id -> key. */
  keys: string[];
  fields: CollectedField[];
}

/** The buffers of a part, for postMessage's transfer list (every buffer once). */
export function partTransferList(part: CollectedPart): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const { log, ends } of part.fields) {
    for (const chunk of log) buffers.add(chunk.buffer as ArrayBuffer);
    buffers.add(ends.buffer as ArrayBuffer);
  }
  return [...buffers];
}

/** The inverted index of one field: ordinals of key id k are ordinals[start[k] .. start[k + 1]). */
interface FieldLists {
  start: Uint32Array;
  ordinals: Uint32Array;
}

/** An index's lists looked up by key, as PostingIndex.listOf gives them. */
export type ListLookup = Pick<PostingIndex, "fieldCount" | "listOf">;

/** Where an index's arrays live: plain buffers, or shared ones that worker threads read in place. */
export type Buffers = (bytes: number) => ArrayBufferLike;
export const plainBuffers: Buffers = (bytes) => new ArrayBuffer(bytes);
export const sharedBuffers: Buffers = (bytes) => new SharedArrayBuffer(bytes);

/** `array` in a buffer of `buffers`' kind: itself when it is in one already, else a copy. */
export function inBuffers(array: Uint32Array, buffers: Buffers): Uint32Array {
  if (buffers === plainBuffers || array.buffer instanceof SharedArrayBuffer) return array;
  const copy = new Uint32Array(buffers(array.byteLength));
  copy.set(array);
  return copy;
}

/** The collected postings: keys in sorted order, and the ascending ordinals of each key in each field. */
export class PostingIndex {
  /**
   * Merges parts given in ordinal order (each starting where the one before ends) into the index
   * one collector over all their skills gives.
   */
  static fromParts(parts: readonly CollectedPart[]): PostingIndex {
    if (parts.length === 0) throw new Error("no parts to merge");
    const fieldCount = parts[0]!.fields.length;
    let next = parts[0]!.first;
    for (const part of parts) {
      if (part.fields.length !== fieldCount) throw new Error(`expected ${fieldCount} fields, got ${part.fields.length}`);
      if (part.first !== next) throw new Error(`part starts at ordinal ${part.first}, expected ${next}`);
      next += part.count;
    }
    // Parts from a collector hold their keys sorted (PostingCollector.part): one merge of the sorted
    // runs then gives the sorted key list, with no table of every key and no sort of it.
    if (parts.every((part) => isAscending(part.keys))) {
      const { keyList, remaps } = mergeSortedKeys(parts);
      return invert(keyList, parts, remaps, true);
    }
    const merger = new PartMerger();
    for (const part of parts) merger.add(part);
    return merger.finish();
  }

  constructor(
    /** Every key, sorted (JavaScript string order). */
    readonly keys: readonly string[],
    /** keyOrder[i]: the id of the i-th sorted key. */
    private readonly keyOrder: Uint32Array,
    private readonly fields: readonly FieldLists[],
  ) {}

  get fieldCount(): number {
    return this.fields.length;
  }

  /** The arrays as they are (lists by key id; keyOrder[i] is the id of sorted key i), for the build cache (src/build/cache/). */
  snapshot(): { keys: readonly string[]; keyOrder: Uint32Array; fields: readonly { start: Uint32Array; ordinals: Uint32Array }[] } {
    return { keys: this.keys, keyOrder: this.keyOrder, fields: this.fields };
  }

  /** The ordinals holding sorted key `i` in `field` (empty when none). */
  list(i: number, field: number): Uint32Array {
    const id = this.keyOrder[i]!;
    const { start, ordinals } = this.fields[field]!;
    return ordinals.subarray(start[id]!, start[id + 1]!);
  }

  /**
   * The ordinals holding `key` in `field`, or undefined for a key never indexed. A binary search of
   * the sorted keys: no table from key to id is kept (at 1M skills one of 9M keys is hundreds of MB).
   */
  listOf(key: string, field: number): Uint32Array | undefined {
    let lo = 0;
    let hi = this.keys.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const k = this.keys[mid]!;
      if (k === key) return this.list(mid, field);
      if (k < key) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }

  /** How many skills hold sorted key `i` in any field (a merge of the sorted lists, no set). */
  unionCount(i: number): number {
    const id = this.keyOrder[i]!;
    let a: Uint32Array | undefined;
    let b: Uint32Array | undefined;
    let rest: Uint32Array[] | undefined;
    for (const { start, ordinals } of this.fields) {
      if (start[id + 1] === start[id]) continue;
      const list = ordinals.subarray(start[id]!, start[id + 1]!);
      if (!a) a = list;
      else if (!b) b = list;
      else (rest ??= []).push(list);
    }
    if (!a) return 0;
    if (!b) return a.length;
    let merged: Uint32Array = b;
    for (const l of rest ?? []) {
      const out: Uint32Array = new Uint32Array(merged.length + l.length);
      merged = out.subarray(0, mergeUnion(merged, l, out));
    }
    return mergeUnion(a, merged);
  }

  /** Sum of the list lengths of sorted key `i` over the fields: an upper bound of unionCount, free to compute. */
  postingCount(i: number): number {
    const id = this.keyOrder[i]!;
    let n = 0;
    for (const { start } of this.fields) n += start[id + 1]! - start[id]!;
    return n;
  }
}

/**
 * Merges parts handed in one at a time, in ordinal order (each starting where the one before ends),
 * into the index one collector over all their skills gives. Each part's keys are mapped to the
 * merged ids as it arrives and then let go, so a first pass written in many bounded runs
 * (stream-pass.ts) never has every run's copy of a common key in memory at once: only the logs wait
 * for the inversion. Keys get ids in order of first sight, as one collector would give them.
 */
export class PartMerger {
  private ids = new Map<string, number>();
  private readonly keyList: string[] = [];
  private readonly parts: CollectedPart[] = [];
  private readonly remaps: Uint32Array[] = [];
  private next: number | undefined;
  private fieldCount: number | undefined;

  add(part: CollectedPart): void {
    this.fieldCount ??= part.fields.length;
    if (part.fields.length !== this.fieldCount) throw new Error(`expected ${this.fieldCount} fields, got ${part.fields.length}`);
    if (this.next !== undefined && part.first !== this.next) throw new Error(`part starts at ordinal ${part.first}, expected ${this.next}`);
    this.next = part.first + part.count;
    const remap = new Uint32Array(part.keys.length);
    part.keys.forEach((key, local) => {
      let id = this.ids.get(key);
      if (id === undefined) {
        id = this.keyList.length;
        this.ids.set(key, id);
        this.keyList.push(key);
      }
      remap[local] = id;
    });
    this.parts.push({ ...part, keys: [] });
    this.remaps.push(remap);
  }

  /** The merged index; the merger is spent (its table from key to id is let go before the inversion allocates). */
  finish(): PostingIndex {
    if (this.parts.length === 0) throw new Error("no parts to merge");
    this.ids = new Map();
    return invert(this.keyList, this.parts, this.remaps, false);
  }
}

/** Whether `keys` is strictly ascending (JavaScript string order). */
function isAscending(keys: readonly string[]): boolean {
  for (let i = 1; i < keys.length; i++) if (!(keys[i - 1]! < keys[i]!)) return false;
  return true;
}

/**
 * The keys of parts whose keys are each sorted, merged into one sorted list (a key in several parts
 * once), and each part's local ids mapped to it: a walk of the parts' sorted runs side by side.
 */
function mergeSortedKeys(parts: readonly CollectedPart[]): { keyList: string[]; remaps: Uint32Array[] } {
  const keyList: string[] = [];
  const remaps = parts.map((part) => new Uint32Array(part.keys.length));
  const at = parts.map(() => 0);
  for (;;) {
    let least: string | undefined;
    for (let p = 0; p < parts.length; p++) {
      const key = parts[p]!.keys[at[p]!];
      if (key !== undefined && (least === undefined || key < least)) least = key;
    }
    if (least === undefined) return { keyList, remaps };
    const id = keyList.push(least) - 1;
    for (let p = 0; p < parts.length; p++) {
      if (parts[p]!.keys[at[p]!] === least) remaps[p]![at[p]!++] = id;
    }
  }
}

/**
 * Inverts the parts' logs: one counting pass per field sizes every key's list, a second places each
 * posting, so lists come out in ordinal order. `remaps[p]` maps part p's local ids to `keyList`'s.
 * Each part's logs are emptied as their field is done.
 */
function invert(
  keyList: readonly string[],
  parts: readonly CollectedPart[],
  remaps: readonly (Uint32Array | undefined)[],
  /** Whether `keyList` is sorted already: the key ids are then the sorted positions, and no sort runs. */
  sorted: boolean,
): PostingIndex {
  const n = keyList.length;
  const fieldCount = parts[0]!.fields.length;
  const fields: FieldLists[] = [];
  for (let f = 0; f < fieldCount; f++) {
    const start = new Uint32Array(n + 1);
    let total = 0;
    parts.forEach((part, p) => {
      const remap = remaps[p];
      for (const chunk of part.fields[f]!.log) {
        total += chunk.length;
        if (remap) for (let i = 0; i < chunk.length; i++) start[remap[chunk[i]!]! + 1]!++;
        else for (let i = 0; i < chunk.length; i++) start[chunk[i]! + 1]!++;
      }
    });
    for (let k = 0; k < n; k++) start[k + 1]! += start[k]!;
    const fill = start.slice(0, n);
    const ordinals = new Uint32Array(total);
    parts.forEach((part, p) => {
      const remap = remaps[p];
      const { log, ends } = part.fields[f]!;
      let skill = 0;
      let pos = 0;
      for (const chunk of log) {
        for (let i = 0; i < chunk.length; i++, pos++) {
          while (pos >= ends[skill]!) skill++;
          const id = remap ? remap[chunk[i]!]! : chunk[i]!;
          ordinals[fill[id]!++] = part.first + skill;
        }
      }
    });
    fields.push({ start, ordinals });
    // The field's logs are inverted: let them go now, so the merge never holds every field twice
    // (at 1M skills the postings are gigabytes). The parts are consumed by this merge.
    for (const part of parts) part.fields[f]!.log = [];
  }
  const order = Uint32Array.from({ length: n }, (_, i) => i);
  if (sorted) return new PostingIndex(keyList, order, fields);
  order.sort((a, b) => {
    const x = keyList[a]!;
    const y = keyList[b]!;
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const keys = Array.from(order, (id) => keyList[id]!);
  return new PostingIndex(keys, order, fields);
}

/**
 * Collects postings skill by skill, from ordinal `first` on: `addKey`/`addId`/`addText` for the
 * current skill's keys (repeats are ignored), then `endSkill()`; `finish()` inverts them, or
 * `part()` hands them over for `PostingIndex.fromParts`. Either ends the collector.
 */
export class PostingCollector {
  private readonly ids = new Map<string, number>();
  private readonly keyList: string[] = [];
  /** Per field: the key ids of every skill, one after another, and where each skill's ids end. */
  private readonly logs: U32Log[];
  private readonly ends: U32Log[];
  /** Per field and key id: 1 + the last ordinal that added it, so a skill adds a key once. */
  private marks: Uint32Array[];
  /** Shared term id (of `terms`) -> this collector's key id + 1; 0 for a term it has not given a posting yet. */
  private local = new Int32Array(1024);
  /** Phrase pairs: (id of the first term, id of the second) -> the pair key's id. */
  private readonly pairIds = new PairTable();
  private next = 0;
  private done = false;

  constructor(
    readonly fieldCount: number,
    /** The ordinal of the first skill collected. */
    readonly first = 0,
    /**
     * The text fast path (every spelling seen, analysed once), its own unless given: collectors over
     * one SharedTerms analyse a spelling once between them and can take a body scanned once (addScanned).
     */
    readonly terms: SharedTerms = new SharedTerms(),
  ) {
    this.logs = Array.from({ length: fieldCount }, () => new U32Log());
    this.ends = Array.from({ length: fieldCount }, () => new U32Log());
    this.marks = Array.from({ length: fieldCount }, () => new Uint32Array(1024));
  }

  /** The id of `key`, made on first sight. */
  idOf(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.keyList.length;
      this.ids.set(key, id);
      this.keyList.push(key);
      if (id >= this.marks[0]!.length) {
        this.marks = this.marks.map((m) => {
          const grown = new Uint32Array(m.length * 2);
          grown.set(m);
          return grown;
        });
      }
    }
    return id;
  }

  /** The key id of shared term `term`, made on first sight. */
  private keyOfTerm(term: number): number {
    if (term >= this.local.length) {
      const grown = new Int32Array(Math.max(this.local.length * 2, term + 1));
      grown.set(this.local);
      this.local = grown;
    }
    const known = this.local[term]!;
    if (known !== 0) return known - 1;
    const id = this.idOf(this.terms.terms[term]!);
    this.local[term] = id + 1;
    return id;
  }

  /** Adds key `id` (from idOf) to the current skill's `field`. */
  addId(field: number, id: number): void {
    const marks = this.marks[field]!;
    if (marks[id] === this.next + 1) return;
    marks[id] = this.next + 1;
    this.logs[field]!.push(id);
  }

  addKey(field: number, key: string): void {
    this.addId(field, this.idOf(key));
  }

  /**
   * Adds the terms of `text` (the analyser's `terms()`, no phrase pairs) to the current skill's
   * `field`, through the scanner: each spelling is analysed on first sight only.
   */
  addText(field: number, text: string): void {
    this.terms.scanner.scan(text, (term) => this.addId(field, this.keyOfTerm(term)));
  }

  /**
   * `addText(field, body)` for a body scanned once by this collector's terms (SharedTerms.scanBody),
   * or for its first `limit` characters: `addText(field, body.slice(0, limit))`. The words ending
   * within the bound are taken as scanned; what follows the last of them up to the bound is scanned
   * again, since the bound may cut a word (and a cut word may be another term, or a stop word no more).
   */
  addScanned(field: number, body: ScannedBody, limit = Number.POSITIVE_INFINITY): void {
    if (body.terms !== this.terms) throw new Error("the body was scanned by another collector's terms");
    const { ids, ends, count } = body;
    let k = 0;
    for (; k < count && ends[k]! <= limit; k++) this.addId(field, this.keyOfTerm(ids[k]!));
    if (body.source.length - body.from > limit) {
      const from = body.from + (k > 0 ? ends[k - 1]! : 0);
      this.addText(field, body.source.slice(from, body.from + limit));
    }
  }

  /**
   * Adds the terms of `text` and the pair key of every two adjacent terms (`fieldKeys` with pairs,
   * for one segment) to the current skill's `field`; a pair seen before is found by its two term ids.
   */
  addPhraseText(field: number, text: string): void {
    let prev = -1;
    this.terms.scanner.scan(text, (term) => {
      const id = this.keyOfTerm(term);
      this.addId(field, id);
      if (prev >= 0) {
        let pair = this.pairIds.get(prev, id);
        if (pair < 0) {
          pair = this.idOf(pairKey(this.keyList[prev]!, this.keyList[id]!));
          this.pairIds.set(prev, id, pair);
        }
        this.addId(field, pair);
      }
      prev = id;
    });
  }

  /** Closes the current skill; the next key added belongs to the next ordinal. */
  endSkill(): void {
    if (this.done) throw new Error("the collector was already finished");
    for (let f = 0; f < this.fieldCount; f++) this.ends[f]!.push(this.logs[f]!.length);
    this.next++;
  }

  /** Adds a whole skill: its keys per field. */
  add(fields: readonly (readonly string[])[]): void {
    if (fields.length !== this.fieldCount) throw new Error(`expected ${this.fieldCount} fields, got ${fields.length}`);
    fields.forEach((keys, f) => {
      for (const key of keys) this.addKey(f, key);
    });
    this.endSkill();
  }

  get count(): number {
    return this.next;
  }

  /**
   * Hands the collected skills over as a part (see CollectedPart); the collector is done. Its keys
   * come sorted, the logs' ids renumbered to match: sorting here, in the first pass's worker threads
   * side by side, spares the thread that merges the parts a table of every key and a sort of them all.
   */
  part(): CollectedPart {
    if (this.done) throw new Error("the collector was already finished");
    this.done = true;
    // The default sort compares UTF-16 code units, as `<` does, without a call back into JavaScript.
    const keys = this.keyList.slice().sort();
    const rank = new Uint32Array(keys.length);
    for (let r = 0; r < keys.length; r++) rank[this.ids.get(keys[r]!)!] = r;
    this.ids.clear();
    const fields = this.logs.map((log, f) => {
      const chunks = log.take();
      for (const chunk of chunks) for (let i = 0; i < chunk.length; i++) chunk[i] = rank[chunk[i]!]!;
      return { log: chunks, ends: this.ends[f]!.flat() };
    });
    return { first: this.first, count: this.next, keys, fields };
  }

  /** The index of the collected skills (ordinals from `first`); the collector is done. */
  finish(): PostingIndex {
    const part = this.part();
    return invert(part.keys, [part], [undefined], true);
  }
}
