// `npm run build` on a dataset with a bad line, as a maintainer runs it: the line is skipped and
// reported (on stderr even with --quiet, and in the final line), the site is built from the rest,
// skills.jsonl is left as it was, and the events log records no deletion while a line is unread
// (it may be the skill's), only once every line reads again.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readEventLog } from "../../src/dataset/event-log.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { runNode, scriptArgs } from "../../src/node/run-script.js";
import { Status } from "../../src/schemas/status.js";

describe("npm run build with a bad line", () => {
  const work = mkdtempSync(join(tmpdir(), "build-bad-lines-"));
  const data = join(work, "data");
  const site = join(work, "site");
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("skips and reports it, keeps the file, and defers deletions until the file reads whole", async () => {
    cpSync(join(PROJECT_ROOT, "data"), data, { recursive: true });
    const file = join(data, "skills.jsonl");
    const lines = readFileSync(file, "utf8").trimEnd().split("\n");
    const broken = JSON.parse(lines[2]!);
    const removed = JSON.parse(lines[5]!);
    // Line 3 loses its stars' validity; the skill of line 6 is removed by hand.
    const edited = lines.map((l, i) => (i === 2 ? JSON.stringify({ ...broken, stars: "many" }) : l)).filter((_, i) => i !== 5);
    const text = `${edited.join("\n")}\n`;
    writeFileSync(file, text);
    const eventsBefore = (await readEventLog(data)).events.length;

    const first = await runNode(scriptArgs("build.ts", "--data", data, "--out", site, "--quiet"));
    expect(first.status, first.stderr).toBe(0);
    expect(first.stderr).toContain(`skipped ${file}:3 (${broken.owner}/${broken.repo}): stars`);
    expect(first.stdout).toMatch(new RegExp(`built ${lines.length - 2} skills into .*; 1 bad line of skills\\.jsonl skipped`));
    expect(readFileSync(file, "utf8")).toBe(text);
    const status = Status.parse(JSON.parse(readFileSync(join(site, "_data", "status.json"), "utf8")));
    expect(status.counts.skills).toBe(lines.length - 2);
    expect((await readEventLog(data)).events.length).toBe(eventsBefore);

    writeFileSync(file, `${lines.filter((_, i) => i !== 5).join("\n")}\n`);
    const second = await runNode(scriptArgs("build.ts", "--data", data, "--out", site, "--quiet"));
    expect(second.status, second.stderr).toBe(0);
    expect(second.stderr).toBe("");
    const added = (await readEventLog(data)).events.slice(eventsBefore).map((e) => e.event);
    expect(added.map((e) => [e.type, e.skill.owner, e.skill.repo])).toEqual([["skill.deleted", removed.owner, removed.repo]]);
  });
});
