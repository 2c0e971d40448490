// What a run that derives events for a few skills (a queued re-index) needs of the event log,
// without parsing and validating every line of it: the events due for pruning (a prefix: the log
// is in time order), the last event (the next seq), how many lines it holds, and whether ids just
// derived are logged already (a run that died between writing the log and the baseline derives
// them again). Only those lines are parsed; the build that follows reads and checks the whole log
// (readEventLog), so a damaged line elsewhere is reported there. The kept lines are carried over as
// their bytes, which are the bytes the whole path writes for them (it writes each event as
// JSON.stringify of the validated line, and a logged line is already that).
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { LoggedEvent } from "../schemas/events.js";
import { EVENT_FILES } from "./event-log.js";
import { DatasetError, writeFileAtomic } from "./files.js";

export interface EventLogEdges {
  last: LoggedEvent | undefined;
  /** Events in the log. */
  count: number;
  /** Events older than the cutoff: the first `pruned` lines. */
  pruned: number;
  /** The ids among `ids` the log holds (each confirmed by parsing its line). */
  logged(ids: readonly string[]): Set<string>;
  /** The log without its pruned lines and with `added` appended, written atomically. */
  rewrite(added: readonly LoggedEvent[]): Promise<void>;
}

const NL = 0x0a;

/**
 * The log's edges for a cutoff (epoch milliseconds: older events are pruned); undefined when only
 * the whole read can tell: the last line is torn (the log is then rewritten), a line is blank (the
 * whole read skips it), or the log holds a "\u" escape (an id written with escapes would not be
 * found by its bytes).
 */
export async function readEventLogEdges(dir: string, cutoff: number): Promise<EventLogEdges | undefined> {
  const file = join(dir, EVENT_FILES.log);
  const bytes = existsSync(file) ? await readFile(file) : Buffer.alloc(0);
  if (bytes.length > 0 && (bytes[bytes.length - 1] !== NL || bytes[0] === NL || bytes.includes("\n\n") || bytes.includes("\\u")))
    return undefined;
  const parse = (start: number, lineNo: number | undefined): LoggedEvent => {
    const where = { file, ...(lineNo ? { line: lineNo } : {}) };
    let raw: unknown;
    try {
      raw = JSON.parse(bytes.toString("utf8", start, bytes.indexOf(NL, start)));
    } catch (e) {
      throw new DatasetError([{ ...where, message: `not JSON: ${(e as Error).message}` }]);
    }
    const parsed = LoggedEvent.safeParse(raw);
    if (!parsed.success)
      throw new DatasetError([
        { ...where, message: parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ") },
      ]);
    return parsed.data;
  };
  let count = 0;
  for (let at = 0; at < bytes.length; at = bytes.indexOf(NL, at) + 1) count++;
  const last = count > 0 ? parse(bytes.lastIndexOf(NL, bytes.length - 2) + 1, count) : undefined;
  // The pruned prefix, parsed line by line up to the first event within the retention.
  let keepFrom = 0;
  let pruned = 0;
  while (keepFrom < bytes.length && Date.parse(parse(keepFrom, pruned + 1).event.occurredAt) < cutoff) {
    keepFrom = bytes.indexOf(NL, keepFrom) + 1;
    pruned++;
  }
  return {
    last,
    count,
    pruned,
    logged(ids) {
      const found = new Set<string>();
      for (const id of ids) {
        const needle = JSON.stringify(id);
        for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, at + 1)) {
          if (parse(bytes.lastIndexOf(NL, at) + 1, undefined).event.id === id) {
            found.add(id);
            break;
          }
        }
      }
      return found;
    },
    rewrite(added) {
      const tail = added.map((e) => `${JSON.stringify({ seq: e.seq, event: e.event })}\n`).join("");
      return writeFileAtomic(file, Buffer.concat([bytes.subarray(keepFrom), Buffer.from(tail, "utf8")]));
    },
  };
}
