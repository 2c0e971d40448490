// The asset store's caching of slotted entries: an entry read by key or slot number is cached on its
// own, so reading it again fetches nothing, while the shard it sits in is not kept (another entry of it
// is a new fetch); one call reads a shard once however many of its entries it asks for; an absent entry
// is undefined, and is remembered too. Run over real files through the folder-backed ASSETS binding.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AssetFetcher } from "../../src/api/env.js";
import { createAssetStore } from "../../src/api/store.js";
import { DATA_PATH } from "../../src/contract/paths.js";
import { encodeSlotted } from "../../src/contract/slotted.js";
import { folderAssets } from "../../src/node/folder-assets.js";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "store-slots-"));
  mkdirSync(join(dir, DATA_PATH, "shards"), { recursive: true });
  const entries = Array.from(
    { length: 40 },
    (_, i) => [`key-${String(i).padStart(2, "0")}`, JSON.stringify({ n: i, text: "x".repeat(i) })] as const,
  );
  writeFileSync(join(dir, DATA_PATH, "shards", "a.bin"), encodeSlotted(entries));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function counted() {
  const inner = folderAssets(dir);
  const fetched: string[] = [];
  const assets: AssetFetcher = {
    fetch(input) {
      fetched.push(new URL(typeof input === "string" || input instanceof URL ? input : input.url).pathname);
      return inner.fetch(input);
    },
  };
  return { store: createAssetStore(assets), fetched };
}

describe("slotted entries in the asset store", () => {
  it("caches each entry read, not the shard", async () => {
    const { store, fetched } = counted();
    expect(await store.slots("shards/a.bin", ["key-03", 7, "key-39"])).toEqual([
      { n: 3, text: "xxx" },
      { n: 7, text: "xxxxxxx" },
      { n: 39, text: "x".repeat(39) },
    ]);
    expect(fetched).toHaveLength(1);
    expect(await store.slots("shards/a.bin", [7, "key-03"])).toEqual([
      { n: 7, text: "xxxxxxx" },
      { n: 3, text: "xxx" },
    ]);
    expect(fetched).toHaveLength(1);
    // Slot 7 is cached by its number, not by its key: asking by key reads the shard again.
    expect(await store.slots("shards/a.bin", ["key-07", "key-05"])).toEqual([
      { n: 7, text: "xxxxxxx" },
      { n: 5, text: "xxxxx" },
    ]);
    expect(fetched).toHaveLength(2);
  });

  it("answers undefined for an absent key or slot, and remembers it", async () => {
    const { store, fetched } = counted();
    expect(await store.slots("shards/a.bin", ["nope", 40, "key-00"])).toEqual([undefined, undefined, { n: 0, text: "" }]);
    expect(await store.slots("shards/a.bin", ["nope", 40])).toEqual([undefined, undefined]);
    expect(fetched).toHaveLength(1);
  });

  it("shares one fetch between a request's concurrent reads of a shard", async () => {
    const { store, fetched } = counted();
    const session = store.session();
    const [a, b] = await Promise.all([session.slots("shards/a.bin", [1]), session.slots("shards/a.bin", [2])]);
    expect([a, b]).toEqual([[{ n: 1, text: "x" }], [{ n: 2, text: "xx" }]]);
    expect(fetched).toHaveLength(1);
  });
});
