// The build cache's copy of a posting index (the term index, or the meaning model's input): its
// sorted keys and, per field, each key's ascending ordinals, in key order: what a PostingIndex holds,
// so the next build reads it with one file read and no inversion, or checks it and reads it again as
// it patches it (openStored; index-patch.ts).
import { closeSync, openSync, readSync } from "node:fs";
import { open, rm } from "node:fs/promises";
import { indexOfSorted } from "../lower-bound.js";
import { type ListLookup, PostingIndex } from "../search-index/collect-postings.js";

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

/** What the file of a stored index holds before its ordinals, read and checked: the keys and start arrays, and where each field's ordinals lie. */
interface StoredLayout {
  keys: string[];
  starts: Uint32Array[];
  counts: Uint32Array;
  /** The byte offset of each field's ordinals. */
  ordinalsAt: number[];
}

/**
 * Reads and checks the layout of a stored index file of `size` bytes through `readAt` (exactly
 * `bytes` bytes from `at`, in a buffer of their own or 4-byte aligned); throws on anything malformed
 * or truncated. The ordinals are left to the caller.
 */
async function readLayout(file: string, size: number, readAt: (at: number, bytes: number) => Promise<Uint8Array>): Promise<StoredLayout> {
  let at = 0;
  const take = async (n: number) => {
    if (at + 4 * n > size) throw new Error(`${file}: truncated`);
    const bytes = await readAt(at, 4 * n);
    at += 4 * n;
    return new Uint32Array(bytes.buffer, bytes.byteOffset, n);
  };
  const [magic, fieldCount, keyCount, units] = await take(4);
  if (magic !== MAGIC) throw new Error(`${file}: not an index file`);
  const counts = await take(fieldCount!);
  const lengths = await take(keyCount!);
  if (at + 2 * units! > size) throw new Error(`${file}: truncated`);
  const textBytes = await readAt(at, 2 * units!);
  const text = Buffer.from(textBytes.buffer, textBytes.byteOffset, textBytes.byteLength).toString("utf16le");
  at += 2 * units! + ((4 - ((2 * units!) % 4)) % 4);
  const keys: string[] = new Array(keyCount!);
  let c = 0;
  for (let i = 0; i < keyCount!; i++) {
    keys[i] = text.slice(c, (c += lengths[i]!));
    if (i > 0 && !(keys[i - 1]! < keys[i]!)) throw new Error(`${file}: keys not in order`);
  }
  if (c !== units) throw new Error(`${file}: key lengths do not add up`);
  const starts: Uint32Array[] = [];
  const ordinalsAt: number[] = [];
  for (const n of counts) {
    starts.push(await take(keyCount! + 1));
    if (at + 4 * n > size) throw new Error(`${file}: truncated`);
    ordinalsAt.push(at);
    at += 4 * n;
  }
  if (at !== size) throw new Error(`${file}: ${size - at} bytes too many`);
  starts.forEach((start, f) => {
    if (start[0] !== 0 || start[keyCount!] !== counts[f]) throw new Error(`${file}: lists do not add up`);
    for (let i = 0; i < keyCount!; i++) if (start[i]! > start[i + 1]!) throw new Error(`${file}: lists do not add up`);
  });
  return { keys, starts, counts, ordinalsAt };
}

function checkOrdinals(file: string, ordinals: Uint32Array, rows: number): void {
  for (let p = 0; p < ordinals.length; p++) if (ordinals[p]! >= rows) throw new Error(`${file}: an ordinal past ${rows}`);
}

/** Reads what writeStored wrote, with `rows` ordinals; throws on anything malformed or truncated. */
export async function readStored(file: string, rows: number): Promise<StoredIndex> {
  let buffer = await readWholeFile(file);
  // Views need 4-byte alignment: a large file's buffer is its own, so this copy is rare.
  if (buffer.byteOffset % 4 !== 0) buffer = Buffer.from(buffer);
  const layout = await readLayout(file, buffer.length, async (at, bytes) => buffer.subarray(at, at + bytes));
  const fields = layout.starts.map((start, f) => ({
    start,
    ordinals: new Uint32Array(buffer.buffer, buffer.byteOffset + layout.ordinalsAt[f]!, layout.counts[f]!),
  }));
  for (const { ordinals } of fields) checkOrdinals(file, ordinals, rows);
  return { keys: layout.keys, fields };
}

/**
 * A stored index checked in its file but not held (openStored): its keys and start arrays, and per
 * field a window over its ordinals. It reads the file synchronously, in order: for a patch in a thread
 * of its own (index-patch.ts patchStoredFile), which opens the file for it (`open`) and closes it after.
 */
export interface StoredFile {
  /** The file, and the ordinals its lists were checked against. */
  file: string;
  rows: number;
  keys: readonly string[];
  fields: readonly { start: Uint32Array; count: number; window: OrdinalWindow }[];
  /** Opens the file for the reads; returns the function that closes it. */
  open(): () => void;
}

/**
 * A field's ordinals read a window at a time: `hold(from, to)` makes `buffer` hold ordinals
 * [from, to) and says where the first is in it. No view is made per list: a patch asks for millions.
 */
export interface OrdinalWindow {
  buffer: Uint32Array;
  hold(from: number, to: number): number;
}

/** Ordinals a StoredFile's field reads at once (16 MB), more when one list is longer. */
const WINDOW = 1 << 22;

/**
 * Checks what writeStored wrote, with `rows` ordinals, a window at a time, and keeps only its keys and
 * start arrays (StoredFile); throws on anything malformed or truncated. At 1M skills the term index's
 * ordinals are 2.4 GB: read whole, they were held beside their patched copy.
 */
export async function openStored(file: string, rows: number, window = WINDOW): Promise<StoredFile> {
  const handle = await open(file, "r");
  let layout: StoredLayout;
  try {
    const readInto = async (target: Uint8Array, at: number) => {
      for (let got = 0; got < target.length; ) {
        const { bytesRead } = await handle.read(target, got, Math.min(READ_CHUNK, target.length - got), at + got);
        if (bytesRead === 0) throw new Error(`${file}: truncated`);
        got += bytesRead;
      }
      return target;
    };
    layout = await readLayout(file, (await handle.stat()).size, (at, bytes) => readInto(new Uint8Array(bytes), at));
    // One buffer for every window checked.
    const held = new Uint32Array(Math.min(window, Math.max(0, ...layout.counts)));
    for (const [f, count] of layout.counts.entries())
      for (let from = 0; from < count; from += window) {
        const n = Math.min(window, count - from);
        await readInto(new Uint8Array(held.buffer, 0, 4 * n), layout.ordinalsAt[f]! + 4 * from);
        checkOrdinals(file, held.subarray(0, n), rows);
      }
  } finally {
    await handle.close();
  }
  let fd = -1;
  return {
    file,
    rows,
    keys: layout.keys,
    fields: layout.starts.map((start, f) => ({
      start,
      count: layout.counts[f]!,
      window: ordinalWindow(() => fd, file, layout.ordinalsAt[f]!, layout.counts[f]!, window),
    })),
    open() {
      fd = openSync(file, "r");
      return () => closeSync(fd);
    },
  };
}

/** A window over the `count` ordinals of a field at byte `offset` of the file open as `fd()`. */
function ordinalWindow(fd: () => number, file: string, offset: number, count: number, window: number): OrdinalWindow {
  let first = 0;
  let end = 0;
  const held: OrdinalWindow = {
    buffer: new Uint32Array(Math.min(window, count)),
    hold(from, to) {
      if (from >= first && to <= end) return from - first;
      if (to - from > held.buffer.length) held.buffer = new Uint32Array(to - from);
      const n = Math.min(held.buffer.length, count - from);
      const bytes = new Uint8Array(held.buffer.buffer, 0, 4 * n);
      for (let got = 0; got < bytes.length; ) {
        const read = readSync(fd(), bytes, got, bytes.length - got, offset + 4 * from + got);
        if (read === 0) throw new Error(`${file}: truncated since it was checked`);
        got += read;
      }
      first = from;
      end = from + n;
      return 0;
    },
  };
  return held;
}

/**
 * The previous build's lists, from this build's index and the previous lists of the keys whose lists
 * changed (sorted) and those lists (index-patch.ts PatchedIndex): any other key has the same lists in both. The previous
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
