// The build cache's stored index: patched with changed, new and deleted rows it equals a fresh
// collection of the new sequence (keys no row holds any more dropped), it reads back what was
// written, and a damaged file is refused.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { indexOf, patchIndex, readStored, sameIndex, storedOf, writeStored } from "../../src/build/cache/index-store.js";
import { PostingCollector, type PostingIndex } from "../../src/build/search-index/collect-postings.js";

const root = mkdtempSync(join(tmpdir(), "skills-index-store-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Doc = [string, string];
const collector = (docs: readonly Doc[]) => {
  const c = new PostingCollector(2);
  for (const [a, b] of docs) {
    c.addPhraseText(0, a);
    c.addText(1, b);
    c.endSkill();
  }
  return c;
};
const index = (docs: readonly Doc[]): PostingIndex => collector(docs).finish();
const lists = (ix: PostingIndex) => ix.keys.map((k, i) => [k, [...ix.list(i, 0)], [...ix.list(i, 1)]]);

const old: Doc[] = [
  ["alpha parser", "reads tokens quickly"],
  ["beta renderer", "draws frames"],
  ["gamma cache", "keeps entries warm"],
  ["delta queue", "orders jobs fairly"],
  ["zeta ledger", "books entries warm"],
];

describe("the stored index", () => {
  it("patched equals a fresh collection of the new sequence: changed, new and deleted rows, a key gone", () => {
    // alpha kept, beta changed, gamma deleted, a new one, delta kept, zeta deleted ("warm" and "entries" held by none now).
    const fresh: Doc[] = [
      ["beta renderer", "draws frames faster"],
      ["epsilon planner", "plans routes"],
    ];
    const next: Doc[] = [old[0]!, fresh[0]!, fresh[1]!, old[3]!];
    const patched = patchIndex(
      storedOf(index(old)),
      Int32Array.from([0, -1, -1, 3, -1]),
      collector(fresh).part(),
      Uint32Array.from([1, 2]),
    );
    expect(lists(indexOf(patched))).toEqual(lists(index(next)));
    expect(patched.keys).not.toContain("warm");
    expect(patched.keys).toContain("faster");
    // Looked up by key as a collected index is (the ids are the sorted positions, found by search).
    const fresh2 = index(next);
    for (const key of ["faster", "alpha", "queue"]) expect([...indexOf(patched).listOf(key, 1)!]).toEqual([...fresh2.listOf(key, 1)!]);
    expect(indexOf(patched).listOf("warm", 1)).toBeUndefined();
    expect(sameIndex(patched, storedOf(index(next)))).toBe(true);
    expect(sameIndex(patched, storedOf(index(old)))).toBe(false);
  });

  it("patched with nothing changed is the same index", () => {
    const stored = storedOf(index(old));
    const patched = patchIndex(stored, Int32Array.from([0, 1, 2, 3, 4]), null, new Uint32Array(0));
    expect(sameIndex(patched, stored)).toBe(true);
  });

  it("reads back what was written (keys with any UTF-16), and a damaged file is refused", async () => {
    const docs: Doc[] = [...old, ["\ud83d lone half", "数据 разбор ünïcode"]];
    const stored = storedOf(index(docs));
    const file = join(root, "index.bin");
    await writeStored(file, stored);
    const back = await readStored(file, docs.length);
    expect(back.keys).toEqual(stored.keys);
    expect(lists(indexOf(back))).toEqual(lists(index(docs)));
    await expect(readStored(file, docs.length - 1)).rejects.toThrow(/ordinal past/);
    const bytes = readFileSync(file);
    writeFileSync(file, bytes.subarray(0, bytes.length - 4));
    await expect(readStored(file, docs.length)).rejects.toThrow(/truncated|add up/);
    writeFileSync(file, Buffer.concat([bytes, Buffer.alloc(4)]));
    await expect(readStored(file, docs.length)).rejects.toThrow(/too many/);
  });
});
