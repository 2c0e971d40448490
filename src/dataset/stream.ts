// Streaming skills.jsonl for the build: the file is cut into byte ranges at line ends, so workers
// can each read their own range, and a range is read line by line, so no more than one record's
// text is held at a time. Line numbers are counted per range; the caller adds the lines of the
// ranges before it (every range but the last ends with a newline, so the counts add up).
import { open, stat } from "node:fs/promises";
import type { SkillRecord } from "../schemas/dataset.js";
import { type ByteRange, forEachByteLine } from "./byte-lines.js";

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

/**
 * Calls `fn` with each line of `range` (its end of line stripped), its 1-based number within the
 * range and its bytes (valid only during the call); returns how many. Lines end as readline ends them (with crlfDelay Infinity): at \n, \r\n or
 * a lone \r, a last line without one included, and no line after a final end of line. Each is decoded
 * on its own from the bytes forEachByteLine cuts.
 */
export async function forEachLine(
  file: string,
  range: ByteRange,
  fn: (line: string, lineNo: number, bytes: Buffer) => void,
  readBytes?: number,
): Promise<number> {
  if (range.end <= range.start) return 0;
  const lines = await forEachByteLine(file, (bytes, lineNo) => fn(bytes.toString("utf8"), lineNo, bytes), {
    range,
    carriageReturn: "end",
    ...(readBytes ? { readBytes } : {}),
  });
  return lines === false ? 0 : lines;
}
