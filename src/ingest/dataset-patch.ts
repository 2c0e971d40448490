// The dataset patched in place of rewritten, for a crawl of named repositories (`only`: a queued
// re-index). skills.jsonl is kept in key order (writeSkills), so the crawl needs to parse only the
// lines of the repositories it re-reads; every other line is carried over as the bytes it was,
// and the crawl's records are spliced in at their keys. The result is byte for byte the file a
// whole rewrite would give (test/ingest/dataset-patch.test.ts), at the cost of reading the file's
// bytes twice instead of parsing, validating and serialising a gigabyte of records.
import { open, rename, rm } from "node:fs/promises";
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

export interface SkillLinesScan {
  /** Every line's id and name, in file order (which is key order). */
  lines: LineName[];
  /** The records of the selected lines, parsed and validated. */
  selected: SkillRecord[];
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
  const lines: LineName[] = [];
  const selected: SkillRecord[] = [];
  let unusable: string | undefined;
  const whole = await forEachByteLine(file, (bytes, lineNo) => {
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
    const name = { id: f.id, owner: f.owner, repo: f.repo };
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
  if (!whole) return { unusable: "a line holds a carriage return" };
  if (unusable !== undefined) return { unusable };
  // Two names that differ only in case sort next to each other: one key, two lines.
  for (let i = 1; i < lines.length; i++)
    if (skillKey(lines[i - 1]!.owner, lines[i - 1]!.repo) === skillKey(lines[i]!.owner, lines[i]!.repo))
      return { unusable: `two lines for ${lines[i]!.owner}/${lines[i]!.repo}` };
  return { lines, selected };
}

const CHUNK = 1 << 22;

/**
 * Writes `file` again (atomically) without the lines of `dropIds`, with `records` spliced in at
 * their keys: the lines kept are copied as bytes. `records` must not share a key with a kept line.
 */
export async function patchSkillLines(file: string, dropIds: ReadonlySet<string>, records: readonly SkillRecord[]): Promise<void> {
  const fresh = [...records].sort(compareKeys);
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  const out = await open(tmp, "w");
  let next = 0;
  const parts: Buffer[] = [];
  let size = 0;
  const push = (b: Buffer) => {
    parts.push(b);
    size += b.length;
  };
  const freshLine = (r: SkillRecord) => Buffer.from(`${stableStringify(r)}\n`, "utf8");
  const NL = Buffer.from("\n");
  const pending: Promise<unknown>[] = [];
  // Each chunk at its own offset: writes issued before the previous one finished cannot interleave.
  let at = 0;
  const write = (chunk: Buffer) => {
    pending.push(out.write(chunk, 0, chunk.length, at));
    at += chunk.length;
  };
  try {
    let failed: string | undefined;
    const whole = await forEachByteLine(file, (bytes, lineNo) => {
      const f = lineFields(bytes, FIELDS);
      if (!f || !str(f.id) || !str(f.owner) || !str(f.repo)) {
        failed ??= `line ${lineNo} changed while it was patched`;
        return;
      }
      if (dropIds.has(f.id)) return;
      const name = { owner: f.owner, repo: f.repo };
      while (next < fresh.length && compareKeys(fresh[next]!, name) < 0) push(freshLine(fresh[next++]!));
      // The line's bytes are valid only during this call: copied.
      push(Buffer.from(bytes));
      push(NL);
      if (size >= CHUNK) {
        const chunk = Buffer.concat(parts);
        parts.length = 0;
        size = 0;
        write(chunk);
      }
    });
    if (!whole || failed) throw new Error(`skills.jsonl could not be patched: ${failed ?? "a line holds a carriage return"}`);
    while (next < fresh.length) push(freshLine(fresh[next++]!));
    if (parts.length > 0) write(Buffer.concat(parts));
    await Promise.all(pending);
  } catch (error) {
    await Promise.allSettled(pending);
    await out.close();
    await rm(tmp, { force: true });
    throw error;
  }
  await out.close();
  await rename(tmp, file);
}
