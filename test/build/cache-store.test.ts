// The build cache's per-skill lines are checked by hand before the schema (cache-store.ts
// plainlyCachedSkill): the hand check must never pass a line the schema refuses, and must pass the
// lines a build writes. An incremental build writes the lines it took from the cache by copying
// their bytes from the previous file.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CACHE_FILES, type CacheLines, type CacheSkills, CacheWriter, plainlyCachedSkill } from "../../src/build/cache/cache-store.js";
import type { SlimRecord } from "../../src/dataset/stream.js";
import { CachedSkill } from "../../src/schemas/build-cache.js";

const good: unknown[] = [
  "acme/pdf",
  "c2hhMQ==",
  "null",
  "[]",
  '{"name":"pdf"}',
  { verdict: "clean" },
  12,
  [1, 2],
  { owner: "acme", repo: "pdf" },
];

/** Each a change of one element of `good` to something the schema may or may not take. */
const variants: [number, unknown][] = [
  [0, 1],
  [1, null],
  [4, {}],
  [5, { verdict: "malicious", why: "a reason" }],
  [5, { verdict: "malicious", why: 3 }],
  [5, { verdict: "fine" }],
  [5, { verdict: "clean", extra: true }],
  [5, []],
  [5, null],
  [6, -1],
  [6, 1.5],
  [6, "12"],
  [6, 2 ** 60],
  [7, [1, -2]],
  [7, [0.5]],
  [7, {}],
  [8, []],
  [8, null],
  [8, "record"],
];

describe("the build cache's hand check of a skill line", () => {
  it("passes what a build writes", () => {
    expect(plainlyCachedSkill(good)).toBe(true);
    expect(CachedSkill.safeParse(good).success).toBe(true);
  });

  it.each(variants)("never passes what the schema refuses (element %i as %j)", (at, value) => {
    const line = good.map((v, i) => (i === at ? value : v));
    const plain = plainlyCachedSkill(line);
    if (plain) expect(CachedSkill.safeParse(line).success).toBe(true);
    // These are all refused by both, but for the malicious verdict with its why, which both take.
    expect(plain).toBe(at === 5 && (value as { why?: unknown } | null)?.why === "a reason");
  });

  it("refuses a line of another length or shape", () => {
    expect(plainlyCachedSkill(good.slice(0, 8))).toBe(false);
    expect(plainlyCachedSkill([...good, 1])).toBe(false);
    expect(plainlyCachedSkill({ ...good })).toBe(false);
  });
});

describe("the build cache's skills file written again", () => {
  // Records as the cache keeps them; only the fields a cache line names are read.
  const record = (n: number) => ({ owner: "acme", repo: `skill-${n}`, name: `skill ${n}`, note: "ü ✓" }) as unknown as SlimRecord;
  const content = (records: SlimRecord[], cached: (number | undefined)[], from?: CacheLines): CacheSkills => ({
    records,
    summaries: records.map((r) => JSON.stringify({ name: r.name })),
    marks: records.map(() => ({ verdict: "clean" as const })),
    lineMarks: records.map((r, i) => ({ hash: `h-${r.repo}`, texts: [i], textBytes: 10 * i, cached: cached[i] })),
    stats: {},
    reviews: new Map(),
    ...(from ? { from } : {}),
  });
  const linesOf = (file: string): CacheLines => {
    const text = readFileSync(file);
    const starts: number[] = [];
    const ends: number[] = [];
    for (let at = 0; at < text.length; ) {
      const end = text.indexOf(10, at);
      starts.push(at);
      ends.push(end);
      at = end + 1;
    }
    return { file, starts: Float64Array.from(starts), ends: Float64Array.from(ends) };
  };

  it("copies the lines taken from the cache, in runs or alone, between lines rendered afresh", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cache-skills-"));
    const file = join(dir, CACHE_FILES.skills);
    const before = Array.from({ length: 8 }, (_, n) => record(n));
    await (await CacheWriter.start(dir, "key")).writeSkills(content(before, []));
    const old = readFileSync(file, "utf8").split("\n");
    // Old lines 0-2 (a run), a fresh skill, old 5 and 4 (out of order: two copies), old 7, and a fresh skill last.
    const after = [before[0]!, before[1]!, before[2]!, record(20), before[5]!, before[4]!, before[7]!, record(21)];
    const cached = [0, 1, 2, undefined, 5, 4, 7, undefined];
    await (await CacheWriter.start(dir, "key")).writeSkills(content(after, cached, linesOf(file)));
    const lines = readFileSync(file, "utf8").split("\n");
    expect(lines.at(-1)).toBe("");
    expect(lines.slice(0, -1).map((line, i) => (cached[i] === undefined ? "fresh" : line === old[cached[i]!] ? "copied" : line))).toEqual([
      "copied",
      "copied",
      "copied",
      "fresh",
      "copied",
      "copied",
      "copied",
      "fresh",
    ]);
    expect(JSON.parse(lines[3]!)[0]).toBe("acme/skill-20");
    expect(JSON.parse(lines[7]!)[8]).toEqual({ owner: "acme", repo: "skill-21", name: "skill 21", note: "ü ✓" });
    // The new file replaced the old one; no temporary file is left.
    expect(readdirSync(dir).sort()).toEqual([CACHE_FILES.skills]);
    rmSync(dir, { recursive: true });
  });
});
