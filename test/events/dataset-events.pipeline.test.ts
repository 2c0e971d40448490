// Events recorded where the dataset changes, through the real entry points: `npm run crawl` against
// the local GitHub server (a changed SKILL.md, a rename, a deletion, counters only, a re-run), then
// a hand edit of data/skills.jsonl followed by `npm run build`.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readEventLog } from "../../src/dataset/event-log.js";
import { readDataset, writeSkills } from "../../src/dataset/files.js";
import { runNode, scriptArgs } from "../../src/node/run-script.js";
import type { SkillEvent } from "../../src/schemas/events.js";
import { crawlScriptArgs, crawlWorkspace, fixtureCall, sourcesWith } from "../support/crawl-harness.js";

const { work, dir, sourcesFile, fixture } = crawlWorkspace("events-crawl", sourcesWith({ repos: ["acme/pdf-tools"] }));

const crawl = async (now: string) => {
  const res = await runNode(crawlScriptArgs(fixture().url, dir, sourcesFile, "--now", now));
  expect(res.status, res.stderr).toBe(0);
  return res;
};
const events = async (): Promise<SkillEvent[]> => (await readEventLog(dir)).events.map((e) => e.event);
const name = (e: SkillEvent) => `${e.skill.owner}/${e.skill.repo}`;

describe("events from a crawl", () => {
  let first: SkillEvent[];

  it("a first crawl records one skill.created per record, at the crawl's time", async () => {
    const res = await crawl("2026-11-20T09:00:00Z");
    expect(res.stderr).toMatch(/events: 8 recorded/);
    first = await events();
    const records = (await readDataset(dir)).records;
    expect(first.map((e) => e.type)).toEqual(Array(records.length).fill("skill.created"));
    expect(first.map((e) => e.skill.id).sort()).toEqual(records.map((r) => r.id).sort());
    expect(new Set(first.map((e) => e.occurredAt))).toEqual(new Set(["2026-11-20T09:00:00Z"]));
  });

  it("a changed SKILL.md, a rename and a deletion are events; new counters are not", async () => {
    const pdf = first.find((e) => e.skill.repo === "pdf-tools")!;
    await fixtureCall(fixture(), "POST", "/__fixture/repos/acme/pdf-tools/commits", {
      files: { "SKILL.md": "---\nname: pdf-tools\ndescription: Extract, fill and merge PDF files (v2).\n---\n\nNew body.\n" },
    });
    await fixtureCall(fixture(), "PATCH", "/__fixture/repos/bob/no-frontmatter", { stars: 777 });
    await fixtureCall(fixture(), "POST", "/__fixture/repos/carol/bom-crlf/rename", { to: "carol/seo-writer" });
    await fixtureCall(fixture(), "DELETE", "/__fixture/repos/bob/broken-yaml");
    await crawl("2026-11-21T09:00:00Z");
    const added = (await events()).slice(first.length);
    expect(added.map((e) => [e.type, name(e)])).toEqual([
      ["skill.updated", "acme/pdf-tools"],
      ["skill.deleted", "bob/broken-yaml"],
      ["skill.updated", "carol/seo-writer"],
    ]);
    const [update, deletion, rename] = added;
    expect(update!.content!.before).toBe(pdf.content!.after);
    expect(update!.content!.after).toMatch(/^[0-9a-f]{40}$/);
    expect(update!.content!.after).not.toBe(update!.content!.before);
    expect(deletion!.skill).toEqual(first.find((e) => e.skill.repo === "broken-yaml")!.skill);
    expect(rename).toMatchObject({
      previous: { owner: "carol", repo: "bom-crlf" },
      skill: { id: first.find((e) => e.skill.repo === "bom-crlf")!.skill.id },
    });
    expect(rename!.content).toBeUndefined();
    for (const e of added) expect(e.occurredAt).toBe("2026-11-21T09:00:00Z");
  });

  it("a re-run with nothing changed records nothing", async () => {
    const before = readFileSync(join(dir, "events.jsonl"), "utf8");
    const res = await crawl("2026-11-21T10:00:00Z");
    expect(res.stderr).toMatch(/events: 0 recorded/);
    expect(readFileSync(join(dir, "events.jsonl"), "utf8")).toBe(before);
  });

  it("a hand edit of the dataset followed by a build records its event, stamped by the build", async () => {
    const count = (await events()).length;
    const data = await readDataset(dir);
    const target = data.records.find((r) => r.repo === "agent-collection")!;
    const nested = target.files.find((f) => f.path !== target.primary)!;
    nested.sha = "f".repeat(40);
    nested.content += "\nEdited by hand.\n";
    await writeSkills(dir, data.records);
    const res = await runNode(scriptArgs("build.ts", "--data", dir, "--out", join(work, "site"), "--quiet"));
    expect(res.status, res.stderr).toBe(0);
    const added = (await events()).slice(count);
    expect(added.map((e) => [e.type, name(e)])).toEqual([["skill.updated", "acme/agent-collection"]]);
    // Only a nested SKILL.md changed: the primary's sha is the same before and after.
    expect(added[0]!.content!.before).toBe(added[0]!.content!.after);
    expect(Date.parse(added[0]!.occurredAt)).toBeGreaterThan(Date.parse("2026-11-21T10:00:00Z"));
    const again = await runNode(scriptArgs("build.ts", "--data", dir, "--out", join(work, "site"), "--quiet"));
    expect(again.status, again.stderr).toBe(0);
    expect((await events()).length).toBe(count + 1);
    const index = JSON.parse(readFileSync(join(work, "site", "_data", "events", "index.json"), "utf8"));
    expect(index.count).toBe(count + 1);
  });

  it("a verdict change found by the build is a skill.trust_changed event, with the previous and the new verdict", async () => {
    const build = async () => {
      const res = await runNode(scriptArgs("build.ts", "--data", dir, "--out", join(work, "site"), "--quiet"));
      expect(res.status, res.stderr).toBe(0);
    };
    const count = (await events()).length;
    // A maintainer's review of the unchanged files says suspicious: only the verdict changes.
    const data = await readDataset(dir);
    const target = data.records.find((r) => r.repo === "pdf-tools")!;
    // A review names every file of the skill folders it vouches for: the SKILL.md files and the folder files.
    const files = Object.fromEntries([
      ...target.files.map((f) => [f.path, createHash("sha256").update(f.content, "utf8").digest("hex")]),
      ...(target.folderFiles ?? []).map((f) => [f.path, f.sha256]),
    ]);
    const review = {
      owner: target.owner,
      repo: target.repo,
      files,
      decision: "suspicious",
      reason: "Test.",
      reviewer: "m",
      date: "2026-11-22",
    };
    writeFileSync(join(dir, "trust-reviews.jsonl"), `${JSON.stringify(review)}\n`);
    await build();
    const added = (await events()).slice(count);
    expect(added.map((e) => [e.type, name(e), e.previousVerdict, e.verdict, e.skill.verdict])).toEqual([
      ["skill.trust_changed", "acme/pdf-tools", "clean", "suspicious", "suspicious"],
    ]);
    expect(added[0]!.content).toBeUndefined();
    // A build with nothing changed records nothing more; the review gone, the verdict changes back.
    await build();
    expect((await events()).length).toBe(count + 1);
    writeFileSync(join(dir, "trust-reviews.jsonl"), "");
    await build();
    const back = (await events()).slice(count + 1);
    expect(back.map((e) => [e.type, name(e), e.previousVerdict, e.verdict])).toEqual([
      ["skill.trust_changed", "acme/pdf-tools", "suspicious", "clean"],
    ]);
    expect(back[0]!.id).not.toBe(added[0]!.id);
  });
});
