// The event baseline (data/events-state.json) read and written for a run that derives events for
// a few skills (a queued re-index): only the entries of the skills in scope are found, parsed,
// validated and replaced; every other byte of the file is carried over as it is. The whole path
// writes stableStringify of the whole baseline: compact JSON, keys sorted, the skills by id (as a
// JavaScript object enumerates integer-like keys). A file in that form is patched here into the
// bytes the whole path would write; a file in any other form (indented, reordered, an id that is
// not integer-like) is left to the whole path, which also validates every entry. An entry outside
// the scope is not validated here: it is carried over unchanged, and the next whole run checks it.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { type EventBaseline, EventBaselineEntry } from "../schemas/events.js";
import { EVENT_FILES } from "./event-log.js";
import { DatasetError, writeFileAtomic } from "./files.js";
import { sortKeys } from "./json.js";
import { valueEnd } from "./line-fields.js";

/** Where an id's entry lies, `"id":{...}` (or, for an id the file lacks, the point where it goes: from === to). */
interface Span {
  from: number;
  to: number;
}

export interface ScopedBaseline {
  /** The baseline's nextSeq and the validated entries of the ids asked for. */
  scoped: EventBaseline;
  bytes: Buffer;
  spans: Map<string, Span>;
  /** The digits of nextSeq. */
  nextSeqAt: Span;
  /** Where the skills object's closing brace is. */
  skillsClose: number;
}

const HEAD = /^\{"nextSeq":(0|[1-9]\d*),"skills":\{/;
const TAIL = '},"version":1}\n';
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** An id a JavaScript object enumerates first, in numeric order (an array index). */
const indexLike = (id: string) => /^(0|[1-9]\d{0,9})$/.test(id) && Number(id) <= 4294967294;

/**
 * The baseline with the entries of `ids` validated and located; undefined when the file is missing
 * or not in the whole path's form (then the whole path runs). A located entry that is not a valid
 * one is an error naming it, as the whole read reports it.
 */
export async function readScopedBaseline(dir: string, ids: Iterable<string>): Promise<ScopedBaseline | undefined> {
  const file = join(dir, EVENT_FILES.baseline);
  if (!existsSync(file)) return undefined;
  const bytes = await readFile(file);
  const head = HEAD.exec(bytes.toString("latin1", 0, 64));
  if (!head || bytes.length < head[0].length + TAIL.length || bytes.toString("latin1", bytes.length - TAIL.length) !== TAIL)
    return undefined;
  const skillsStart = head[0].length;
  const skillsClose = bytes.length - TAIL.length;
  const empty = skillsClose === skillsStart;
  const spans = new Map<string, Span>();
  const entries: Record<string, EventBaselineEntry> = {};
  for (const id of ids) {
    if (!indexLike(id)) return undefined;
    const needle = `"${id}":{`;
    let span: Span | undefined;
    for (let at = bytes.indexOf(needle, skillsStart); at !== -1 && at < skillsClose; at = bytes.indexOf(needle, at + 1)) {
      // An entry's key follows the skills object's brace or the comma after the previous entry's brace.
      if (!(at === skillsStart || (bytes[at - 1] === COMMA && bytes[at - 2] === CLOSE_BRACE))) continue;
      const end = valueEnd(bytes, at + needle.length - 1);
      if (end === -1 || !(end === skillsClose || bytes[end] === COMMA)) return undefined;
      span = { from: at, to: end };
      break;
    }
    if (!span) {
      const point = empty ? skillsStart : insertionPoint(bytes, skillsStart, skillsClose, Number(id));
      if (point === undefined) return undefined;
      spans.set(id, { from: point, to: point });
      continue;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(bytes.toString("utf8", span.from + needle.length - 1, span.to));
    } catch {
      return undefined;
    }
    const parsed = EventBaselineEntry.safeParse(raw);
    if (!parsed.success)
      throw new DatasetError([
        { file, message: `skills.${id}: ${parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ")}` },
      ]);
    entries[id] = parsed.data;
    spans.set(id, span);
  }
  const nextSeq = Number(head[1]);
  const digitsAt = head[0].indexOf(head[1]!);
  return {
    scoped: { version: 1, nextSeq, skills: entries },
    bytes,
    spans,
    nextSeqAt: { from: digitsAt, to: digitsAt + head[1]!.length },
    skillsClose,
  };
}

/** Where an entry for `id` goes: before the first entry whose key is greater, else at the skills' end; undefined for a key not integer-like. */
function insertionPoint(bytes: Buffer, skillsStart: number, skillsClose: number, id: number): number | undefined {
  // q: the quote that opens an entry's key.
  const keyAt = (q: number): number | undefined => {
    const close = bytes.indexOf('":{', q + 1);
    if (close === -1 || close > skillsClose) return undefined;
    const key = bytes.toString("latin1", q + 1, close);
    return indexLike(key) ? Number(key) : undefined;
  };
  const first = keyAt(skillsStart);
  if (first === undefined) return undefined;
  if (first > id) return skillsStart;
  for (let p = bytes.indexOf('},"', skillsStart); p !== -1 && p < skillsClose; p = bytes.indexOf('},"', p + 1)) {
    // Inside an entry the same bytes start its "verdict" (a string): an entry's key is followed by an object.
    const q = p + 2;
    const close = bytes.indexOf('"', q + 1);
    if (close === -1 || bytes.toString("latin1", close, close + 3) !== '":{') continue;
    const key = keyAt(q);
    if (key === undefined) return undefined;
    if (key > id) return q;
  }
  return skillsClose;
}

/**
 * Writes the baseline read as `read` with the entries of `ids` taken from `derived` (sorted as
 * stableStringify sorts them) and derived's nextSeq: what stableStringify gives for the baseline
 * the whole path would hold.
 */
export async function writePatchedBaseline(
  dir: string,
  read: ScopedBaseline,
  derived: EventBaseline,
  ids: Iterable<string>,
): Promise<void> {
  const edits: { span: Span; text: string }[] = [{ span: read.nextSeqAt, text: String(derived.nextSeq) }];
  // New entries by the point where they go, in id order there.
  const inserts = new Map<number, { id: number; text: string }[]>();
  for (const id of ids) {
    const entry = derived.skills[id];
    const span = read.spans.get(id);
    if (entry === undefined || span === undefined) continue;
    const text = `${JSON.stringify(id)}:${JSON.stringify(sortKeys(entry))}`;
    if (span.to > span.from) edits.push({ span, text });
    else inserts.set(span.from, [...(inserts.get(span.from) ?? []), { id: Number(id), text }]);
  }
  for (const [point, group] of inserts) {
    const text = group
      .sort((a, b) => a.id - b.id)
      .map((g) => g.text)
      .join(",");
    // A comma between the new entries and the entry after them, or before them when they go last.
    const last = point === read.skillsClose;
    const alone = last && read.bytes[point - 1] === OPEN_BRACE;
    edits.push({ span: { from: point, to: point }, text: alone ? text : last ? `,${text}` : `${text},` });
  }
  edits.sort((a, b) => a.span.from - b.span.from);
  const parts: Buffer[] = [];
  let at = 0;
  for (const { span, text } of edits) {
    parts.push(read.bytes.subarray(at, span.from), Buffer.from(text, "utf8"));
    at = span.to;
  }
  parts.push(read.bytes.subarray(at));
  await writeFileAtomic(join(dir, EVENT_FILES.baseline), Buffer.concat(parts));
}
