// Recording events with the dataset: the crawl calls this after writing its records, the build
// before rendering (which is how a hand edit gets its events). Writes the log first, then the
// baseline: a run that dies between the two re-derives the same ids, which are then not logged twice.

import { isoSeconds as iso } from "../contract/iso-time.js";
import { readScopedBaseline, writePatchedBaseline } from "../dataset/event-baseline-patch.js";
import { readEventBaseline, readEventLog, writeEventBaseline, writeEventLog } from "../dataset/event-log.js";
import { readEventLogEdges } from "../dataset/event-log-edges.js";
import type { SkillRecord } from "../schemas/dataset.js";
import type { SkillEvent } from "../schemas/events.js";
import type { TrustVerdict } from "../schemas/trust.js";
import { DEFAULT_RETENTION_DAYS, deriveEvents, emptyBaseline, retained } from "./derive.js";

export interface RecordReport {
  recorded: SkillEvent[];
  /** Events dropped because they are older than the retention. */
  pruned: number;
  /** Events in the log afterwards. */
  total: number;
}

export interface RecordOptions {
  now: Date;
  retentionDays?: number;
  /** Compute what would be recorded, write nothing. */
  dryRun?: boolean;
  /** `records` may be incomplete (the build skipped bad lines): record no deletion (deriveEvents). */
  keepMissing?: boolean;
  /** `records` is complete for these ids only (deriveEvents' `scope`: a crawl of named repositories). */
  scope?: ReadonlySet<string> | null;
  /** The build's trust verdicts by record id: a changed one is a skill.trust_changed event (deriveEvents). */
  verdicts?: ReadonlyMap<string, TrustVerdict>;
}

export async function recordEvents(dir: string, records: readonly SkillRecord[], opts: RecordOptions): Promise<RecordReport> {
  if (opts.scope && !opts.keepMissing && !opts.verdicts) {
    const scoped = await recordScoped(dir, records, opts.scope, opts);
    if (scoped) return scoped;
  }
  const log = await readEventLog(dir);
  const stored = (await readEventBaseline(dir)) ?? emptyBaseline();
  // Numbers are never reused, even if the baseline is older than the log (a run that died between the two writes).
  const baseline = { ...stored, nextSeq: Math.max(stored.nextSeq, (log.events.at(-1)?.seq ?? -1) + 1) };
  const derived = deriveEvents(baseline, records, iso(opts.now), {
    keepMissing: opts.keepMissing,
    verdicts: opts.verdicts,
    ...(opts.scope ? { scope: opts.scope } : {}),
  });
  const known = new Set(log.events.map((e) => e.event.id));
  const added = derived.events.filter((e) => !known.has(e.event.id));
  const kept = retained(log.events, opts.now, opts.retentionDays ?? DEFAULT_RETENTION_DAYS);
  const pruned = log.events.length - kept.length;
  if (!opts.dryRun && (added.length > 0 || pruned > 0 || log.torn || derived.events.length > 0 || derived.verdictsRecorded > 0)) {
    await writeEventLog(dir, { kept, added, rewrite: pruned > 0 || log.torn });
    await writeEventBaseline(dir, derived.baseline);
  }
  return { recorded: added.map((e) => e.event), pruned, total: kept.length + added.length };
}

/**
 * recordEvents for a crawl of named repositories (`scope`): what it reads and writes is what the
 * scope touches, not the whole log and baseline (src/dataset/event-log-edges.ts,
 * event-baseline-patch.ts), and what it records and writes is what the whole path records and
 * writes (test/events/record-scoped.test.ts). Undefined when a file is not in the form that
 * allows it; the whole path then runs.
 */
async function recordScoped(
  dir: string,
  records: readonly SkillRecord[],
  scope: ReadonlySet<string>,
  opts: RecordOptions,
): Promise<RecordReport | undefined> {
  const cutoff = opts.now.getTime() - (opts.retentionDays ?? DEFAULT_RETENTION_DAYS) * 86_400_000;
  const log = await readEventLogEdges(dir, cutoff);
  if (!log) return undefined;
  const stored = await readScopedBaseline(dir, scope);
  if (!stored) return undefined;
  const baseline = { ...stored.scoped, nextSeq: Math.max(stored.scoped.nextSeq, (log.last?.seq ?? -1) + 1) };
  // The baseline holds only the scope's skills: every other one is outside the scope, so neither compared nor deleted.
  const derived = deriveEvents(baseline, records, iso(opts.now), { scope });
  const known = log.logged(derived.events.map((e) => e.event.id));
  const added = derived.events.filter((e) => !known.has(e.event.id));
  if (!opts.dryRun && (added.length > 0 || log.pruned > 0 || derived.events.length > 0 || derived.verdictsRecorded > 0)) {
    if (log.pruned > 0) await log.rewrite(added);
    else await writeEventLog(dir, { kept: [], added, rewrite: false });
    await writePatchedBaseline(dir, stored, derived.baseline, scope);
  }
  return { recorded: added.map((e) => e.event), pruned: log.pruned, total: log.count - log.pruned + added.length };
}
