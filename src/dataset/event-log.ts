// The dataset's event history: data/events.jsonl (one LoggedEvent a line, oldest first, appended to)
// and data/events-state.json (the baseline: what each skill's last event left it as). Both travel
// with the dataset, so a fresh checkout or a CI run keeps the history and the ids.
import { existsSync } from "node:fs";
import { appendFile, readFile } from "node:fs/promises";
import { join } from "node:path";
import { EventBaseline, LoggedEvent } from "../schemas/events.js";
import { DatasetError, type DatasetProblem, readJson, writeFileAtomic } from "./files.js";
import { stableStringify } from "./json.js";
import { parseJsonLines } from "./json-lines.js";

export const EVENT_FILES = { log: "events.jsonl", baseline: "events-state.json" } as const;

export interface EventLog {
  events: LoggedEvent[];
  /** The last line was cut short (a write that died midway); the next write rewrites the file. */
  torn: boolean;
}

/** Reads data/events.jsonl; a missing file is an empty log, a bad line an error naming it. */
export async function readEventLog(dir: string): Promise<EventLog> {
  const file = join(dir, EVENT_FILES.log);
  if (!existsSync(file)) return { events: [], torn: false };
  const text = await readFile(file, "utf8");
  const lines = text.split("\n");
  // A complete file ends with a newline, so its last piece is empty; anything else is a torn write.
  const tail = lines.pop() ?? "";
  const { rows: events, problems } = parseJsonLines(lines, LoggedEvent, file);
  events.forEach((e, i) => {
    if (i > 0 && e.seq <= events[i - 1]!.seq) problems.push({ file, message: `seq ${e.seq} does not follow ${events[i - 1]!.seq}` });
  });
  if (problems.length > 0) throw new DatasetError(problems);
  return { events, torn: tail !== "" };
}

export async function readEventBaseline(dir: string): Promise<EventBaseline | undefined> {
  const file = join(dir, EVENT_FILES.baseline);
  if (!existsSync(file)) return undefined;
  const problems: DatasetProblem[] = [];
  const baseline = await readJson(file, EventBaseline, problems);
  if (!baseline) throw new DatasetError(problems);
  return baseline;
}

const lines = (events: readonly LoggedEvent[]) => events.map((e) => `${JSON.stringify({ seq: e.seq, event: e.event })}\n`).join("");

/** Appends events to the log (the usual case) or, after pruning or a torn write, rewrites it atomically. */
export async function writeEventLog(
  dir: string,
  log: { kept: readonly LoggedEvent[]; added: readonly LoggedEvent[]; rewrite: boolean },
): Promise<void> {
  const file = join(dir, EVENT_FILES.log);
  if (log.rewrite || !existsSync(file)) await writeFileAtomic(file, lines([...log.kept, ...log.added]));
  else if (log.added.length > 0) await appendFile(file, lines(log.added));
}

/** Compact, not indented: at 100k skills the indented file would be mostly spaces. */
export const writeEventBaseline = (dir: string, baseline: EventBaseline): Promise<void> =>
  writeFileAtomic(join(dir, EVENT_FILES.baseline), `${stableStringify(baseline)}\n`);
