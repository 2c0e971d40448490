// The build cache's per-skill lines are checked by hand before the schema (cache-store.ts
// plainlyCachedSkill): the hand check must never pass a line the schema refuses, and must pass the
// lines a build writes.
import { describe, expect, it } from "vitest";
import { plainlyCachedSkill } from "../../src/build/cache/cache-store.js";
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
