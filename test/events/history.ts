// A dataset folder with an event history for the feed and webhook tests, made the way a maintainer
// makes one: the embedded dataset recorded, then hand edits recorded at later times (a SKILL.md
// changed, a rename, a deletion, counters only, a skill back again).
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readDataset, writeSkills } from "../../src/dataset/files.js";
import { recordEvents } from "../../src/events/record.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import type { SkillRecord } from "../../src/schemas/dataset.js";

export const TIMES = ["2026-11-19T06:00:00Z", "2026-11-20T06:00:00Z", "2026-11-21T06:00:00Z"] as const;

const editPrimary = (r: SkillRecord, sha: string, text: string): SkillRecord => ({
  ...r,
  files: r.files.map((f) => (f.path === r.primary ? { ...f, sha, content: `${f.content}\n${text}\n` } : f)),
});

/** Writes the history into a new folder; returns it and the records of each step. */
export async function makeHistory(): Promise<{ dir: string; steps: SkillRecord[][] }> {
  const dir = mkdtempSync(join(tmpdir(), "events-history-"));
  for (const f of ["categories.json", "platforms.json", "meta.json"]) cpSync(join(PROJECT_ROOT, "data", f), join(dir, f));
  const start = (await readDataset(join(PROJECT_ROOT, "data"))).records;
  const [a, b, c, d, e] = [start[3]!, start[10]!, start[20]!, start[30]!, start[40]!];
  const second = start
    .filter((r) => r.id !== c.id)
    .map((r) => (r.id === a.id ? editPrimary(r, "a".repeat(40), "An added line.") : r))
    .map((r) => (r.id === b.id ? { ...r, repo: `${r.repo}-renamed`, aliases: [`${r.owner}/${r.repo}`] } : r))
    .map((r) => (r.id === d.id ? { ...r, stars: r.stars + 1000 } : r));
  const third = [...second, c].map((r) => (r.id === e.id ? editPrimary(r, "e".repeat(40), "Another line.") : r));
  const steps = [start, second, third];
  for (const [i, records] of steps.entries()) {
    await writeSkills(dir, records);
    await recordEvents(dir, records, { now: new Date(TIMES[i]!) });
  }
  return { dir, steps };
}
