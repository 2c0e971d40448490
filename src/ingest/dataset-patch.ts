// The dataset patched in place of rewritten, for a crawl of named repositories (`only`: a queued
// re-index). skills.jsonl is kept in key order (writeSkills), so the crawl needs to parse only the
// lines of the repositories it re-reads; the scan notes where every line lies in the file, and the
// patch copies the runs of lines it keeps as byte ranges (no line looked at again) with the crawl's
// records spliced in at their keys. The result is byte for byte the file a whole rewrite would give
// (test/ingest/dataset-patch.test.ts), at the cost of one walk over the lines' top-level fields
// and one copy of the file's bytes instead of parsing, validating and serialising a gigabyte of records.
import { open, rename, rm, stat } from "node:fs/promises";
import { compareKeys, skillKey } from "../contract/key.js";
import { forEachByteLine } from "../dataset/byte-lines.js";
import { type DatasetProblem, parseSkillLine } from "../dataset/files.js";
import { stableStringify } from "../dataset/json.js";
import { lineFields } from "../dataset/line-fields.js";
import type { SkillRecord } from "../schemas/dataset.js";

/** What the scan knows of a line it did not parse. */
export interface LineName {
  id: string;
  owner: string;
  repo: string;
}

/** A line's name and where its bytes lie in the file: [start, end), the newline after it not included. */
export interface ScannedLine extends LineName {
  start: number;
  end: number;
}

/** What the file was when it was scanned: the patch refuses to copy ranges of another file. */
export interface FileIdentity {
  size: number;
  mtimeMs: number;
  ino: number;
}

export interface SkillLinesScan {
  /** Every line's id, name and bytes, in file order (which is key order). */
  lines: ScannedLine[];
  /** The records of the selected lines, parsed and validated. */
  selected: SkillRecord[];
  file: FileIdentity;
}

const FIELDS = new Set(["id", "owner", "repo", "aliases"]);

const str = (v: unknown): v is string => typeof v === "string";

/**
 * Reads skills.jsonl's names and parses the lines `select` picks (by id, key or an alias key); a
 * reason instead when the file cannot be patched (a line the scanner cannot read or that fails
 * its schema, lines out of key order or two of one name): the caller then reads it whole, which
 * reports such lines as it always has.
 */
export async function scanSkillLines(
  file: string,
  select: (line: { id: string; key: string; aliases: readonly string[] }) => boolean,
): Promise<SkillLinesScan | { unusable: string }> {
  const lines: ScannedLine[] = [];
  const selected: SkillRecord[] = [];
  let unusable: string | undefined;
  const before = await identity(file);
  const whole = await forEachByteLine(file, (bytes, lineNo, start) => {
    if (unusable !== undefined) return;
    if (bytes.length === 0) {
      unusable = `line ${lineNo} is empty`;
      return;
    }
    const f = lineFields(bytes, FIELDS);
    const aliases = f?.aliases;
    if (!f || !str(f.id) || !str(f.owner) || !str(f.repo) || !Array.isArray(aliases) || !aliases.every(str)) {
      unusable = `line ${lineNo} does not name its record`;
      return;
    }
    const name = { id: f.id, owner: f.owner, repo: f.repo, start, end: start + bytes.length };
    const previous = lines.at(-1);
    if (previous && compareKeys(previous, name) >= 0) {
      unusable = `line ${lineNo} is not in key order`;
      return;
    }
    lines.push(name);
    const key = skillKey(name.owner, name.repo);
    if (!select({ id: name.id, key, aliases: aliases.map((a) => a.toLowerCase()) })) return;
    const problems: DatasetProblem[] = [];
    const record = parseSkillLine(bytes.toString("utf8"), file, lineNo, problems);
    if (!record || record.id !== name.id) unusable = `line ${lineNo} is not a valid record`;
    else selected.push(record);
  });
  if (whole === false) return { unusable: "a line holds a carriage return" };
  if (unusable !== undefined) return { unusable };
  if (!sameFile(before, await identity(file))) return { unusable: "the file changed while it was read" };
  // Two names that differ only in case sort next to each other: one key, two lines.
  for (let i = 1; i < lines.length; i++)
    if (skillKey(lines[i - 1]!.owner, lines[i - 1]!.repo) === skillKey(lines[i]!.owner, lines[i]!.repo))
      return { unusable: `two lines for ${lines[i]!.owner}/${lines[i]!.repo}` };
  return { lines, selected, file: before };
}

async function identity(file: string): Promise<FileIdentity> {
  const s = await stat(file);
  return { size: s.size, mtimeMs: s.mtimeMs, ino: s.ino };
}

const sameFile = (a: FileIdentity, b: FileIdentity) => a.size === b.size && a.mtimeMs === b.mtimeMs && a.ino === b.ino;

/** A piece of the patched file: a byte range of the old one, or a fresh line. */
type Piece = { from: number; to: number } | { line: Buffer };

/**
 * The patched file as pieces: the kept lines' ranges (each with its newline; a run of adjacent
 * kept lines is one range) and the fresh records' lines at their keys.
 */
function pieces(scan: SkillLinesScan, dropIds: ReadonlySet<string>, records: readonly SkillRecord[]): Piece[] {
  const fresh = [...records].sort(compareKeys);
  const out: Piece[] = [];
  let next = 0;
  const add = (from: number, to: number) => {
    const last = out.at(-1);
    if (last && "to" in last && last.to === from) last.to = to;
    else out.push({ from, to });
  };
  const freshLine = (r: SkillRecord) => ({ line: Buffer.from(`${stableStringify(r)}\n`, "utf8") });
  for (const l of scan.lines) {
    if (dropIds.has(l.id)) continue;
    while (next < fresh.length && compareKeys(fresh[next]!, l) < 0) out.push(freshLine(fresh[next++]!));
    // The last line may lack its newline: the patched file ends with one, as a whole rewrite does.
    if (l.end < scan.file.size) add(l.start, l.end + 1);
    else {
      add(l.start, l.end);
      out.push({ line: Buffer.from("\n") });
    }
  }
  while (next < fresh.length) out.push(freshLine(fresh[next++]!));
  return out;
}

const CHUNK = 1 << 23;

/**
 * Writes `file` again (atomically: a temporary file renamed over it, so a crash leaves the old one
 * whole) without the lines of `dropIds`, with `records` spliced in at their keys: the lines kept
 * are copied as byte ranges from where `scan` found them. `records` must not share a key with a
 * kept line. Without `scan` the file is scanned first. A file that is not the one scanned (another
 * size, time or inode, or a range that does not sit between newlines) is refused, never patched.
 */
export async function patchSkillLines(
  file: string,
  dropIds: ReadonlySet<string>,
  records: readonly SkillRecord[],
  scan?: SkillLinesScan,
): Promise<void> {
  const scanned = scan ?? (await scanSkillLines(file, () => false));
  if ("unusable" in scanned) throw new Error(`skills.jsonl could not be patched: ${scanned.unusable}`);
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  const source = await open(file, "r");
  let out: Awaited<ReturnType<typeof open>> | undefined;
  try {
    const now = await source.stat();
    if (!sameFile(scanned.file, { size: now.size, mtimeMs: now.mtimeMs, ino: now.ino }))
      throw new Error("skills.jsonl could not be patched: the file changed since it was scanned");
    out = await open(tmp, "w");
    const buffer = Buffer.allocUnsafe(CHUNK);
    let at = 0;
    const write = async (bytes: Buffer) => {
      // A write may be short: the rest follows.
      for (let done = 0; done < bytes.length; ) {
        const { bytesWritten } = await out!.write(bytes, done, bytes.length - done, at);
        done += bytesWritten;
        at += bytesWritten;
      }
    };
    const edge = Buffer.alloc(1);
    for (const piece of pieces(scanned, dropIds, records)) {
      if ("line" in piece) {
        await write(piece.line);
        continue;
      }
      // A range starts a line: the byte before it ends the previous one.
      if (piece.from > 0) {
        const { bytesRead } = await source.read(edge, 0, 1, piece.from - 1);
        if (bytesRead !== 1 || edge[0] !== 0x0a)
          throw new Error(`skills.jsonl could not be patched: byte ${piece.from} does not start a line`);
      }
      for (let from = piece.from; from < piece.to; ) {
        const { bytesRead } = await source.read(buffer, 0, Math.min(CHUNK, piece.to - from), from);
        if (bytesRead === 0) throw new Error("skills.jsonl could not be patched: the file is shorter than when it was scanned");
        await write(buffer.subarray(0, bytesRead));
        from += bytesRead;
        // A range ends a line (its newline, or the file's end).
        if (from === piece.to && piece.to < scanned.file.size && buffer[bytesRead - 1] !== 0x0a)
          throw new Error(`skills.jsonl could not be patched: byte ${piece.to} does not end a line`);
      }
    }
    await out.close();
    out = undefined;
  } catch (error) {
    await out?.close();
    await rm(tmp, { force: true });
    throw error;
  } finally {
    await source.close();
  }
  await rename(tmp, file);
}
