// Event derivation over records: created, updated (content), renamed, deleted, counter-only (no
// event), a re-run (no new id), a deleted skill coming back, retention; then through the dataset
// folder (log and baseline files), a run killed between its two writes, and a torn last line.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_FILES, readEventLog } from "../../src/dataset/event-log.js";
import { readDataset } from "../../src/dataset/files.js";
import { deriveEvents, emptyBaseline, retained } from "../../src/events/derive.js";
import { recordEvents } from "../../src/events/record.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import type { SkillRecord } from "../../src/schemas/dataset.js";
import { EventBaseline, LoggedEvent } from "../../src/schemas/events.js";

let base: SkillRecord[];
beforeAll(async () => {
  base = (await readDataset(join(PROJECT_ROOT, "data"))).records.slice(0, 5);
});
const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

const T1 = "2026-11-20T06:00:00Z";
const T2 = "2026-11-21T06:00:00Z";
const sha = (c: string) => c.repeat(40);
const withPrimarySha = (r: SkillRecord, s: string): SkillRecord => ({
  ...r,
  files: r.files.map((f) => (f.path === r.primary ? { ...f, sha: s } : f)),
});

describe("deriveEvents", () => {
  it("creates one skill.created per new record, in key order, numbered from the baseline", () => {
    const { events, baseline } = deriveEvents(emptyBaseline(), base, T1);
    expect(events.map((e) => e.event.type)).toEqual(Array(5).fill("skill.created"));
    expect(events.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4]);
    expect(events.map((e) => `${e.event.skill.owner}/${e.event.skill.repo}`)).toEqual(base.map((r) => `${r.owner}/${r.repo}`));
    for (const e of events) LoggedEvent.parse(e);
    const first = events[0]!.event;
    expect(first.content).toEqual({ after: base[0]!.files.find((f) => f.path === base[0]!.primary)!.sha });
    expect(first.occurredAt).toBe(T1);
    expect(first.previous).toBeUndefined();
    expect(EventBaseline.parse(baseline).nextSeq).toBe(5);
  });

  it("with a scope, derives from the scope's records what a comparison of every record derives", () => {
    const { baseline } = deriveEvents(emptyBaseline(), base, T1);
    // Skill 1 changed, skill 3 gone, a new one: the scope holds those three ids, the records only the live ones.
    const added = { ...base[0]!, id: "R_new", owner: "zz", repo: "new-skill" };
    const next = [...base.map((r, i) => (i === 1 ? withPrimarySha(r, sha("b")) : r)).filter((_, i) => i !== 3), added];
    const whole = deriveEvents(baseline, next, T2);
    const scope = new Set([base[1]!.id, base[3]!.id, added.id]);
    const scoped = deriveEvents(
      baseline,
      next.filter((r) => scope.has(r.id)),
      T2,
      { scope },
    );
    expect(whole.events.map((e) => e.event.type)).toEqual(["skill.updated", "skill.deleted", "skill.created"]);
    expect(scoped).toEqual(whole);
    // Without the scope, the three records left out would be deleted with the gone one: the scope is what keeps them.
    expect(
      deriveEvents(
        baseline,
        next.filter((r) => scope.has(r.id)),
        T2,
      ).events.filter((e) => e.event.type === "skill.deleted"),
    ).toHaveLength(4);
  });

  it("a counter-only change is not an event; a re-run over the same records derives nothing", () => {
    const { baseline } = deriveEvents(emptyBaseline(), base, T1);
    const counters = base.map((r) => ({ ...r, stars: r.stars + 10, forks: r.forks + 1, starHistory: [], updatedAt: T2 }));
    expect(deriveEvents(baseline, counters, T2).events).toEqual([]);
    expect(deriveEvents(baseline, base, T2).events).toEqual([]);
  });

  it("a changed SKILL.md blob sha is a skill.updated with the content before and after", () => {
    const { baseline } = deriveEvents(emptyBaseline(), base, T1);
    const before = base[2]!.files.find((f) => f.path === base[2]!.primary)!.sha;
    const next = base.map((r, i) => (i === 2 ? withPrimarySha(r, sha("a")) : r));
    const { events } = deriveEvents(baseline, next, T2);
    expect(events).toHaveLength(1);
    expect(events[0]!.seq).toBe(5);
    expect(events[0]!.event).toMatchObject({
      type: "skill.updated",
      occurredAt: T2,
      skill: { id: base[2]!.id },
      content: { before, after: sha("a") },
    });
    expect(events[0]!.event.previous).toBeUndefined();
  });

  it("a rename is a skill.updated carrying the previous owner/repo, without content when no file changed", () => {
    const { baseline } = deriveEvents(emptyBaseline(), base, T1);
    const r = base[1]!;
    const next = base.map((x) => (x === r ? { ...x, owner: "new-owner", repo: "new-name", aliases: [`${r.owner}/${r.repo}`] } : x));
    const [e] = deriveEvents(baseline, next, T2).events;
    expect(e!.event).toMatchObject({
      type: "skill.updated",
      skill: { id: r.id, owner: "new-owner", repo: "new-name" },
      previous: { owner: r.owner, repo: r.repo },
    });
    expect(e!.event.content).toBeUndefined();
  });

  it("a removed record is a skill.deleted carrying its last known summary", () => {
    const { baseline } = deriveEvents(emptyBaseline(), base, T1);
    const gone = base[3]!;
    const { events, baseline: after } = deriveEvents(
      baseline,
      base.filter((r) => r !== gone),
      T2,
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.event).toMatchObject({
      type: "skill.deleted",
      skill: { id: gone.id, owner: gone.owner, stars: gone.stars },
      content: { before: expect.any(String) },
    });
    expect(after.skills[gone.id]!.deletedAt).toBe(T2);
    // Deleted once only.
    expect(
      deriveEvents(
        after,
        base.filter((r) => r !== gone),
        T2,
      ).events,
    ).toEqual([]);
  });

  it("ids are deterministic, and a skill deleted then re-added unchanged gets a new created id", () => {
    const a = deriveEvents(emptyBaseline(), base, T1);
    const b = deriveEvents(emptyBaseline(), base, T2);
    expect(a.events.map((e) => e.event.id)).toEqual(b.events.map((e) => e.event.id));
    expect(new Set(a.events.map((e) => e.event.id)).size).toBe(5);
    const removed = deriveEvents(a.baseline, base.slice(1), T2);
    const back = deriveEvents(removed.baseline, base, T2);
    expect(back.events).toHaveLength(1);
    expect(back.events[0]!.event.type).toBe("skill.created");
    expect(back.events[0]!.event.id).not.toBe(a.events[0]!.event.id);
  });

  it("retention keeps the events of the last 90 days", () => {
    const log = [
      { seq: 0, event: { ...deriveEvents(emptyBaseline(), base, "2026-08-01T00:00:00Z").events[0]!.event } },
      { seq: 1, event: { ...deriveEvents(emptyBaseline(), base, "2026-10-01T00:00:00Z").events[1]!.event } },
    ];
    expect(retained(log, new Date("2026-11-21T00:00:00Z")).map((e) => e.seq)).toEqual([1]);
    expect(retained(log, new Date("2026-10-30T00:00:00Z")).map((e) => e.seq)).toEqual([0, 1]);
    expect(retained(log, new Date("2027-06-01T00:00:00Z"))).toEqual([]);
  });
});

describe("recordEvents on a dataset folder", () => {
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), "events-record-"));
    made.push(dir);
    return dir;
  };

  it("appends to the log, keeps the baseline, and records nothing twice", async () => {
    const dir = folder();
    const first = await recordEvents(dir, base, { now: new Date(T1) });
    expect(first).toMatchObject({ pruned: 0, total: 5 });
    const text = readFileSync(join(dir, EVENT_FILES.log), "utf8");
    const again = await recordEvents(dir, base, { now: new Date(T2) });
    expect(again).toEqual({ recorded: [], pruned: 0, total: 5 });
    expect(readFileSync(join(dir, EVENT_FILES.log), "utf8")).toBe(text);
    const changed = await recordEvents(
      dir,
      base.map((r, i) => (i === 0 ? withPrimarySha(r, sha("b")) : r)),
      { now: new Date(T2) },
    );
    expect(changed.recorded.map((e) => e.type)).toEqual(["skill.updated"]);
    const after = readFileSync(join(dir, EVENT_FILES.log), "utf8");
    expect(after.startsWith(text)).toBe(true);
    expect((await readEventLog(dir)).events.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("a run killed after the log and before the baseline is finished by the next run, with the same ids", async () => {
    const dir = folder();
    await recordEvents(dir, base, { now: new Date(T1) });
    const baselineBefore = readFileSync(join(dir, EVENT_FILES.baseline));
    const next = base.slice(1);
    await recordEvents(dir, next, { now: new Date(T2) });
    // Undo the baseline write only: as if the process died between the two writes.
    writeFileSync(join(dir, EVENT_FILES.baseline), baselineBefore);
    const rerun = await recordEvents(dir, next, { now: new Date(T2) });
    expect(rerun.recorded).toEqual([]);
    const log = (await readEventLog(dir)).events;
    expect(log.map((e) => e.event.type)).toEqual([...Array(5).fill("skill.created"), "skill.deleted"]);
    expect(new Set(log.map((e) => e.event.id)).size).toBe(6);
    expect(await recordEvents(dir, next, { now: new Date(T2) })).toMatchObject({ recorded: [] });
  });

  it("a torn last line is dropped and the log rewritten; pruning rewrites it without the old events", async () => {
    const dir = folder();
    await recordEvents(dir, base.slice(0, 2), { now: new Date("2026-07-01T00:00:00Z") });
    writeFileSync(join(dir, EVENT_FILES.log), `${readFileSync(join(dir, EVENT_FILES.log), "utf8")}{"seq":2,"ev`);
    expect((await readEventLog(dir)).torn).toBe(true);
    const out = await recordEvents(dir, base, { now: new Date(T2) });
    expect(out).toMatchObject({ pruned: 2, total: 3 });
    const log = await readEventLog(dir);
    expect(log.torn).toBe(false);
    expect(log.events.map((e) => [e.seq, e.event.occurredAt])).toEqual([
      [2, T2],
      [3, T2],
      [4, T2],
    ]);
  });

  it("a dry run writes nothing", async () => {
    const dir = folder();
    const out = await recordEvents(dir, base, { now: new Date(T1), dryRun: true });
    expect(out.recorded).toHaveLength(5);
    expect((await readEventLog(dir)).events).toEqual([]);
  });
});
