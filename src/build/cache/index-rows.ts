// A posting index turned back into rows (each skill's, or each SKILL.md file's, sorted key
// positions per field), as the build cache keeps it: an incremental build copies the rows of the
// unchanged skills, adds the freshly analysed ones, and inverts the whole again, so no unchanged
// text is analysed twice and the index is the one a full build makes.
import { open, readFile } from "node:fs/promises";
import { type CollectedPart, PostingIndex } from "../search-index/collect-postings.js";

/** Rows of key positions: row r of field f holds values[start[r] .. start[r + 1]), ascending positions in `keys`. */
export interface IndexRows {
  /** Every key, sorted (JavaScript string order). */
  keys: readonly string[];
  rows: number;
  fields: { start: Uint32Array; values: Uint32Array }[];
}

/** The rows of `index` over `rows` ordinals (every list's ordinals are below it). */
export function rowsOf(index: PostingIndex, rows: number): IndexRows {
  const { keys, fields } = index.snapshot();
  return { keys, rows, fields: fields.map((_, f) => fieldRows(index, f, rows)) };
}

/** One field of rowsOf. */
function fieldRows(index: PostingIndex, f: number, rows: number): { start: Uint32Array; values: Uint32Array } {
  const { keyOrder, fields } = index.snapshot();
  const { start: byId, ordinals } = fields[f]!;
  const start = new Uint32Array(rows + 1);
  for (let p = 0; p < ordinals.length; p++) start[ordinals[p]! + 1]!++;
  for (let r = 0; r < rows; r++) start[r + 1]! += start[r]!;
  const fill = start.slice(0, rows);
  const values = new Uint32Array(ordinals.length);
  // Keys in sorted order, so each row's positions come out ascending.
  for (let i = 0; i < keyOrder.length; i++) {
    const id = keyOrder[i]!;
    for (let p = byId[id]!; p < byId[id + 1]!; p++) values[fill[ordinals[p]!]!++] = i;
  }
  return { start, values };
}

/** The rows of a first-pass collector's part (local key ids, rows in collection order). */
function partRows(part: CollectedPart): { keys: readonly string[]; fields: { start: Uint32Array; values: Uint32Array }[] } {
  return {
    keys: part.keys,
    fields: part.fields.map(({ log, ends }) => {
      const total = log.reduce((n, c) => n + c.length, 0);
      const values = new Uint32Array(total);
      let at = 0;
      for (const chunk of log) {
        values.set(chunk, at);
        at += chunk.length;
      }
      const start = new Uint32Array(ends.length + 1);
      start.set(ends, 1);
      return { start, values };
    }),
  };
}

/** Index of `key` in sorted `keys`, or -1. */
function find(keys: readonly string[], key: string): number {
  let lo = 0;
  let hi = keys.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const k = keys[mid]!;
    if (k === key) return mid;
    if (k < key) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * The posting index of a new ordering of rows: `sources[r]` >= 0 takes row `sources[r]` of `old`,
 * -1 - j takes row j of `fresh`. Keys no row holds any more are dropped, as a full build never has them.
 */
export function mergeRows(old: IndexRows, fresh: CollectedPart | null, sources: Int32Array, fieldCount: number): PostingIndex {
  const f2 = fresh ? partRows(fresh) : { keys: [] as string[], fields: [] };
  // Fresh keys the old table lacks, sorted, then merged with the old ones into one sorted table.
  const freshAt = new Int32Array(f2.keys.length);
  const added: number[] = [];
  f2.keys.forEach((key, j) => {
    freshAt[j] = find(old.keys, key);
    if (freshAt[j] === -1) added.push(j);
  });
  added.sort((a, b) => (f2.keys[a]! < f2.keys[b]! ? -1 : 1));
  const total = old.keys.length + added.length;
  const oldTo = new Uint32Array(old.keys.length);
  const addedTo = new Uint32Array(added.length);
  const merged: string[] = new Array(total);
  for (let i = 0, a = 0, out = 0; out < total; out++) {
    if (a < added.length && (i >= old.keys.length || f2.keys[added[a]!]! < old.keys[i]!)) {
      merged[out] = f2.keys[added[a]!]!;
      addedTo[a++] = out;
    } else {
      merged[out] = old.keys[i]!;
      oldTo[i++] = out;
    }
  }
  const freshTo = new Uint32Array(f2.keys.length);
  f2.keys.forEach((_, j) => (freshTo[j] = freshAt[j]! >= 0 ? oldTo[freshAt[j]!]! : 0));
  added.forEach((j, a) => (freshTo[j] = addedTo[a]!));

  const used = new Uint8Array(total);
  const logs: { log: Uint32Array; ends: Uint32Array }[] = [];
  for (let f = 0; f < fieldCount; f++) {
    const o = old.fields[f];
    const n = f2.fields[f];
    let size = 0;
    for (let r = 0; r < sources.length; r++) {
      const s = sources[r]!;
      size += s >= 0 ? o!.start[s + 1]! - o!.start[s]! : n!.start[-s]! - n!.start[-s - 1]!;
    }
    const log = new Uint32Array(size);
    const ends = new Uint32Array(sources.length);
    let at = 0;
    for (let r = 0; r < sources.length; r++) {
      const s = sources[r]!;
      if (s >= 0) for (let p = o!.start[s]!; p < o!.start[s + 1]!; p++) used[(log[at++] = oldTo[o!.values[p]!]!)] = 1;
      else for (let p = n!.start[-s - 1]!; p < n!.start[-s]!; p++) used[(log[at++] = freshTo[n!.values[p]!]!)] = 1;
      ends[r] = at;
    }
    logs.push({ log, ends });
  }
  const compact = new Uint32Array(total);
  const keys: string[] = [];
  for (let k = 0; k < total; k++) if (used[k]) compact[k] = keys.push(merged[k]!) - 1;
  for (const { log } of logs) for (let p = 0; p < log.length; p++) log[p] = compact[log[p]!]!;
  return PostingIndex.fromParts([{ first: 0, count: sources.length, keys, fields: logs.map(({ log, ends }) => ({ log: [log], ends })) }]);
}

const MAGIC = 0x31524950; // "PIR1"

/** Writes `rows` to `file`: a JSON header (keys, row count, lengths), then each field's u32 arrays. */
export async function writeRows(file: string, rows: IndexRows): Promise<void> {
  const lengths = rows.fields.map((f) => f.values.length);
  await writeRowFields(file, rows.keys, rows.rows, lengths, (f) => rows.fields[f]!);
}

/**
 * Writes the rows of `index` as writeRows does, one field at a time: only one field's rows are
 * made at once (at 1M skills a field's are hundreds of MB), each let go once written.
 */
export async function writeIndexRows(file: string, index: PostingIndex, rows: number): Promise<void> {
  // A field's value count is its posting count, known before its rows are made.
  const lengths = index.snapshot().fields.map((f) => f.ordinals.length);
  await writeRowFields(file, index.keys, rows, lengths, (f) => fieldRows(index, f, rows));
}

async function writeRowFields(
  file: string,
  keys: readonly string[],
  rows: number,
  lengths: readonly number[],
  field: (f: number) => { start: Uint32Array; values: Uint32Array },
): Promise<void> {
  const header = Buffer.from(JSON.stringify({ rows, keys, values: lengths }), "utf8");
  const pad = (4 - ((8 + header.length) % 4)) % 4;
  const head = Buffer.alloc(8 + header.length + pad);
  head.writeUInt32LE(MAGIC, 0);
  head.writeUInt32LE(header.length, 4);
  header.copy(head, 8);
  const handle = await open(file, "w");
  try {
    await handle.write(head);
    for (let f = 0; f < lengths.length; f++) {
      const { start, values } = field(f);
      await handle.write(Buffer.from(start.buffer, start.byteOffset, start.byteLength));
      await handle.write(Buffer.from(values.buffer, values.byteOffset, values.byteLength));
    }
  } finally {
    await handle.close();
  }
}

/** Reads what writeRows wrote; throws on anything malformed or truncated. */
export async function readRows(file: string): Promise<IndexRows> {
  const bytes = await readFile(file);
  if (bytes.length < 8 || bytes.readUInt32LE(0) !== MAGIC) throw new Error(`${file}: not an index rows file`);
  const length = bytes.readUInt32LE(4);
  const header = JSON.parse(bytes.subarray(8, 8 + length).toString("utf8")) as { rows: number; keys: string[]; values: number[] };
  let at = 8 + length + ((4 - ((8 + length) % 4)) % 4);
  const take = (n: number) => {
    if (at + 4 * n > bytes.length) throw new Error(`${file}: truncated`);
    // A copy, aligned: the file's buffer may start anywhere.
    const out = new Uint32Array(n);
    Buffer.from(out.buffer).set(bytes.subarray(at, at + 4 * n));
    at += 4 * n;
    return out;
  };
  const fields = header.values.map((n) => ({ start: take(header.rows + 1), values: take(n) }));
  if (at !== bytes.length) throw new Error(`${file}: ${bytes.length - at} bytes too many`);
  for (const { start, values } of fields)
    if (start[header.rows] !== values.length) throw new Error(`${file}: rows do not add up to the values`);
  return { keys: header.keys, rows: header.rows, fields };
}
