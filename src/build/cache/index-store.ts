// The build cache's copy of a posting index (the term index, or the meaning model's input): its
// sorted keys and, per field, each key's ascending ordinals, in key order: what a PostingIndex holds,
// so the next build reads it with one file read and no inversion. An incremental build patches it:
// the lists are copied with each kept skill's old ordinal mapped to its new one (the mapping keeps
// their order: both orders are by key), the changed and deleted skills' ordinals left out and the
// freshly analysed skills' merged in. Keys no list holds any more are dropped, as a full build never
// has them, so the patched index is the one a full build collects.
import { open, rm } from "node:fs/promises";
import { concatU32 } from "../concat-u32.js";
import { indexOfSorted, lowerBound } from "../lower-bound.js";
import { type CollectedPart, type ListLookup, PostingIndex } from "../search-index/collect-postings.js";

/** Lists of field f: key i's ordinals are fields[f].ordinals[start[i] .. start[i + 1]), keys sorted. */
export interface StoredIndex {
  keys: readonly string[];
  fields: { start: Uint32Array; ordinals: Uint32Array }[];
}

/** The stored form of `index`: its lists gathered into sorted key order (no copy when already in it). */
export function storedOf(index: PostingIndex): StoredIndex {
  const { keys, keyOrder, fields } = index.snapshot();
  let sorted = true;
  for (let i = 0; i < keyOrder.length && sorted; i++) sorted = keyOrder[i] === i;
  if (sorted) return { keys, fields: fields.map(({ start, ordinals }) => ({ start, ordinals })) };
  return {
    keys,
    fields: fields.map(({ start: byId, ordinals }) => {
      const start = new Uint32Array(keys.length + 1);
      const out = new Uint32Array(ordinals.length);
      for (let i = 0; i < keys.length; i++) {
        const id = keyOrder[i]!;
        out.set(ordinals.subarray(byId[id]!, byId[id + 1]!), start[i]!);
        start[i + 1] = start[i]! + byId[id + 1]! - byId[id]!;
      }
      return { start, ordinals: out };
    }),
  };
}

/** The PostingIndex of a stored index (its key ids are the sorted positions). */
export function indexOf(stored: StoredIndex): PostingIndex {
  const order = new Uint32Array(stored.keys.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  return new PostingIndex(stored.keys, order, stored.fields);
}

/** Whether two stored indexes hold the same keys and lists. */
export function sameIndex(a: StoredIndex, b: StoredIndex): boolean {
  if (a.keys.length !== b.keys.length || a.fields.length !== b.fields.length) return false;
  for (let i = 0; i < a.keys.length; i++) if (a.keys[i] !== b.keys[i]) return false;
  const bytes = (v: Uint32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);
  return a.fields.every(
    (f, n) => bytes(f.start).equals(bytes(b.fields[n]!.start)) && bytes(f.ordinals).equals(bytes(b.fields[n]!.ordinals)),
  );
}

/** patchIndex's arguments but the old index: where each old row went, the fresh rows' part and where each went. */
export interface IndexPatch {
  oldTo: Int32Array;
  fresh: CollectedPart | null;
  freshTo: Uint32Array;
}

/**
 * The index of the new sequence: `oldTo[r]` is the new ordinal of old row r (-1: changed or gone),
 * `freshTo[j]` the new ordinal of the fresh part's row j (ascending). Both mappings keep order.
 */
export function patchIndex(old: StoredIndex, oldTo: Int32Array, fresh: CollectedPart | null, freshTo: Uint32Array): StoredIndex {
  const freshKeys = fresh?.keys ?? [];
  // Fresh keys the old table lacks, sorted, merged with the old ones into one sorted table.
  const freshAt = new Int32Array(freshKeys.length);
  const added: number[] = [];
  freshKeys.forEach((key, j) => {
    freshAt[j] = indexOfSorted(old.keys, key);
    if (freshAt[j] === -1) added.push(j);
  });
  added.sort((a, b) => (freshKeys[a]! < freshKeys[b]! ? -1 : 1));
  const total = old.keys.length + added.length;
  // For each merged position, the old key it is (>= 0) or -1 - the added one.
  const from = new Int32Array(total);
  const merged: string[] = new Array(total);
  const freshTo2 = new Uint32Array(freshKeys.length);
  const oldPos = new Uint32Array(old.keys.length);
  for (let i = 0, a = 0, out = 0; out < total; out++) {
    if (a < added.length && (i >= old.keys.length || freshKeys[added[a]!]! < old.keys[i]!)) {
      merged[out] = freshKeys[added[a]!]!;
      freshTo2[added[a]!] = out;
      from[out] = -1 - a++;
    } else {
      merged[out] = old.keys[i]!;
      oldPos[i] = out;
      from[out] = i++;
    }
  }
  freshKeys.forEach((_, j) => {
    if (freshAt[j]! >= 0) freshTo2[j] = oldPos[freshAt[j]!]!;
  });

  const used = new Uint8Array(total);
  const fields = old.fields.map(({ start: os, ordinals: oo }, f) => {
    // The fresh rows inverted: per merged key, the new ordinals of the fresh rows that hold it (ascending).
    const fs = new Uint32Array(total + 1);
    const part = fresh?.fields[f];
    const log = part ? concatU32(part.log) : new Uint32Array(0);
    for (let p = 0; p < log.length; p++) fs[freshTo2[log[p]!]! + 1]!++;
    for (let m = 0; m < total; m++) fs[m + 1]! += fs[m]!;
    const fo = new Uint32Array(log.length);
    if (part) {
      const fill = fs.slice(0, total);
      for (let j = 0, p = 0; j < part.ends.length; j++) for (; p < part.ends[j]!; p++) fo[fill[freshTo2[log[p]!]!]!++] = freshTo[j]!;
    }
    const start = new Uint32Array(total + 1);
    const ordinals = new Uint32Array(oo.length + fo.length);
    let at = 0;
    for (let m = 0; m < total; m++) {
      const i = from[m]!;
      let p = i >= 0 ? os[i]! : 0;
      const pEnd = i >= 0 ? os[i + 1]! : 0;
      let q = fs[m]!;
      const qEnd = fs[m + 1]!;
      if (q === qEnd) {
        // Most keys no fresh row holds: the kept old ordinals, mapped.
        for (; p < pEnd; p++) {
          const to = oldTo[oo[p]!]!;
          if (to >= 0) ordinals[at++] = to;
        }
        start[m + 1] = at;
        if (at > start[m]!) used[m] = 1;
        continue;
      }
      // Two ascending runs merged: the kept old ordinals (mapped) and the fresh ones.
      let next = -1;
      while (p < pEnd) {
        next = oldTo[oo[p]!]!;
        if (next >= 0) break;
        p++;
      }
      while (p < pEnd || q < qEnd) {
        if (p < pEnd && (q >= qEnd || next < fo[q]!)) {
          ordinals[at++] = next;
          for (p++; p < pEnd; p++) {
            next = oldTo[oo[p]!]!;
            if (next >= 0) break;
          }
        } else ordinals[at++] = fo[q++]!;
      }
      start[m + 1] = at;
      if (at > start[m]!) used[m] = 1;
    }
    return { start, ordinals: ordinals.subarray(0, at) };
  });
  // Keys held by no list any more are dropped: only the start arrays change (their runs are empty).
  let kept = 0;
  for (let m = 0; m < total; m++) kept += used[m]!;
  if (kept === total) return { keys: merged, fields };
  const keys: string[] = [];
  const compact = fields.map(() => new Uint32Array(kept + 1));
  for (let m = 0; m < total; m++) {
    if (!used[m]) continue;
    keys.push(merged[m]!);
    fields.forEach((field, f) => {
      compact[f]![keys.length] = field.start[m + 1]!;
    });
  }
  return { keys, fields: fields.map((field, f) => ({ start: compact[f]!, ordinals: field.ordinals })) };
}

const MAGIC = 0x32584449; // "IDX2"

/** An index as writeStored takes it: a StoredIndex, or a PostingIndex's snapshot, whose lists are by key id (`keyOrder[i]`: the id of sorted key i). */
export interface WritableIndex {
  keys: readonly string[];
  fields: readonly { start: Uint32Array; ordinals: Uint32Array }[];
  keyOrder?: Uint32Array;
}

/**
 * Writes `index` to `file`: a header of u32s (magic, fields, keys, UTF-16 units of all keys, then each
 * field's list length), each key's length in UTF-16 units, the keys as UTF-16 (exact for any string),
 * padded to 4 bytes, then each field's start and ordinals arrays, in sorted key order. A snapshot's
 * lists are gathered into that order `chunk` ordinals at a time as they are written, never copied
 * whole: at 1M skills a whole copy was gigabytes beside the index, the build's peak.
 */
export async function writeStored(file: string, index: WritableIndex, chunk = 1 << 22): Promise<void> {
  const { keys } = index;
  // Lists by key id are gathered only when the ids are not the sorted positions already.
  const keyOrder = index.keyOrder && !isIdentity(index.keyOrder) ? index.keyOrder : undefined;
  const lengths = Uint32Array.from(keys, (k) => k.length);
  const text = Buffer.from(keys.join(""), "utf16le");
  const head = Uint32Array.from([MAGIC, index.fields.length, keys.length, text.length / 2, ...index.fields.map((f) => f.ordinals.length)]);
  const pad = Buffer.alloc((4 - (text.length % 4)) % 4);
  const bytes = (v: Uint32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);
  const handle = await open(file, "w");
  try {
    await handle.writev([bytes(head), bytes(lengths), text, pad]);
    for (const field of index.fields) {
      if (!keyOrder) {
        await handle.writev([bytes(field.start), bytes(field.ordinals)]);
        continue;
      }
      const { start: byId, ordinals } = field;
      const start = new Uint32Array(keys.length + 1);
      for (let i = 0; i < keys.length; i++) {
        const id = keyOrder[i]!;
        start[i + 1] = start[i]! + byId[id + 1]! - byId[id]!;
      }
      await handle.write(bytes(start));
      const buffer = new Uint32Array(Math.min(chunk, ordinals.length));
      let used = 0;
      for (let i = 0; i < keys.length; i++) {
        const id = keyOrder[i]!;
        let list = ordinals.subarray(byId[id]!, byId[id + 1]!);
        while (list.length > 0) {
          const n = Math.min(list.length, buffer.length - used);
          buffer.set(list.subarray(0, n), used);
          used += n;
          list = list.subarray(n);
          if (used === buffer.length) {
            await handle.write(bytes(buffer));
            used = 0;
          }
        }
      }
      if (used > 0) await handle.write(bytes(buffer.subarray(0, used)));
    }
  } finally {
    await handle.close();
  }
}

function isIdentity(order: Uint32Array): boolean {
  for (let i = 0; i < order.length; i++) if (order[i] !== i) return false;
  return true;
}

/** Replaces the build cache's `file` with `index`: the old file goes first, so a failure leaves none (the cache then says it is damaged). */
export async function replaceStored(file: string, index: PostingIndex): Promise<void> {
  await rm(file, { force: true });
  await writeStored(file, index.snapshot());
}

/** Bytes a read of readWholeFile asks for at most: one read may not pass 2 GiB. */
const READ_CHUNK = 1 << 30;

/**
 * A file's bytes, read `chunk` at a time into one buffer: readFile refuses a file over 2 GiB, and
 * the term index at 1M skills is 2.5 GB (every incremental build at 1M ran in full for it).
 */
export async function readWholeFile(file: string, chunk = READ_CHUNK): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    const buffer = Buffer.allocUnsafe(size);
    for (let at = 0; at < size; ) {
      const { bytesRead } = await handle.read(buffer, at, Math.min(chunk, size - at), at);
      if (bytesRead === 0) throw new Error(`${file}: ended at byte ${at} of ${size}`);
      at += bytesRead;
    }
    return buffer;
  } finally {
    await handle.close();
  }
}

/** Reads what writeStored wrote, with `rows` ordinals; throws on anything malformed or truncated. */
export async function readStored(file: string, rows: number): Promise<StoredIndex> {
  let buffer = await readWholeFile(file);
  // Views need 4-byte alignment: a large file's buffer is its own, so this copy is rare.
  if (buffer.byteOffset % 4 !== 0) buffer = Buffer.from(buffer);
  let at = 0;
  const take = (n: number) => {
    if (at + 4 * n > buffer.length) throw new Error(`${file}: truncated`);
    const out = new Uint32Array(buffer.buffer, buffer.byteOffset + at, n);
    at += 4 * n;
    return out;
  };
  const [magic, fieldCount, keyCount, units] = take(4);
  if (magic !== MAGIC) throw new Error(`${file}: not an index file`);
  const counts = take(fieldCount!);
  const lengths = take(keyCount!);
  if (at + 2 * units! > buffer.length) throw new Error(`${file}: truncated`);
  const text = buffer.toString("utf16le", at, at + 2 * units!);
  at += 2 * units! + ((4 - ((2 * units!) % 4)) % 4);
  const keys: string[] = new Array(keyCount!);
  let c = 0;
  for (let i = 0; i < keyCount!; i++) {
    keys[i] = text.slice(c, (c += lengths[i]!));
    if (i > 0 && !(keys[i - 1]! < keys[i]!)) throw new Error(`${file}: keys not in order`);
  }
  if (c !== units) throw new Error(`${file}: key lengths do not add up`);
  const fields = [...counts].map((n) => ({ start: take(keyCount! + 1), ordinals: take(n) }));
  if (at !== buffer.length) throw new Error(`${file}: ${buffer.length - at} bytes too many`);
  for (const { start, ordinals } of fields) {
    if (start[0] !== 0 || start[keyCount!] !== ordinals.length) throw new Error(`${file}: lists do not add up`);
    for (let i = 0; i < keyCount!; i++) if (start[i]! > start[i + 1]!) throw new Error(`${file}: lists do not add up`);
    for (let p = 0; p < ordinals.length; p++) if (ordinals[p]! >= rows) throw new Error(`${file}: an ordinal past ${rows}`);
  }
  return { keys, fields };
}

/**
 * The keys whose lists differ between two stored indexes of the same fields: added, removed, or any
 * list changed; sorted. An incremental build rewrites only the index shards where these land.
 */
export function changedKeys(a: StoredIndex, b: StoredIndex): string[] {
  const out: string[] = [];
  const sameLists = (i: number, j: number) =>
    a.fields.every(({ start, ordinals }, f) => {
      const other = b.fields[f]!;
      const from = start[i]!;
      const length = start[i + 1]! - from;
      const at = other.start[j]!;
      if (other.start[j + 1]! - at !== length) return false;
      for (let k = 0; k < length; k++) if (ordinals[from + k] !== other.ordinals[at + k]) return false;
      return true;
    });
  let i = 0;
  let j = 0;
  while (i < a.keys.length || j < b.keys.length) {
    const x = a.keys[i];
    const y = b.keys[j];
    if (y === undefined || (x !== undefined && x < y)) {
      out.push(x!);
      i++;
    } else if (x === undefined || y < x) {
      out.push(y);
      j++;
    } else {
      if (!sameLists(i, j)) out.push(x);
      i++;
      j++;
    }
  }
  return out;
}

/**
 * The lists of `keys` (sorted) in `index`, copied out of it (a key it lacks is left out), so that
 * nothing of `index` is kept by them.
 */
export function subIndex(index: StoredIndex, keys: readonly string[]): StoredIndex {
  const at: number[] = [];
  let i = 0;
  for (const key of keys) {
    i = lowerBound(index.keys, key, i);
    if (index.keys[i] === key) at.push(i);
  }
  return {
    keys: at.map((k) => index.keys[k]!),
    fields: index.fields.map(({ start, ordinals }) => {
      const out = {
        start: new Uint32Array(at.length + 1),
        ordinals: new Uint32Array(at.reduce((n, k) => n + start[k + 1]! - start[k]!, 0)),
      };
      at.forEach((k, j) => {
        out.ordinals.set(ordinals.subarray(start[k]!, start[k + 1]!), out.start[j]!);
        out.start[j + 1] = out.start[j]! + start[k + 1]! - start[k]!;
      });
      return out;
    }),
  };
}

/**
 * The previous build's lists, from this build's index and the previous lists of the keys whose lists
 * changed (changedKeys, sorted; subIndex): any other key has the same lists in both. The previous
 * index itself can then be let go: at 1M skills it is 2.5 GB, and it was held beside this build's
 * until the suggestions were written.
 */
export function previousLists(now: PostingIndex, changed: readonly string[], previous: StoredIndex): ListLookup {
  const before = indexOf(previous);
  return {
    fieldCount: now.fieldCount,
    listOf: (key, field) => (indexOfSorted(changed, key) >= 0 ? before.listOf(key, field) : now.listOf(key, field)),
  };
}
