// A collector's part (collect-postings.ts CollectedPart) on disk. A first-pass worker writes its
// parts here instead of posting them, so the main thread never holds them beside the slim records:
// the build reads the meaning part after the records are gone, and the search part after the
// meaning model is done (at 1M skills each is 1-2 GB). Format: magic, header length, a JSON header
// (first ordinal, count, keys, each field's log length), 4-byte padding, then per field its log
// and its ends as little-endian u32 (the machine's order: a file never leaves the build).
import { closeSync, openSync, writeSync } from "node:fs";
import { open } from "node:fs/promises";
import type { CollectedField, CollectedPart } from "./collect-postings.js";

const MAGIC = 0x31545050; // "PPT1"
/** Bytes read or written per call: one call may not move more than 2 GB. */
const STEP = 1 << 28;

async function io(handle: Awaited<ReturnType<typeof open>>, bytes: Uint8Array, position: number, write: boolean): Promise<void> {
  for (let done = 0; done < bytes.length; ) {
    const n = Math.min(STEP, bytes.length - done);
    const view = bytes.subarray(done, done + n);
    const { bytesWritten, bytesRead } = write
      ? { bytesWritten: (await handle.write(view, 0, n, position + done)).bytesWritten, bytesRead: 0 }
      : { bytesWritten: 0, bytesRead: (await handle.read(view, 0, n, position + done)).bytesRead };
    const moved = write ? bytesWritten : bytesRead;
    if (moved === 0) throw new Error("part file truncated");
    done += moved;
  }
}

const asBytes = (a: Uint32Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/** The magic, the JSON header and the padding that put the logs on a 4-byte boundary. */
function headOf(part: CollectedPart): Buffer {
  const lengths = part.fields.map((f) => f.log.reduce((n, c) => n + c.length, 0));
  const header = Buffer.from(JSON.stringify({ first: part.first, count: part.count, keys: part.keys, lengths }), "utf8");
  const head = Buffer.alloc(8 + header.length + ((4 - ((8 + header.length) % 4)) % 4));
  head.writeUInt32LE(MAGIC, 0);
  head.writeUInt32LE(header.length, 4);
  header.copy(head, 8);
  return head;
}

/** Writes `part` to `file`; the part's logs are emptied as they are written. */
export async function writePart(file: string, part: CollectedPart): Promise<void> {
  const head = headOf(part);
  const handle = await open(file, "w");
  try {
    let at = 0;
    await io(handle, head, at, true);
    at += head.length;
    for (const field of part.fields) {
      for (const chunk of field.log) {
        await io(handle, asBytes(chunk), at, true);
        at += chunk.byteLength;
      }
      field.log = [];
      await io(handle, asBytes(field.ends), at, true);
      at += field.ends.byteLength;
    }
  } finally {
    await handle.close();
  }
}

/**
 * writePart, blocking: for a first-pass worker that writes a run in the middle of its line loop
 * (stream-pass.ts), where nothing else waits on its thread.
 */
export function writePartSync(file: string, part: CollectedPart): void {
  const fd = openSync(file, "w");
  try {
    const all = (bytes: Uint8Array) => {
      for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, Math.min(STEP, bytes.length - done));
    };
    all(headOf(part));
    for (const field of part.fields) {
      for (const chunk of field.log) all(asBytes(chunk));
      field.log = [];
      all(asBytes(field.ends));
    }
  } finally {
    closeSync(fd);
  }
}

/** A part file's header, and where each field's log and ends lie in it (bytes from the start). */
export interface PartLayout {
  first: number;
  count: number;
  keys: string[];
  fields: { log: number; length: number; ends: number }[];
}

/** Reads the header of a part file that writePart wrote. */
export async function readPartLayout(file: string): Promise<PartLayout> {
  const handle = await open(file, "r");
  try {
    const start = Buffer.alloc(8);
    await io(handle, start, 0, false);
    if (start.readUInt32LE(0) !== MAGIC) throw new Error(`${file}: not a postings part`);
    const length = start.readUInt32LE(4);
    const text = Buffer.alloc(length);
    await io(handle, text, 8, false);
    const header = JSON.parse(text.toString("utf8")) as { first: number; count: number; keys: string[]; lengths: number[] };
    let at = 8 + length + ((4 - ((8 + length) % 4)) % 4);
    const fields = header.lengths.map((n) => {
      const field = { log: at, length: n, ends: at + 4 * n };
      at = field.ends + 4 * header.count;
      return field;
    });
    return { first: header.first, count: header.count, keys: header.keys, fields };
  } finally {
    await handle.close();
  }
}

/**
 * Reads field `field` of a part file whose header is `layout`: its log as one chunk, and its ends.
 * With `into`, the log is read into it when it is large enough (a reader of many runs reuses one buffer).
 */
export async function readPartField(file: string, layout: PartLayout, field: number, into?: Uint32Array): Promise<CollectedField> {
  const { log, length, ends } = layout.fields[field]!;
  const handle = await open(file, "r");
  try {
    const take = async (out: Uint32Array, at: number) => {
      await io(handle, asBytes(out), at, false);
      return out;
    };
    const logInto = into && into.length >= length ? into.subarray(0, length) : new Uint32Array(length);
    return { log: [await take(logInto, log)], ends: await take(new Uint32Array(layout.count), ends) };
  } finally {
    await handle.close();
  }
}

/** Reads what writePart wrote: each field's log as one chunk. */
export async function readPart(file: string): Promise<CollectedPart> {
  const layout = await readPartLayout(file);
  const fields: CollectedField[] = [];
  for (let f = 0; f < layout.fields.length; f++) fields.push(await readPartField(file, layout, f));
  return { first: layout.first, count: layout.count, keys: layout.keys, fields };
}
