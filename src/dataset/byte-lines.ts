// skills.jsonl line by line as bytes, the one line cutter every reader of the file uses: the build's
// first pass (a byte range per worker, each line decoded on its own), the incremental build (each
// line's bytes hashed, only the lines the cache does not hold decoded), the crawl's patch and the
// smoke check. No UTF-8 sequence holds a 10 or a 13 byte, so lines are cut in the bytes; decoding a
// stream and cutting it with readline cost several times that.
import { open } from "node:fs/promises";

export interface ByteRange {
  start: number;
  /** Exclusive. */
  end: number;
}

export interface ByteLineOptions {
  /** The part of the file to read (a range of lineRanges, src/dataset/stream.ts); the whole file when absent. */
  range?: ByteRange;
  /**
   * What a "\r" is. "end": a line end, as readline takes it (with crlfDelay Infinity: "\r\n" or a
   * lone "\r"), for the full build's pass. "stop" (the default): the reading stops and the call
   * returns false, for readers that only handle "\n" and fall back (the incremental build runs in full).
   */
  carriageReturn?: "end" | "stop";
  /** Bytes read at a time; a line longer than that is still whole (tests use small ones). */
  readBytes?: number;
}

const LF = 10;
const CR = 13;

/**
 * Calls `fn` with each line's bytes (its end of line stripped; valid only during the call), its
 * 1-based number within the range and the byte offset where it starts in the file. A last line with
 * no end of line is a line; there is none after a final end of line. Returns the number of lines, or
 * false when it stopped at a "\r" (options.carriageReturn).
 */
export async function forEachByteLine(
  file: string,
  fn: (line: Buffer, lineNo: number, offset: number) => void,
  options: ByteLineOptions = {},
): Promise<number | false> {
  const handle = await open(file, "r");
  const start = options.range?.start ?? 0;
  const end = options.range?.end ?? Number.POSITIVE_INFINITY;
  const crEnds = options.carriageReturn === "end";
  let lineNo = 0;
  try {
    let buffer = Buffer.allocUnsafe(options.readBytes ?? 1 << 22);
    // Bytes of the line not yet ended, at the start of `buffer`; the file offset of buffer[0].
    let carry = 0;
    let base = start;
    // A "\r" ended the last line at the end of the bytes read: a "\n" next belongs to it.
    let afterCR = false;
    for (;;) {
      if (carry === buffer.length) {
        // A line longer than the buffer: grow it.
        const bigger = Buffer.allocUnsafe(buffer.length * 2);
        buffer.copy(bigger, 0, 0, carry);
        buffer = bigger;
      }
      const at = base + carry;
      const want = Math.min(buffer.length - carry, end - at);
      const { bytesRead } = want > 0 ? await handle.read(buffer, carry, want, at) : { bytesRead: 0 };
      const filled = carry + bytesRead;
      // Searched within what was read, not the stale bytes after it.
      const view = buffer.subarray(0, filled);
      let from = 0;
      if (afterCR && bytesRead > 0) {
        afterCR = false;
        if (view[0] === LF) from = 1;
      }
      let lf = view.indexOf(LF, from);
      let cr = view.indexOf(CR, from);
      while (lf !== -1 || cr !== -1) {
        if (cr !== -1 && !crEnds && (lf === -1 || cr < lf)) return false;
        if (cr === -1 || (lf !== -1 && lf < cr)) {
          fn(view.subarray(from, lf), ++lineNo, base + from);
          from = lf + 1;
        } else {
          fn(view.subarray(from, cr), ++lineNo, base + from);
          from = cr + 1;
          if (from === filled) afterCR = true;
          else if (view[from] === LF) from++;
        }
        if (lf !== -1 && lf < from) lf = view.indexOf(LF, from);
        if (cr !== -1 && cr < from) cr = view.indexOf(CR, from);
      }
      if (bytesRead === 0) {
        if (from < filled) fn(view.subarray(from, filled), ++lineNo, base + from);
        return lineNo;
      }
      buffer.copy(buffer, 0, from, filled);
      carry = filled - from;
      base += from;
    }
  } finally {
    await handle.close();
  }
}
