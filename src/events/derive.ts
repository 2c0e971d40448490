// Event derivation: the dataset's records compared with the baseline (the state each skill's last
// event left it in) give skill.created, skill.updated (content or name) and skill.deleted events,
// and, where the build's trust scan gives a skill another verdict than its baseline's,
// skill.trust_changed (with the previous and the new verdict).
// Pure: the caller reads and writes the log. Comparing with the baseline rather than with the
// previous records makes the crawl and a hand edit followed by a build one and the same path.
import { createHash } from "node:crypto";
import { skillKey } from "../contract/key.js";
import { primaryFile, toSummary } from "../contract/skill-views.js";
import type { SkillRecord } from "../schemas/dataset.js";
import type { EventBaseline, EventBaselineEntry, EventSkill, LoggedEvent, SkillEvent } from "../schemas/events.js";
import type { TrustVerdict } from "../schemas/trust.js";

export const emptyBaseline = (): EventBaseline => ({ version: 1, nextSeq: 0, skills: {} });

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The content state of a record: every SKILL.md path with its blob sha (counters are not content). */
export const filesDigest = (r: Pick<SkillRecord, "files">): string =>
  sha256(
    [...r.files]
      .map((f) => `${f.path}\t${f.sha}\n`)
      .sort()
      .join(""),
  );

/**
 * A deterministic id: the skill, the type, the state the change leads to, and the skill's previous
 * event. The same change derived twice gets the same id; the same state reached again later (a
 * skill deleted and re-added unchanged) follows another event, so it gets a new one.
 */
export function eventId(skillId: string, type: SkillEvent["type"], newState: string, previousEvent: string | undefined): string {
  return `evt_${sha256(`${skillId}\n${type}\n${newState}\n${previousEvent ?? ""}`).slice(0, 24)}`;
}

export interface Derived {
  /** New events in the order they are appended (by skill key, then id), numbered from the baseline's nextSeq. */
  events: LoggedEvent[];
  baseline: EventBaseline;
  /** Skills whose first known verdict was written into the baseline without an event (the baseline changed all the same). */
  verdictsRecorded: number;
}

/**
 * Derives the events that bring `baseline` up to `records`, all stamped `occurredAt`. With
 * `keepMissing`, a skill absent from `records` is not deleted: `records` may lack some (a build that
 * skipped lines it could not read), and a deletion waits for a complete set of records.
 */
export function deriveEvents(
  baseline: EventBaseline,
  records: readonly SkillRecord[],
  occurredAt: string,
  {
    keepMissing = false,
    verdicts,
    scope,
  }: {
    keepMissing?: boolean;
    /**
     * The record ids `records` is complete for (a crawl of named repositories holds only theirs):
     * a baseline skill outside it is neither compared nor deleted. The skills outside are as they
     * were at the last derivation, so this gives the events a comparison of the whole dataset gives.
     */
    scope?: ReadonlySet<string>;
    /**
     * Each record's trust verdict by id, from the build's scan. Without it (the crawl does not scan)
     * the baseline's verdicts are kept as they are and no skill.trust_changed is derived.
     */
    verdicts?: ReadonlyMap<string, TrustVerdict>;
  } = {},
): Derived {
  const skills: Record<string, EventBaselineEntry> = { ...baseline.skills };
  const found: { key: string; event: SkillEvent; entry: EventBaselineEntry; skillId: string }[] = [];
  const live = new Set<string>();
  let verdictsRecorded = 0;

  for (const r of records) {
    live.add(r.id);
    const before = baseline.skills[r.id];
    const files = filesDigest(r);
    const primary = primaryFile(r).sha;
    const verdict = verdicts?.get(r.id) ?? before?.verdict;
    const { verdict: _none, ...plain } = toSummary(r, "clean");
    const summary: EventSkill = verdict === undefined ? plain : { ...plain, verdict };
    const alive = before !== undefined && before.deletedAt === undefined;
    const renamed = alive && (before.summary.owner !== r.owner || before.summary.repo !== r.repo);
    const changed = alive && before.files !== files;
    // A verdict first known now (a baseline from before verdicts) is recorded, not announced.
    const trustChanged = alive && before.verdict !== undefined && verdict !== undefined && before.verdict !== verdict;
    const recordOnly = alive && !renamed && !changed && !trustChanged && verdict !== before.verdict;
    if (recordOnly) {
      skills[r.id] = { ...before, verdict: verdict! };
      verdictsRecorded++;
    }
    if (trustChanged) {
      const id = eventId(r.id, "skill.trust_changed", `${r.owner}/${r.repo}\n${files}\n${verdict}`, before.last);
      const event: SkillEvent = { id, type: "skill.trust_changed", occurredAt, skill: summary, previousVerdict: before.verdict, verdict };
      // When the content changed too, the content event follows the trust one and is the skill's last.
      found.push({ key: skillKey(r.owner, r.repo), event, skillId: r.id, entry: { ...before, summary, last: id, verdict } });
      if (!renamed && !changed) continue;
    }
    if (alive && !renamed && !changed) continue;
    const previousEvent = trustChanged ? found[found.length - 1]!.event.id : before?.last;
    const type = alive ? "skill.updated" : "skill.created";
    const id = eventId(r.id, type, `${r.owner}/${r.repo}\n${files}`, previousEvent);
    const event: SkillEvent = {
      id,
      type,
      occurredAt,
      skill: summary,
      ...(renamed ? { previous: { owner: before.summary.owner, repo: before.summary.repo } } : {}),
      ...(!alive ? { content: { after: primary } } : changed ? { content: { before: before.primary, after: primary } } : {}),
    };
    found.push({
      key: skillKey(r.owner, r.repo),
      event,
      skillId: r.id,
      entry: { files, primary, summary, last: id, ...(verdict === undefined ? {} : { verdict }) },
    });
  }
  for (const [skillId, before] of Object.entries(baseline.skills)) {
    if (keepMissing || live.has(skillId) || before.deletedAt !== undefined || (scope && !scope.has(skillId))) continue;
    const id = eventId(skillId, "skill.deleted", "", before.last);
    const event: SkillEvent = { id, type: "skill.deleted", occurredAt, skill: before.summary, content: { before: before.primary } };
    found.push({
      key: skillKey(before.summary.owner, before.summary.repo),
      event,
      skillId,
      entry: { ...before, last: id, deletedAt: occurredAt },
    });
  }

  // By key, then id; one skill's two events (a verdict change and a content change) keep the order
  // they were found in, so its baseline entry is the last one's (the sort is stable).
  found.sort((a, b) =>
    a.key !== b.key
      ? a.key < b.key
        ? -1
        : 1
      : a.skillId === b.skillId
        ? 0
        : a.event.id < b.event.id
          ? -1
          : a.event.id > b.event.id
            ? 1
            : 0,
  );
  const events = found.map((f, i) => {
    skills[f.skillId] = f.entry;
    return { seq: baseline.nextSeq + i, event: f.event };
  });
  return { events, baseline: { version: 1, nextSeq: baseline.nextSeq + events.length, skills }, verdictsRecorded };
}

export const DEFAULT_RETENTION_DAYS = 90;

/** The events still retained at `now`: the log is in time order, so pruning drops a prefix. */
export function retained(log: readonly LoggedEvent[], now: Date, retentionDays = DEFAULT_RETENTION_DAYS): LoggedEvent[] {
  const cutoff = now.getTime() - retentionDays * 86_400_000;
  const first = log.findIndex((e) => Date.parse(e.event.occurredAt) >= cutoff);
  return first < 0 ? [] : first === 0 ? [...log] : log.slice(first);
}
