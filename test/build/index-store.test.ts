// The build cache's stored index: patched with changed, new and deleted rows it equals a fresh
// collection of the new sequence (keys no row holds any more dropped), it reads back what was
// written, and a damaged file is refused, read whole or checked a window at a time.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { changedByPatch, type IndexPatch, patchStoredFile } from "../../src/build/cache/index-patch.js";
import {
  indexOf,
  openStored,
  previousLists,
  readStored,
  readWholeFile,
  type StoredIndex,
  storedOf,
  writeStored,
} from "../../src/build/cache/index-store.js";
import { PostingCollector, type PostingIndex } from "../../src/build/search-index/collect-postings.js";
import { SortedRunMerger } from "../../src/build/search-index/run-merge.js";
import { seeded } from "../../src/synth/random.js";
import { changedKeys, sameIndex } from "../support/index-compare.js";

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
let files = 0;
/** `stored` written to a file of its own, then patched from it, read `window` ordinals at a time. */
const patchFile = async (stored: StoredIndex, patch: IndexPatch, window = 4) => {
  const file = join(root, `patched-${files++}.bin`);
  await writeStored(file, stored);
  const opened = await openStored(file, patch.oldTo.length, window);
  const patched = patchStoredFile(opened, patch, true);
  // The dry run finds the same changed keys without making the index.
  expect(changedByPatch(opened, patch)).toEqual(patched.changed);
  return patched;
};

const old: Doc[] = [
  ["alpha parser", "reads tokens quickly"],
  ["beta renderer", "draws frames"],
  ["gamma cache", "keeps entries warm"],
  ["delta queue", "orders jobs fairly"],
  ["zeta ledger", "books entries warm"],
];

describe("the stored index", () => {
  it("patched equals a fresh collection of the new sequence: changed, new and deleted rows, a key gone", async () => {
    // alpha kept, beta changed, gamma deleted, a new one, delta kept, zeta deleted ("warm" and "entries" held by none now).
    const fresh: Doc[] = [
      ["beta renderer", "draws frames faster"],
      ["epsilon planner", "plans routes"],
    ];
    const next: Doc[] = [old[0]!, fresh[0]!, fresh[1]!, old[3]!];
    const { index: patched } = await patchFile(storedOf(index(old)), {
      oldTo: Int32Array.from([0, -1, -1, 3, -1]),
      fresh: collector(fresh).part(),
      freshTo: Uint32Array.from([1, 2]),
    });
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

  it("patched with lists longer than a window and than the dry run's first buffer", async () => {
    const docs: Doc[] = Array.from({ length: 3000 }, (_, i) => [`common ${i % 7 === 0 ? "seventh" : "plain"}`, `word${i % 3}`]);
    const oldTo = Int32Array.from(docs, (_, r) => (r === 1500 ? -1 : r));
    const fresh: Doc[] = [["common plain", "word0 novel"]];
    const next = docs.map((d, r) => (r === 1500 ? fresh[0]! : d));
    const patched = await patchFile(
      storedOf(index(docs)),
      { oldTo, fresh: collector(fresh).part(), freshTo: Uint32Array.from([1500]) },
      256,
    );
    expect(lists(indexOf(patched.index))).toEqual(lists(index(next)));
    // Row 1500 is written again with the words it had ("common", "plain", "word0") and one more: only that one's list changed.
    expect(patched.changed).toEqual(["novel"]);
  });

  it("patched with nothing changed is the same index, and says no key changed", async () => {
    const stored = storedOf(index(old));
    const patched = await patchFile(stored, { oldTo: Int32Array.from([0, 1, 2, 3, 4]), fresh: null, freshTo: new Uint32Array(0) });
    expect(sameIndex(patched.index, stored)).toBe(true);
    expect(patched.changed).toEqual([]);
    expect(patched.previousChanged!.keys).toEqual([]);
  });

  // The patch copies the lists of keys no changed row touches in runs (as they are when every kept
  // row keeps its ordinal, mapped otherwise) and merges the others one by one: checked against a
  // fresh collection over random sequences, with rows changed in place, and with rows added and deleted.
  // Patched from its file (openStored), the index is read a window at a time: windows of a few
  // ordinals, shorter than many lists, exercise the refills.
  for (const shape of ["changed in place", "added, deleted and changed"] as const)
    it(`patched from its file equals a fresh collection over random sequences: ${shape}`, async () => {
      const rand = seeded(shape.length).next;
      const words = Array.from({ length: 40 }, (_, i) => `w${i.toString(36)}`);
      const text = (n: number) =>
        Array.from({ length: 1 + Math.floor(rand() * n) }, () => words[Math.floor(rand() * words.length)]).join(" ");
      for (let round = 0; round < 20; round++) {
        const before: Doc[] = Array.from({ length: 30 + Math.floor(rand() * 30) }, () => [text(3), text(6)]);
        const next: Doc[] = [];
        const oldTo = new Int32Array(before.length).fill(-1);
        const fresh: Doc[] = [];
        const freshTo: number[] = [];
        const add = (doc: Doc) => {
          freshTo.push(next.length);
          fresh.push(doc);
          next.push(doc);
        };
        before.forEach((doc, r) => {
          const roll = rand();
          if (shape === "changed in place" ? roll < 0.1 : roll < 0.05) add([text(3), `${text(6)} novel${round}`]);
          else if (shape !== "changed in place" && roll < 0.15) return;
          else {
            oldTo[r] = next.length;
            next.push(doc);
          }
          if (shape !== "changed in place" && rand() < 0.08) add([text(2), text(4)]);
        });
        const stored = storedOf(index(before));
        const part = fresh.length > 0 ? collector(fresh).part() : null;
        const fromFile = await patchFile(stored, { oldTo, fresh: part, freshTo: Uint32Array.from(freshTo) }, 1 + (round % 4));
        const patched = fromFile.index;
        expect(lists(indexOf(patched))).toEqual(lists(index(next)));
        expect(sameIndex(patched, storedOf(index(next)))).toBe(true);
        // The changed keys, and the previous lists from the patched index and the changed keys' previous
        // lists alone: every key's as the previous index has it (a key it lacks undefined).
        const changed = changedKeys(stored, patched);
        expect(fromFile.changed).toEqual(changed);
        const previous = previousLists(indexOf(fromFile.index), changed, fromFile.previousChanged!);
        const was = indexOf(stored);
        for (const key of [...new Set([...stored.keys, ...patched.keys, "absent"])])
          for (const f of [0, 1]) expect([key, f, previous.listOf(key, f)]).toEqual([key, f, was.listOf(key, f)]);
        expect(previous.fieldCount).toBe(2);
        if (shape === "changed in place") expect(fromFile.previousChanged!.keys.length).toBeLessThan(stored.keys.length);
      }
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
    // Checked without being held: the same refusals.
    expect((await openStored(file, docs.length, 2)).keys).toEqual(stored.keys);
    await expect(openStored(file, docs.length - 1, 2)).rejects.toThrow(/ordinal past/);
    const bytes = readFileSync(file);
    writeFileSync(file, bytes.subarray(0, bytes.length - 4));
    await expect(readStored(file, docs.length)).rejects.toThrow(/truncated|add up/);
    await expect(openStored(file, docs.length)).rejects.toThrow(/truncated|add up/);
    writeFileSync(file, Buffer.concat([bytes, Buffer.alloc(4)]));
    await expect(readStored(file, docs.length)).rejects.toThrow(/too many/);
    await expect(openStored(file, docs.length)).rejects.toThrow(/too many/);
  });

  // The term index at 1M skills is 2.5 GB, past what readFile reads (2 GiB): it is read a chunk at a
  // time, here with chunks of a few bytes so the joins are exercised on a small file.
  it("reads a file a chunk at a time into one buffer, whatever the chunk", async () => {
    const file = join(root, "chunks.bin");
    const bytes = Buffer.from(Array.from({ length: 1001 }, (_, i) => (i * 7) % 256));
    writeFileSync(file, bytes);
    for (const chunk of [1, 3, 64, 1000, 1001, 1 << 20]) expect((await readWholeFile(file, chunk)).equals(bytes)).toBe(true);
    writeFileSync(file, "");
    expect((await readWholeFile(file, 3)).length).toBe(0);
  });

  it("writes an index whose lists are by key id (a build's own) as the same bytes as its sorted copy, gathered a chunk at a time", async () => {
    const rand = seeded(5);
    const words = ["zulu", "alpha", "mike", "bravo", "yankee", "charlie", "x-ray", "delta", "whiskey", "echo"];
    const docs: Doc[] = Array.from({ length: 300 }, () => [
      Array.from({ length: 3 }, () => rand.pick(words)).join(" "),
      Array.from({ length: 6 }, () => rand.pick(words)).join(" "),
    ]);
    // Two runs merged as the build merges its first pass's (ids in order of first sight); the second
    // run's own words sort before the first's, so ids and key order differ.
    const run = (from: number, to: number, extra: string) => {
      const c = new PostingCollector(2, from);
      for (const [a, b] of docs.slice(from, to)) {
        c.addPhraseText(0, `${a} ${extra}`);
        c.addText(1, b);
        c.endSkill();
      }
      return c.part();
    };
    const merger = new SortedRunMerger();
    merger.add(run(0, 150, ""));
    merger.add(run(150, 300, "aardvark"));
    const ix = merger.finish();
    const snapshot = ix.snapshot();
    expect(Array.from(snapshot.keyOrder)).not.toEqual(Array.from(snapshot.keyOrder, (_, i) => i));
    const sorted = join(root, "sorted.bin");
    await writeStored(sorted, storedOf(ix));
    for (const chunk of [1, 7, 64, 1 << 22]) {
      const file = join(root, `by-id-${chunk}.bin`);
      await writeStored(file, snapshot, chunk);
      expect(readFileSync(file).equals(readFileSync(sorted)), `chunk ${chunk}`).toBe(true);
    }
    expect(lists(indexOf(await readStored(sorted, docs.length)))).toEqual(lists(ix));
    expect(ix.keys).toContain("aardvark");
  });
});
