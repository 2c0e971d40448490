// skills.jsonl line by line as bytes: the incremental build hashes each line's bytes and decodes only
// the lines the cache does not hold, so the unchanged gigabyte of text is never turned into strings.
// Lines are cut at "\n" as the full pass's line reader cuts them; a "\r" anywhere (which that reader
// also treats as a line end) is reported instead, and the build then runs in full.
import { open } from "node:fs/promises";

const CHUNK = 1 << 22;

/**
 * Calls `fn` with each line's bytes (valid only during the call), its 1-based number and the byte
 * offset where it starts in the file; false if a line holds "\r".
 */
export async function forEachByteLine(file: string, fn: (line: Buffer, lineNo: number, offset: number) => void): Promise<boolean> {
  const handle = await open(file, "r");
  try {
    let buffer = Buffer.allocUnsafe(CHUNK);
    // Bytes of the line not yet ended, at the start of `buffer`.
    let carry = 0;
    // The file offset of buffer[0].
    let base = 0;
    let lineNo = 0;
    for (;;) {
      if (carry === buffer.length) {
        // A line longer than the buffer: grow it.
        const bigger = Buffer.allocUnsafe(buffer.length * 2);
        buffer.copy(bigger, 0, 0, carry);
        buffer = bigger;
      }
      const { bytesRead } = await handle.read(buffer, carry, buffer.length - carry, null);
      const end = carry + bytesRead;
      let from = 0;
      for (;;) {
        const nl = buffer.indexOf(10, from);
        if (nl === -1 || nl >= end) break;
        const line = buffer.subarray(from, nl);
        if (line.indexOf(13) !== -1) return false;
        fn(line, ++lineNo, base + from);
        from = nl + 1;
      }
      if (bytesRead === 0) {
        if (from < end) {
          const line = buffer.subarray(from, end);
          if (line.indexOf(13) !== -1) return false;
          fn(line, ++lineNo, base + from);
        }
        return true;
      }
      buffer.copy(buffer, 0, from, end);
      carry = end - from;
      base += from;
    }
  } finally {
    await handle.close();
  }
}
