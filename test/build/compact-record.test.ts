// The main thread's compacted slim records (compact-record.ts) are the records they were: the same
// fields in the same order with the same values, as JSON and as objects; the values many skills share
// are one frozen copy, so a change to one fails instead of reaching every skill that shares it.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { deserialize, serialize } from "node:v8";
import { describe, expect, it } from "vitest";
import { RecordCompactor } from "../../src/build/compact-record.js";
import { slimForBuild } from "../../src/dataset/stream.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { CategoriesFile, PlatformsFile } from "../../src/schemas/dataset.js";
import { synthesize } from "../../src/synth/generate.js";

async function records(count: number) {
  const read = async (name: string) => JSON.parse(await readFile(join(PROJECT_ROOT, "data", name), "utf8"));
  const categories = CategoriesFile.parse(await read("categories.json"));
  const platforms = PlatformsFile.parse(await read("platforms.json"));
  const all = [...synthesize({ skills: count, seed: 3, categories, platforms })].map(slimForBuild);
  all[4]!.aliases = ["old-owner/old-name"];
  // As the main thread gets them from a worker: a structured clone.
  return deserialize(serialize(all)) as typeof all;
}

describe("RecordCompactor", () => {
  it("keeps every record as it was, field order included", async () => {
    const given = await records(300);
    const expected = given.map((r) => JSON.stringify(r));
    const compactor = new RecordCompactor();
    const compacted = given.map((r) => compactor.compact(r));
    expect(compacted.map((r) => JSON.stringify(r))).toEqual(expected);
    expect(compacted).toEqual(expected.map((line) => JSON.parse(line)));
  });

  it("shares the values skills have in common, frozen, and leaves a record's own values its own", async () => {
    const compactor = new RecordCompactor();
    const [a, b, c, d, e] = (await records(5)).map((r) => compactor.compact(r));
    expect(a!.starHistory).toBe(b!.starHistory);
    expect(a!.author).toBe(c!.author);
    const samePlatforms = [b, c, d, e].filter((r) => JSON.stringify(r!.platforms) === JSON.stringify(a!.platforms));
    for (const r of samePlatforms) expect(r!.platforms).toBe(a!.platforms);
    expect(Object.isFrozen(a!.platforms)).toBe(true);
    expect(() => (a!.categories as string[]).push("x")).toThrow(TypeError);
    expect(e!.aliases).toEqual(["old-owner/old-name"]);
    expect(e!.aliases).not.toBe(a!.aliases);
    // File objects are the record's own, not frozen.
    expect(Object.isFrozen(a!.files[0])).toBe(false);
  });

  it("keeps one mark per verdict without a why, and a malicious skill's own", () => {
    const compactor = new RecordCompactor();
    const clean = compactor.mark({ verdict: "clean" });
    expect(compactor.mark({ verdict: "clean" })).toBe(clean);
    expect(compactor.mark({ verdict: "suspicious" })).toEqual({ verdict: "suspicious" });
    const malicious = { verdict: "malicious" as const, why: "reads credentials" };
    expect(compactor.mark(malicious)).toBe(malicious);
  });
});
