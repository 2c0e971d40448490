// recordEvents for a crawl of named repositories (`scope`) reads and writes only what the scope
// touches: the log's edges and the baseline's entries of the scope (src/dataset/event-log-edges.ts,
// event-baseline-patch.ts). What it records and the bytes it leaves must be those of the whole
// computation over every record (no scope), through updates, a rename, a deletion, new skills at
// the start, middle and end of the baseline, pruning, and a run killed between its two writes; a
// file not in the form the patch needs goes the whole way, and a damaged entry or line it reads is
// reported.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readScopedBaseline } from "../../src/dataset/event-baseline-patch.js";
import { EVENT_FILES } from "../../src/dataset/event-log.js";
import { readEventLogEdges } from "../../src/dataset/event-log-edges.js";
import { DatasetError, readDataset } from "../../src/dataset/files.js";
import { recordEvents } from "../../src/events/record.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import type { SkillRecord } from "../../src/schemas/dataset.js";

let all: SkillRecord[];
const made: string[] = [];
const work = () => {
  const dir = mkdtempSync(join(tmpdir(), "record-scoped-"));
  made.push(dir);
  return dir;
};
beforeAll(async () => {
  all = (await readDataset(join(PROJECT_ROOT, "data"))).records;
});
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

const T1 = "2026-08-01T06:00:00Z";
const T2 = "2026-09-20T06:00:00Z";
// 91 days after T1: its events are pruned, T2's are kept.
const T3 = "2026-10-31T07:00:00Z";
const at = (t: string) => new Date(t);
const bytes = (dir: string, name: string) => readFileSync(join(dir, name));
const withSha = (r: SkillRecord, c: string): SkillRecord => ({
  ...r,
  files: r.files.map((f) => (f.path === r.primary ? { ...f, sha: c.repeat(40) } : f)),
});

/** One crawl's change: the records after it (all of them) and the ones the scoped run gets, with its scope. */
function change(before: SkillRecord[], edit: (records: SkillRecord[]) => { touched: SkillRecord[]; gone: string[] }) {
  const after = [...before];
  const { touched, gone } = edit(after);
  const records = after.filter((r) => !gone.includes(r.id));
  const scope = new Set([...touched.map((r) => r.id), ...gone]);
  return { records, touched: records.filter((r) => scope.has(r.id)), scope };
}

/** The same change recorded both ways into copies of `dir`; both must agree, byte for byte. */
async function both(dir: string, before: SkillRecord[], now: string, edit: Parameters<typeof change>[1]) {
  const { records, touched, scope } = change(before, edit);
  const whole = work();
  cpSync(dir, whole, { recursive: true });
  const a = await recordEvents(dir, touched, { now: at(now), scope });
  const b = await recordEvents(whole, records, { now: at(now) });
  expect(a).toEqual(b);
  for (const name of [EVENT_FILES.log, EVENT_FILES.baseline]) expect(bytes(dir, name).equals(bytes(whole, name)), name).toBe(true);
  return { report: a, records };
}

describe("recordEvents with a scope", () => {
  it("records what the whole computation records and leaves its bytes, through every kind of change and pruning", async () => {
    const dir = work();
    const first = all.filter((_, i) => i % 4 !== 0);
    await recordEvents(dir, first, { now: at(T1) });
    // The patch path reads these files (it would give up on any other form).
    expect(await readScopedBaseline(dir, [first[0]!.id])).toBeDefined();
    expect(await readEventLogEdges(dir, 0)).toBeDefined();

    const ids = first.map((r) => Number(r.id)).sort((x, y) => x - y);
    const fresh = (id: number, from: SkillRecord, name: string): SkillRecord => ({ ...from, id: String(id), owner: "zz-new", repo: name });
    const one = await both(dir, first, T2, (rs) => {
      rs[2] = withSha(rs[2]!, "a");
      rs[7] = { ...rs[7]!, owner: `${rs[7]!.owner}-renamed` };
      rs[9] = { ...rs[9]!, stars: rs[9]!.stars + 5 };
      const added = [
        fresh(ids[0]! - 1, rs[1]!, "before-all"),
        fresh(ids.at(-1)! + 1, rs[1]!, "after-all"),
        fresh(ids[10]! + 1, rs[1]!, "middle"),
      ];
      rs.push(...added);
      return { touched: [rs[2]!, rs[7]!, rs[9]!, ...added], gone: [rs[4]!.id] };
    });
    expect(one.report.recorded.map((e) => e.type).sort()).toEqual([
      "skill.created",
      "skill.created",
      "skill.created",
      "skill.deleted",
      "skill.updated",
      "skill.updated",
    ]);
    expect(one.report.pruned).toBe(0);

    // 91 days after the first run: its events go, the second run's stay.
    const two = await both(dir, one.records, T3, (rs) => {
      rs[3] = withSha(rs[3]!, "b");
      return { touched: [rs[3]!], gone: [] };
    });
    expect(two.report.pruned).toBe(first.length);
    expect(two.report.recorded.map((e) => e.type)).toEqual(["skill.updated"]);
  });

  it("logs nothing twice after a run killed between writing the log and the baseline", async () => {
    const dir = work();
    await recordEvents(dir, all, { now: at(T1) });
    const stale = bytes(dir, EVENT_FILES.baseline);
    const { touched, scope, records } = change(all, (rs) => {
      rs[5] = withSha(rs[5]!, "c");
      return { touched: [rs[5]!], gone: [] };
    });
    await recordEvents(dir, touched, { now: at(T2), scope });
    // The baseline as the killed run left it: the log has the event, the baseline does not.
    writeFileSync(join(dir, EVENT_FILES.baseline), stale);
    const again = await both(dir, records, T2, () => ({ touched: [records[5]!], gone: [] }));
    expect(again.report.recorded).toEqual([]);
  });

  it("goes the whole way for a baseline in another form, and reports a damaged entry or log line it reads", async () => {
    const dir = work();
    await recordEvents(dir, all, { now: at(T1) });
    const baseline = JSON.parse(readFileSync(join(dir, EVENT_FILES.baseline), "utf8"));
    writeFileSync(join(dir, EVENT_FILES.baseline), `${JSON.stringify(baseline, null, 2)}\n`);
    expect(await readScopedBaseline(dir, [all[0]!.id])).toBeUndefined();
    await both(dir, all, T2, (rs) => {
      rs[1] = withSha(rs[1]!, "d");
      return { touched: [rs[1]!], gone: [] };
    });

    // A scoped entry that is not one.
    const text = readFileSync(join(dir, EVENT_FILES.baseline), "utf8");
    const id = all[3]!.id;
    const damaged = text.replace(new RegExp(`"${id}":\\{"files":"[0-9a-f]{4}`), `"${id}":{"files":"zzzz`);
    expect(damaged).not.toBe(text);
    writeFileSync(join(dir, EVENT_FILES.baseline), damaged);
    const scope = new Set([id]);
    await expect(recordEvents(dir, [all[3]!], { now: at(T2), scope })).rejects.toThrow(DatasetError);
    await expect(recordEvents(dir, [all[3]!], { now: at(T2), scope })).rejects.toThrow(new RegExp(`skills\\.${id}: files`));
    writeFileSync(join(dir, EVENT_FILES.baseline), text);

    // The log's last line, which gives the next seq, damaged.
    const log = readFileSync(join(dir, EVENT_FILES.log), "utf8");
    writeFileSync(
      join(dir, EVENT_FILES.log),
      log.replace(/"seq":(\d+),"event":\{"id":"evt_[0-9a-f]{24}"(?![\s\S]*"seq")/, '"seq":$1,"event":{"id":"evt_bad"'),
    );
    await expect(recordEvents(dir, [all[3]!], { now: at(T2), scope })).rejects.toThrow(/events\.jsonl:\d+/);
  });
});
