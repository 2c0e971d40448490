// The build cache's index rows: an index merged from cached rows and freshly collected ones is the
// index a collector over the whole new sequence gives (keys no row holds any more dropped), and the
// rows file reads back what was written and refuses a truncated one.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { mergeRows, readRows, rowsOf, writeRows } from "../../src/build/cache/index-rows.js";
import { PostingCollector, type PostingIndex } from "../../src/build/search-index/collect-postings.js";

const root = mkdtempSync(join(tmpdir(), "skills-index-rows-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Doc = [string, string];
const index = (docs: readonly Doc[]): PostingIndex => {
  const c = new PostingCollector(2);
  for (const [a, b] of docs) {
    c.addPhraseText(0, a);
    c.addText(1, b);
    c.endSkill();
  }
  return c.finish();
};

const lists = (ix: PostingIndex) => ix.keys.map((k, i) => [k, [...ix.list(i, 0)], [...ix.list(i, 1)]]);

const old: Doc[] = [
  ["alpha parser", "reads tokens quickly"],
  ["beta renderer", "draws frames"],
  ["gamma cache", "keeps entries warm"],
  ["delta queue", "orders jobs fairly"],
];

describe("merged index rows", () => {
  it("equal a fresh collection of the new sequence: changed, new and deleted rows, and a key gone", () => {
    const rows = rowsOf(index(old), old.length);
    // New sequence: alpha unchanged, beta changed, gamma deleted (its "warm" is held by no row now), a new one, delta unchanged.
    const fresh: Doc[] = [
      ["beta renderer", "draws frames faster"],
      ["epsilon planner", "plans routes"],
    ];
    const next: Doc[] = [old[0]!, fresh[0]!, fresh[1]!, old[3]!];
    const merged = mergeRows(rows, freshPart(fresh), Int32Array.from([0, -1, -2, 3]), 2);
    expect(lists(merged)).toEqual(lists(index(next)));
    expect(merged.keys).not.toContain("warm");
    expect(merged.keys).toContain("faster");
  });

  it("round-trip through the rows file, and a truncated file is refused", async () => {
    const rows = rowsOf(index(old), old.length);
    const file = join(root, "rows.bin");
    await writeRows(file, rows);
    const back = await readRows(file);
    expect(back.keys).toEqual(rows.keys);
    expect(back.fields.map((f) => [...f.values])).toEqual(rows.fields.map((f) => [...f.values]));
    expect(lists(mergeRows(back, null, Int32Array.from([0, 1, 2, 3]), 2))).toEqual(lists(index(old)));
    writeFileSync(file, readFileSync(file).subarray(0, readFileSync(file).length - 4));
    await expect(readRows(file)).rejects.toThrow(/truncated|add up/);
  });
});

/** The collected part of `docs`, as the incremental pass hands it over. */
function freshPart(docs: readonly Doc[]) {
  const c = new PostingCollector(2);
  for (const [a, b] of docs) {
    c.addPhraseText(0, a);
    c.addText(1, b);
    c.endSkill();
  }
  return c.part();
}
