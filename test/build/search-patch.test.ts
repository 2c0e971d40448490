// The index writers' patch mode (an incremental build): a patched write over the previous build's
// shards gives exactly the shards and bytes a whole write of the new keys gives, keeps the shards no
// changed key reaches, and a patch that hides a change is caught (the comparison can fail). Also
// the keys two stored indexes differ by, and the category counts taken once.
import { describe, expect, it } from "vitest";
import { indexOf, type StoredIndex } from "../../src/build/cache/index-store.js";
import { categoryMembers } from "../../src/build/categories.js";
import type { OutputSink } from "../../src/build/output.js";
import { patchPrefixUnions } from "../../src/build/search-index/prefix-patch.js";
import { prefixUnions } from "../../src/build/search-index/prefix-unions.js";
import { changedSuggestions, holdsIn, shardPatch } from "../../src/build/search-index/search-patch.js";
import { type KeyLists, writeJsonShards, writeTermShards } from "../../src/build/search-index/search-shards.js";
import { topByPrefix, topKeys } from "../../src/build/search-index/suggest-build.js";
import { patchTypoShards } from "../../src/build/search-index/typo-patch.js";
import { writeTypoShards } from "../../src/build/search-index/typo-shards.js";
import type { CategoriesFile, SkillRecord } from "../../src/schemas/dataset.js";
import { changedKeys } from "../support/index-compare.js";

/** An in-memory sink: path -> bytes. */
const memorySink = () => {
  const files = new Map<string, string>();
  const sink: OutputSink = {
    write: async (path, data) => {
      files.set(path, typeof data === "string" ? data : Buffer.from(data).toString("base64"));
    },
  };
  return { files, sink };
};

/** A seeded generator (mulberry32), so a failure repeats. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

type Family = Map<string, number[][]>;
const DOCS = 500;

function family(rand: () => number, size: number): Family {
  const out: Family = new Map();
  for (let i = 0; i < size; i++) {
    const key = `k${Math.floor(rand() * 1e9).toString(36)}`;
    out.set(
      key,
      [0, 1, 2].map(() =>
        [...new Set(Array.from({ length: Math.floor(rand() * 40) }, () => Math.floor(rand() * DOCS)))].sort((a, b) => a - b),
      ),
    );
  }
  return out;
}

const sorted = (f: Family) => [...f.keys()].sort();

async function writeFamily(f: Family, patch?: Parameters<typeof writeTermShards>[6]) {
  const { files, sink } = memorySink();
  const keys = sorted(f);
  const listsAt = (i: number): KeyLists => f.get(keys[i]!)!;
  const written = await writeTermShards(sink, "terms", keys, listsAt, DOCS, undefined, patch);
  return { ...written, files };
}

/** The new family: some keys' lists changed, some added, some removed. */
function changed(f: Family, rand: () => number): { next: Family; keys: string[] } {
  const next = new Map(f);
  const keys = sorted(f);
  const touched: string[] = [];
  for (let n = 0; n < 6; n++) {
    const key = keys[Math.floor(rand() * keys.length)]!;
    next.set(key, [[1, 2, 3], [], [Math.floor(rand() * DOCS)]]);
    touched.push(key);
  }
  const gone = keys[Math.floor(rand() * keys.length)]!;
  next.delete(gone);
  touched.push(gone);
  const added = `k${Math.floor(rand() * 1e9).toString(36)}zz`;
  next.set(added, [[7], [8], [9]]);
  touched.push(added);
  return { next, keys: touched.sort() };
}

describe("patched term shards", () => {
  it("equal a whole write of the new keys, keep the shards no changed key reaches, and catch a hidden change", async () => {
    const rand = random(7);
    const before = family(rand, 20000);
    const previous = await writeFamily(before);
    expect(previous.shards.length).toBeGreaterThan(20);
    const { next, keys } = changed(before, rand);
    const whole = await writeFamily(next);

    const kept: string[] = [];
    const keep = async (file: string) => {
      kept.push(file);
      return previous.files.has(file);
    };
    const patched = await writeFamily(next, shardPatch(previous.shards, keys, keep));
    // The manifest part and every file the patched write left (kept from the previous site or written).
    const files = new Map([...patched.files, ...kept.map((f) => [f, previous.files.get(f)!] as const)]);
    expect(patched.shards).toEqual(whole.shards);
    expect(new Map([...files].filter(([f]) => patched.shards.some((s) => s.file === f)))).toEqual(whole.files);
    expect(kept.length).toBeGreaterThan(0);
    expect(patched.files.size).toBeLessThan(whole.shards.length);

    // A patch told nothing changed keeps every shard: the output differs from a whole write.
    const blind = await writeFamily(
      next,
      shardPatch(previous.shards, [], async () => true),
    );
    expect(blind.shards).not.toEqual(whole.shards);
  });

  it("keeps everything when nothing changed, and nothing when a kept file is missing", async () => {
    const f = family(random(3), 3000);
    const previous = await writeFamily(f);
    const all = await writeFamily(
      f,
      shardPatch(previous.shards, [], async () => true),
    );
    expect(all.files.size).toBe(0);
    expect(all.shards).toEqual(previous.shards);
    const none = await writeFamily(
      f,
      shardPatch(previous.shards, [], async () => false),
    );
    expect(none.shards).toEqual(previous.shards);
    expect(none.files).toEqual(previous.files);
  });
});

describe("patched JSON shards", () => {
  it("equal a whole write", async () => {
    const rand = random(11);
    const before: [string, number][] = [
      ...new Map(
        Array.from({ length: 20000 }, () => [`w${Math.floor(rand() * 1e9).toString(36)}`, Math.floor(rand() * 100)] as [string, number]),
      ),
    ].sort((a, b) => (a[0] < b[0] ? -1 : 1));
    const after = before.filter((_, i) => i !== 4000).map((e, i): [string, number] => (i % 4999 === 0 ? [e[0], e[1] + 1] : e));
    const write = async (items: [string, number][], patch?: Parameters<typeof writeJsonShards>[5]) => {
      const { files, sink } = memorySink();
      return { shards: await writeJsonShards(sink, "suggest", items, (e) => e[0], 4096, patch), files };
    };
    const previous = await write(before);
    const whole = await write(after);
    const changedTexts = changedSuggestions(before, after);
    expect(changedTexts.length).toBe(1 + Math.ceil(after.length / 4999));
    const patched = await write(
      after,
      shardPatch(previous.shards, changedTexts, async (f) => previous.files.has(f)),
    );
    expect(patched.shards).toEqual(whole.shards);
    for (const [file, text] of patched.files) expect(whole.files.get(file)).toBe(text);
    // Cutting by size: a removed entry may move the next cuts until one lands where a previous shard starts.
    expect(patched.files.size).toBeLessThan(whole.shards.length);
    const blind = await write(
      after,
      shardPatch(previous.shards, [], async () => true),
    );
    expect(blind.shards).not.toEqual(whole.shards);
  });
});

describe("patched typo shards", () => {
  /** Words over a few letters, so many share typo keys (as real words do), with their weights. */
  const vocabulary = (rand: () => number, size: number): Map<string, number> => {
    const out = new Map<string, number>();
    while (out.size < size) {
      const length = 4 + Math.floor(rand() * 8);
      const word = Array.from({ length }, () => "abcdefghij"[Math.floor(rand() * 10)]).join("");
      out.set(word, 1 + Math.floor(rand() * 50));
    }
    return out;
  };
  const writeWhole = async (words: Map<string, number>) => {
    const { files, sink } = memorySink();
    return { typo: await writeTypoShards(sink, words), files };
  };
  /** The previous files as a reader of the previous site sees them (undefined: unreadable). */
  const reader = (files: Map<string, string>) => async (file: string) => {
    const text = files.get(file);
    return text === undefined ? undefined : new Uint8Array(Buffer.from(text, "base64"));
  };

  it("equal a whole write of the new vocabulary, keep the shards no changed word reaches, and catch a hidden change", async () => {
    const rand = random(21);
    const before = vocabulary(rand, 20000);
    const previous = await writeWhole(before);
    expect(previous.typo.shards.length).toBeGreaterThan(10);
    const after = new Map(before);
    const words = [...before.keys()];
    const changes = new Map<string, number | undefined>();
    // Weights moved, words removed, words added (new keys among them).
    for (let n = 0; n < 2; n++) {
      const w = words[Math.floor(rand() * words.length)]!;
      after.set(w, before.get(w)! + 1);
      changes.set(w, before.get(w)! + 1);
    }
    for (let n = 0; n < 2; n++) {
      const w = words[Math.floor(rand() * words.length)]!;
      after.delete(w);
      changes.set(w, undefined);
    }
    for (const w of ["abcdxyz", "zzzzzz"]) {
      after.set(w, 3);
      changes.set(w, 3);
    }
    const whole = await writeWhole(after);
    const kept: string[] = [];
    const { files, sink } = memorySink();
    const patched = await patchTypoShards(sink, {
      previous: previous.typo,
      changes,
      read: reader(previous.files),
      keep: async (file) => {
        kept.push(file);
        return previous.files.has(file);
      },
    });
    if (typeof patched === "string") throw new Error(patched);
    expect(patched.typo).toEqual(whole.typo);
    for (const shard of whole.typo.shards)
      expect(files.get(shard.file) ?? previous.files.get(shard.file)).toBe(whole.files.get(shard.file));
    expect(patched.kept).toBe(kept.length);
    // Six words changed of 20,000: about half the shards are kept (a word's keys span one or two).
    expect(kept.length).toBeGreaterThan(previous.typo.shards.length / 3);
    expect(files.size + kept.length).toBe(whole.typo.shards.length);

    // A patch told of no change keeps the previous index: not the whole write's.
    const blind = await patchTypoShards(memorySink().sink, {
      previous: previous.typo,
      changes: new Map(),
      read: reader(previous.files),
      keep: async () => true,
    });
    if (typeof blind === "string") throw new Error(blind);
    expect(blind.typo).not.toEqual(whole.typo);
  });

  it("cuts again from a changed shard until a cut meets a previous one, and says why it cannot patch", async () => {
    const rand = random(4);
    const before = vocabulary(rand, 6000);
    const previous = await writeWhole(before);
    // Many added words in one region move its cuts.
    const after = new Map(before);
    const changes = new Map<string, number | undefined>();
    for (let n = 0; n < 400; n++) {
      const w = `c${Array.from({ length: 6 }, () => "abcdefgh"[Math.floor(rand() * 8)]).join("")}x`;
      after.set(w, 2);
      changes.set(w, 2);
    }
    const whole = await writeWhole(after);
    const { files, sink } = memorySink();
    const patched = await patchTypoShards(sink, {
      previous: previous.typo,
      changes,
      read: reader(previous.files),
      keep: async (file) => previous.files.has(file),
    });
    if (typeof patched === "string") throw new Error(patched);
    expect(patched.typo).toEqual(whole.typo);
    for (const shard of whole.typo.shards)
      expect(files.get(shard.file) ?? previous.files.get(shard.file)).toBe(whole.files.get(shard.file));
    expect(patched.kept).toBeGreaterThan(0);

    // A previous shard that cannot be read: the reason, and nothing written.
    const none = memorySink();
    const unread = await patchTypoShards(none.sink, {
      previous: previous.typo,
      changes,
      read: async () => undefined,
      keep: async () => true,
    });
    expect(unread).toMatch(/is not the previous build's/);
    expect(none.files.size).toBe(0);
  });
});

describe("patched prefix unions", () => {
  /** A family of words over few letters (so prefixes are big) as a stored index: three lists a word. */
  const words = (rand: () => number, size: number): Family => {
    const out: Family = new Map();
    while (out.size < size) {
      const word = Array.from({ length: 3 + Math.floor(rand() * 6) }, () => "abcdefgh"[Math.floor(rand() * 8)]).join("");
      out.set(
        word,
        // Every word in one list at least (a word no skill holds is not indexed).
        [0, 1, 2].map((f) =>
          [...new Set(Array.from({ length: Math.floor(rand() * 6) + (f === 2 ? 1 : 0) }, () => Math.floor(rand() * DOCS)))].sort(
            (a, b) => a - b,
          ),
        ),
      );
    }
    return out;
  };
  const storedOf = (f: Family): StoredIndex => {
    const keys = sorted(f);
    return {
      keys,
      fields: [0, 1, 2].map((n) => {
        const start = new Uint32Array(keys.length + 1);
        keys.forEach((k, i) => (start[i + 1] = start[i]! + f.get(k)![n]!.length));
        return { start, ordinals: Uint32Array.from(keys.flatMap((k) => f.get(k)![n]!)) };
      }),
    };
  };
  const THRESHOLD = 2;
  const writeWhole = async (f: Family) => {
    const { files, sink } = memorySink();
    const keys = sorted(f);
    const unions = prefixUnions(keys, (i) => f.get(keys[i]!)!, DOCS, THRESHOLD);
    const written = await writeTermShards(
      sink,
      "prefixes",
      unions.map(([p]) => p),
      (i) => unions[i]![1],
      DOCS,
    );
    return { shards: written.shards, files };
  };
  const reader = (files: Map<string, string>) => async (file: string) => {
    const text = files.get(file);
    return text === undefined ? undefined : new Uint8Array(Buffer.from(text, "base64"));
  };
  /** One skill re-indexed: it drops some words and gains others (one new), and a word no skill holds any more is gone. */
  const reindexed = (before: Family, rand: () => number, skill: number): Family => {
    const next = new Map([...before].map(([k, lists]) => [k, lists.map((l) => [...l])]));
    // Its words share a first letter here, so most shards (other first letters) stay as they were.
    const keys = sorted(before).filter((k) => k.startsWith("b"));
    for (let n = 0; n < 12; n++) {
      const lists = next.get(keys[Math.floor(rand() * keys.length)]!)!;
      const f = Math.floor(rand() * 3);
      lists[f] = lists[f]!.includes(skill) ? lists[f]!.filter((o) => o !== skill) : [...lists[f]!, skill].sort((a, b) => a - b);
    }
    next.set("bcfedcba", [[skill], [], []]);
    for (const [k, lists] of next) if (lists.every((l) => l.length === 0)) next.delete(k);
    return next;
  };

  it("equal a whole write, move only the unions the changed lists reach, and catch a hidden change", async () => {
    const rand = random(17);
    const before = words(rand, 12000);
    const previous = await writeWhole(before);
    expect(previous.shards.length).toBeGreaterThan(2);
    const stored = storedOf(before);
    for (const skill of [3, 499]) {
      const after = reindexed(before, rand, skill);
      const whole = await writeWhole(after);
      const changed = changedKeys(stored, storedOf(after));
      const { files, sink } = memorySink();
      const kept: string[] = [];
      const patched = await patchPrefixUnions(sink, indexOf(storedOf(after)), THRESHOLD, DOCS, {
        previous: previous.shards,
        changed,
        before: indexOf(stored),
        read: reader(previous.files),
        keep: async (file) => kept.push(file) > 0,
      });
      if (typeof patched === "string") throw new Error(patched);
      expect(patched.shards).toEqual(whole.shards);
      for (const shard of whole.shards) expect(files.get(shard.file) ?? previous.files.get(shard.file)).toBe(whole.files.get(shard.file));
      expect(kept.length).toBeGreaterThan(0);
      expect(files.size).toBeLessThan(whole.shards.length);

      // Told of no changed word, the patch keeps the previous unions: not the whole write's.
      const blind = await patchPrefixUnions(memorySink().sink, indexOf(storedOf(after)), THRESHOLD, DOCS, {
        previous: previous.shards,
        changed: [],
        before: indexOf(stored),
        read: reader(previous.files),
        keep: async () => true,
      });
      if (typeof blind === "string") throw new Error(blind);
      expect(blind.shards).not.toEqual(whole.shards);
    }
  });

  it("add and drop the prefixes that cross the threshold", async () => {
    const rand = random(23);
    const before = words(rand, 3000);
    const previous = await writeWhole(before);
    const keys = sorted(before);
    // A run of new words under one prefix makes it big; removing most words under another makes it small.
    const after = new Map(before);
    for (let n = 0; n < THRESHOLD + 5; n++) after.set(`fafa${n.toString(6)}`, [[n], [], []]);
    const small = keys.filter((k) => k.startsWith("cd"));
    for (const k of small.slice(0, small.length - 3)) after.delete(k);
    const whole = await writeWhole(after);
    expect(whole.shards).not.toEqual(previous.shards);
    const { files, sink } = memorySink();
    const patched = await patchPrefixUnions(sink, indexOf(storedOf(after)), THRESHOLD, DOCS, {
      previous: previous.shards,
      changed: changedKeys(storedOf(before), storedOf(after)),
      before: indexOf(storedOf(before)),
      read: reader(previous.files),
      keep: async (file) => previous.files.has(file),
    });
    if (typeof patched === "string") throw new Error(patched);
    expect(patched.shards).toEqual(whole.shards);
    for (const shard of whole.shards) expect(files.get(shard.file) ?? previous.files.get(shard.file)).toBe(whole.files.get(shard.file));
  });
});

describe("top keys", () => {
  it("are the prefixes topByPrefix buckets, in order, found in one pass", () => {
    const rand = random(9);
    const alphabet = ["a", "b", "é", "😀", " ", "z"];
    const texts = new Set<string>();
    while (texts.size < 3000)
      texts.add(Array.from({ length: 1 + Math.floor(rand() * 6) }, () => alphabet[Math.floor(rand() * 6)]).join(""));
    const entries = [...texts].sort().map((t): [string, number] => [t, 1]);
    const expected = topByPrefix(entries).map(([p]) => p);
    expect(topKeys(entries)).toEqual(expected);
    // Reordered, the pass would repeat a prefix: it relies on the order it is given.
    expect(topKeys([...entries].reverse())).not.toEqual(expected);
  });
});

describe("changed keys", () => {
  const stored = (entries: [string, number[]][]): StoredIndex => {
    const start = new Uint32Array(entries.length + 1);
    entries.forEach(([, list], i) => (start[i + 1] = start[i]! + list.length));
    return { keys: entries.map(([k]) => k), fields: [{ start, ordinals: Uint32Array.from(entries.flatMap(([, l]) => l)) }] };
  };
  it("are the added, removed and otherwise listed keys, sorted", () => {
    const a = stored([
      ["a", [1]],
      ["b", [1, 2]],
      ["c", [3]],
      ["e", [4]],
    ]);
    const b = stored([
      ["a", [1]],
      ["b", [1, 3]],
      ["d", [3]],
      ["e", [4]],
      ["f", [0]],
    ]);
    expect(changedKeys(a, b)).toEqual(["b", "c", "d", "f"]);
    expect(changedKeys(a, a)).toEqual([]);
    expect(holdsIn(["b", "d"], "c", "c")).toBe(false);
    expect(holdsIn(["b", "d"], "c", "d")).toBe(true);
    expect(holdsIn(["b", "d"], "e", undefined)).toBe(false);
  });
});

describe("category members", () => {
  it("count each subcategory as a filter of its category's members would", () => {
    const file = {
      categories: [
        { slug: "dev", subcategories: [{ slug: "web" }, { slug: "cli" }] },
        { slug: "ops", subcategories: [{ slug: "web" }] },
      ],
    } as unknown as CategoriesFile;
    const rand = random(5);
    const pick = <T>(xs: T[]) => xs.filter(() => rand() < 0.5);
    const records = Array.from(
      { length: 300 },
      (_, i) =>
        ({
          owner: "o",
          repo: `r${i}`,
          stars: Math.floor(rand() * 10),
          categories: pick(["dev", "ops", "dev"]),
          subcategories: pick(["dev/web", "dev/cli", "ops/web", "dev/web", "other/x"]),
        }) as unknown as SkillRecord,
    );
    const members = categoryMembers(file, records);
    for (const def of file.categories)
      for (const sub of def.subcategories) {
        const naive = members.bySlug.get(def.slug)!.filter((r) => r.subcategories.includes(`${def.slug}/${sub.slug}`)).length;
        expect(members.subcategoryCounts.get(`${def.slug}/${sub.slug}`) ?? 0).toBe(naive);
      }
  });
});
