// A first-pass part written by a worker thread and read back by the build (part-file.ts) merges into
// the same index as the part itself: keys, lists and ordinals, any text, any part of the ordinals.

import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PostingCollector, PostingIndex } from "../../src/build/search-index/collect-postings.js";
import { readPart, writePart } from "../../src/build/search-index/part-file.js";
import { tempDirs } from "../support/temp-dirs.js";

const tempDir = tempDirs();

const TEXTS = ["Deploy the app to Cloudflare", "部署 应用 到 云", "a b c", "", "Review pull requests, then deploy", "x".repeat(300)];

/** A collector over `skills` texts (name, description, content) starting at ordinal `first`. */
function collector(first: number, skills: number) {
  const c = new PostingCollector(3, first);
  for (let s = 0; s < skills; s++) {
    c.addPhraseText(0, TEXTS[s % TEXTS.length]!);
    c.addPhraseText(1, TEXTS[(s * 7 + 1) % TEXTS.length]!);
    c.addText(2, TEXTS.slice(0, (s % 5) + 1).join(" "));
    c.endSkill();
  }
  return c;
}

const every = (index: PostingIndex) => index.keys.map((key, i) => [key, ...[0, 1, 2].map((f) => [...index.list(i, f)])]);

describe("part files", () => {
  it("read back as the part written: the merge of two parts from disk equals the one in memory", async () => {
    const dir = tempDir("part-file-");
    const fromDisk = [];
    for (const [first, count] of [
      [0, 40],
      [40, 25],
    ] as const) {
      const file = join(dir, `part-${first}.bin`);
      await writePart(file, collector(first, count).part());
      const part = await readPart(file);
      expect(part.first).toBe(first);
      expect(part.count).toBe(count);
      fromDisk.push(part);
    }
    const inMemory = PostingIndex.fromParts([collector(0, 40).part(), collector(40, 25).part()]);
    const merged = PostingIndex.fromParts(fromDisk);
    expect(every(merged)).toEqual(every(inMemory));
    expect(merged.keys.length).toBeGreaterThan(10);
  });

  it("refuses a file that is not a part, and a truncated one", async () => {
    const dir = tempDir("part-file-");
    const other = join(dir, "other.bin");
    await writeFile(other, "not a part file at all");
    await expect(readPart(other)).rejects.toThrow(/not a postings part/);
    const file = join(dir, "part.bin");
    await writePart(file, collector(0, 10).part());
    const bytes = await readFile(file);
    await writeFile(file, bytes.subarray(0, bytes.length - 5));
    await expect(readPart(file)).rejects.toThrow(/truncated/);
  });
});
