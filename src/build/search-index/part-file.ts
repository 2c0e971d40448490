// A collector's part (collect-postings.ts CollectedPart) on disk. A first-pass worker writes its
// parts here instead of posting them, so the main thread never holds them beside the slim records:
// the build reads the meaning part after the records are gone, and the search part after the
// meaning model is done (at 1M skills each is 1-2 GB). Format: magic, header length, a JSON header
// (first ordinal, count, keys, each field's log length), 4-byte padding, then per field its log
// and its ends as little-endian u32 (the machine's order: a file never leaves the build).
import { closeSync, openSync, writeSync } from "node:fs";
import { open } from "node:fs/promises";
import type { CollectedPart } from "./collect-postings.js";

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

/** Reads what writePart wrote: each field's log as one chunk. */
export async function readPart(file: string): Promise<CollectedPart> {
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
    const take = async (n: number) => {
      const out = new Uint32Array(n);
      await io(handle, asBytes(out), at, false);
      at += out.byteLength;
      return out;
    };
    const fields: CollectedPart["fields"] = [];
    for (const n of header.lengths) {
      const log = await take(n);
      fields.push({ log: [log], ends: await take(header.count) });
    }
    return { first: header.first, count: header.count, keys: header.keys, fields };
  } finally {
    await handle.close();
  }
}
