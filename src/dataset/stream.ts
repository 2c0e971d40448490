// Streaming skills.jsonl for the build: the file is cut into byte ranges at line ends, so workers
// can each read their own range, and a range is read line by line, so no more than one record's
// text is held at a time. Line numbers are counted per range; the caller adds the lines of the
// ranges before it (every range but the last ends with a newline, so the counts add up).
import { open, stat } from "node:fs/promises";
import type { SkillRecord } from "../schemas/dataset.js";

/**
 * A record without its texts: every `files[].content` is empty and the other files of its skill
 * folders are left out. Only what reads no file of the folders may be given one (the byte-identity
 * check of the build, docs/SCALE.md, would show a mistake).
 */
export type SlimRecord = SkillRecord;

export const slim = (r: SkillRecord): SlimRecord => {
  const { folderFiles: _files, ...rest } = r;
  return { ...rest, files: r.files.map((f) => ({ ...f, content: "" })) };
};

/**
 * The build's slim record: `slim`, and also without what only the detail reads (rendered in the
 * first pass from the whole record): star history, install commands, topics, author. What the
 * build keeps of every skill at once (lists, categories, status, names, nested skills, events) reads
 * none of them; at 1M skills they were about a third of the records' memory.
 */
export const slimForBuild = (r: SkillRecord): SlimRecord => ({
  ...slim(r),
  starHistory: [],
  installCommands: {},
  topics: [],
  author: { name: "", avatar: "" },
});

export interface ByteRange {
  start: number;
  /** Exclusive. */
  end: number;
}

/** The byte offset just past the first newline at or after `from` (the file's size if none). */
async function nextLineStart(file: string, from: number, size: number): Promise<number> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(1 << 16);
    for (let at = from; at < size; ) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, at);
      if (bytesRead === 0) break;
      const nl = buffer.subarray(0, bytesRead).indexOf(10);
      if (nl >= 0) return at + nl + 1;
      at += bytesRead;
    }
    return size;
  } finally {
    await handle.close();
  }
}

/** Cuts `file` into at most `parts` ranges of about equal bytes, each ending at a line end (empty ones dropped). */
export async function lineRanges(file: string, parts: number): Promise<ByteRange[]> {
  const { size } = await stat(file);
  const cuts = [0];
  for (let i = 1; i < parts; i++) {
    const at = await nextLineStart(file, Math.max(cuts[cuts.length - 1]!, Math.floor((size * i) / parts)), size);
    cuts.push(at);
  }
  cuts.push(size);
  const ranges: ByteRange[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) if (cuts[i + 1]! > cuts[i]!) ranges.push({ start: cuts[i]!, end: cuts[i + 1]! });
  return ranges.length > 0 ? ranges : [{ start: 0, end: 0 }];
}

/** Bytes read at a time by forEachLine. */
const READ_BYTES = 1 << 20;
const LF = 10;
const CR = 13;

/**
 * Calls `fn` with each line of `range` (its end of line stripped) and its 1-based number within the range.
 * Lines end as readline ends them (with crlfDelay Infinity): at \n, \r\n or a lone \r, a last line
 * without one included, and no line after a final end of line. They are cut in the bytes (no UTF-8
 * sequence holds a 10 or a 13 byte) and each decoded on its own: readline's text decoder and pattern
 * cost several times the bytes' search and decoding alone, a few percent of the build's first pass.
 */
export async function forEachLine(
  file: string,
  range: ByteRange,
  fn: (line: string, lineNo: number) => void,
  readBytes = READ_BYTES,
): Promise<number> {
  if (range.end <= range.start) return 0;
  const handle = await open(file, "r");
  let lineNo = 0;
  try {
    const chunk = Buffer.allocUnsafe(readBytes);
    // The start of a line that began in an earlier chunk, its pieces joined once its end is found.
    let pending: Buffer[] = [];
    const emit = (buf: Buffer, from: number, to: number) => {
      if (pending.length === 0) fn(buf.toString("utf8", from, to), ++lineNo);
      else {
        pending.push(buf.subarray(from, to));
        fn(Buffer.concat(pending).toString("utf8"), ++lineNo);
        pending = [];
      }
    };
    // A \r that ended the previous chunk: a \n opening this one belongs to it.
    let afterCR = false;
    for (let at = range.start; at < range.end; ) {
      const { bytesRead } = await handle.read(chunk, 0, Math.min(readBytes, range.end - at), at);
      if (bytesRead === 0) break;
      at += bytesRead;
      const buf = chunk.subarray(0, bytesRead);
      let from = afterCR && buf[0] === LF ? 1 : 0;
      afterCR = false;
      let lf = buf.indexOf(LF, from);
      let cr = buf.indexOf(CR, from);
      while (lf !== -1 || cr !== -1) {
        if (cr === -1 || (lf !== -1 && lf < cr)) {
          emit(buf, from, lf);
          from = lf + 1;
        } else {
          emit(buf, from, cr);
          from = cr + 1;
          if (from === buf.length) afterCR = true;
          else if (buf[from] === LF) from++;
        }
        if (lf !== -1 && lf < from) lf = buf.indexOf(LF, from);
        if (cr !== -1 && cr < from) cr = buf.indexOf(CR, from);
      }
      // The chunk buffer is read into again: what waits for its line's end is copied out.
      if (from < buf.length) pending.push(Buffer.from(buf.subarray(from)));
    }
    if (pending.length > 0) {
      const rest = Buffer.concat(pending);
      pending = [];
      if (rest.length > 0) fn(rest.toString("utf8"), ++lineNo);
    }
  } finally {
    await handle.close();
  }
  return lineNo;
}
