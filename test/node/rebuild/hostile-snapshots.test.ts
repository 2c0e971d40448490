// Hostile and broken snapshots through the folder store: none of them may lose the live dataset or
// its `.previous` copy. An empty folder is never saved; a snapshot without skills.jsonl, with an
// unsafe path, or with a part that inflates past its declared size is refused before anything is
// replaced; a store failing midway leaves the dataset as it was; two restores in a row keep a good
// `.previous`.
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../../src/node/project-root.js";
import { folderStore, listSnapshots, type ObjectStore, restoreDataset, saveDataset } from "../../../src/node/rebuild/dataset-store.js";
import { tempDirs } from "../../support/temp-dirs.js";
import { bombParts } from "./gzip-bomb.js";

const tempDir = tempDirs();

/** A dataset folder (the embedded one) with a file that names it, so copies can be told apart. */
function dataset(label: string, parent = tempDir("hostile-live-")): string {
  const dir = join(parent, "data");
  cpSync(join(PROJECT_ROOT, "data"), dir, { recursive: true });
  writeFileSync(join(dir, "label.txt"), `${label}\n`);
  return dir;
}

const contents = (dir: string): Record<string, string> =>
  Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => [join(e.parentPath, e.name).slice(dir.length + 1), readFileSync(join(e.parentPath, e.name), "utf8")])
      .sort(([a], [b]) => (a! < b! ? -1 : 1)),
  );

const label = (dir: string) => readFileSync(join(dir, "label.txt"), "utf8").trim();
/** What sits beside the dataset folder: no staging or retired folder may be left behind. */
const siblings = (dir: string) => readdirSync(dirname(dir)).sort();

interface PlantedFile {
  path: string;
  /** The gzip bytes of its one part (absent: no part is written). */
  part?: Buffer;
  bytes: number;
  sha256: string;
}

const sha256 = (b: Buffer | string) => createHash("sha256").update(b).digest("hex");
const plain = (path: string, text: string): PlantedFile => ({
  path,
  part: gzipSync(text),
  bytes: Buffer.byteLength(text),
  sha256: sha256(text),
});

/** Writes a snapshot by hand into a folder store, as an attacker with write access to the bucket could, and makes it the latest. */
function plant(root: string, files: PlantedFile[], id = "20261120T060000Z-0123456789ab"): string {
  for (const f of files) {
    if (!f.part) continue;
    const at = join(root, "snapshots", id, `${f.path}.gz.000`);
    try {
      mkdirSync(dirname(at), { recursive: true });
      writeFileSync(at, f.part);
    } catch {
      // A path the file system itself refuses (a NUL): the manifest still names it.
    }
  }
  const manifest = {
    id,
    savedAt: "2026-11-20T06:00:00Z",
    files: files.map(({ path, bytes, sha256 }) => ({ path, bytes, sha256, parts: 1 })),
  };
  mkdirSync(join(root, "snapshots", id), { recursive: true });
  writeFileSync(join(root, "snapshots", id, "manifest.json"), JSON.stringify(manifest));
  writeFileSync(join(root, "latest.json"), JSON.stringify({ manifest, history: [{ id, savedAt: manifest.savedAt }] }));
  return id;
}

/** A live dataset with a `.previous` copy beside it, and a check that both are untouched. */
function liveWithPrevious() {
  // One level more than the dataset needs, so the folder above it is this test's own: counting its
  // entries is not disturbed by other processes writing to the system's temporary folder.
  const parent = join(tempDir("hostile-live-"), "parent");
  mkdirSync(parent);
  const live = dataset("live", parent);
  cpSync(live, `${live}.previous`, { recursive: true });
  writeFileSync(join(`${live}.previous`, "label.txt"), "previous\n");
  const before = { live: contents(live), previous: contents(`${live}.previous`), siblings: siblings(live) };
  const unchanged = () => {
    expect(contents(live)).toEqual(before.live);
    expect(contents(`${live}.previous`)).toEqual(before.previous);
    expect(siblings(live)).toEqual(before.siblings);
  };
  return { live, unchanged };
}

describe("saving refuses what is not a dataset", () => {
  it("an empty folder, or one without skills.jsonl, is not saved and the latest snapshot stays", async () => {
    const store = folderStore(tempDir("hostile-store-"));
    const good = await saveDataset(store, dataset("good"), { now: new Date("2026-11-20T06:00:00Z") });
    const empty = tempDir("hostile-empty-");
    await expect(saveDataset(store, empty, { now: new Date("2026-11-21T06:00:00Z") })).rejects.toThrow(/holds no skills\.jsonl/);
    const noSkills = dataset("no skills");
    rmSync(join(noSkills, "skills.jsonl"));
    await expect(saveDataset(store, noSkills, { now: new Date("2026-11-22T06:00:00Z") })).rejects.toThrow(/holds no skills\.jsonl/);
    expect((await listSnapshots(store)).map((s) => s.id)).toEqual([good.id]);
  });

  it("a file name a restore would refuse stops the save before any upload", async () => {
    const root = tempDir("hostile-store-");
    const source = dataset("backslash");
    writeFileSync(join(source, "a\\b.txt"), "x");
    await expect(saveDataset(folderStore(root), source, { now: new Date("2026-11-20T06:00:00Z") })).rejects.toThrow(/backslash/);
    expect(readdirSync(root)).toEqual([]);
  });
});

describe("restoring refuses hostile snapshots and never loses the dataset", () => {
  it("refuses a snapshot without skills.jsonl (the empty one of the old bug included)", async () => {
    for (const files of [[], [plain("meta.json", "{}\n")]]) {
      const root = tempDir("hostile-store-");
      plant(root, files);
      const { live, unchanged } = liveWithPrevious();
      await expect(restoreDataset(folderStore(root), live)).rejects.toThrow(/holds no skills\.jsonl/);
      unchanged();
    }
  });

  it("refuses manifest paths with empty, . or .. segments, absolute paths, backslashes and NUL", async () => {
    const hostile = [".", "", "..", "a/../b", "./skills.jsonl", "../outside.txt", "a//b", "a/", "/etc/passwd", "a\\b", "..\\x", "a\0b"];
    for (const path of hostile) {
      const root = tempDir("hostile-store-");
      plant(root, [plain("skills.jsonl", ""), plain(path, "pwned\n")]);
      const { live, unchanged } = liveWithPrevious();
      const outside = readdirSync(dirname(dirname(live))).length;
      await expect(restoreDataset(folderStore(root), live), JSON.stringify(path)).rejects.toThrow(/unsafe path/);
      unchanged();
      expect(readdirSync(dirname(dirname(live))).length).toBe(outside);
    }
  });

  it("refuses two entries for one file, and a file another entry needs as a folder", async () => {
    for (const [files, message] of [
      [[plain("skills.jsonl", ""), plain("skills.jsonl", "")], /names skills\.jsonl twice/],
      [[plain("skills.jsonl", ""), plain("a", "x"), plain("a/b", "y")], /names a both as a file and as a folder of a\/b/],
    ] as const) {
      const root = tempDir("hostile-store-");
      plant(root, [...files]);
      const { live, unchanged } = liveWithPrevious();
      await expect(restoreDataset(folderStore(root), live)).rejects.toThrow(message);
      unchanged();
    }
  });

  it("stops a part that inflates past its declared size and leaves the dataset intact", async () => {
    const root = tempDir("hostile-store-");
    const part = Buffer.concat(bombParts(64)); // 64 MiB of zeros in about 64 KiB
    plant(root, [{ path: "skills.jsonl", part, bytes: 1000, sha256: sha256("") }]);
    const { live, unchanged } = liveWithPrevious();
    await expect(restoreDataset(folderStore(root), live)).rejects.toThrow(/skills\.jsonl inflates to more than its declared 1000 bytes/);
    unchanged();
  });

  it("a store failing midway leaves the live dataset and its .previous intact", async () => {
    const root = tempDir("hostile-store-");
    const store = folderStore(root);
    await saveDataset(store, dataset("saved"), { now: new Date("2026-11-20T06:00:00Z"), partBytes: 4096 });
    let gets = 0;
    const failing: ObjectStore = {
      where: store.where,
      put: store.put,
      get: async (key, file) => {
        if (++gets === 6) throw new Error("connection reset");
        return store.get(key, file);
      },
    };
    const { live, unchanged } = liveWithPrevious();
    await expect(restoreDataset(failing, live)).rejects.toThrow("connection reset");
    unchanged();
  });

  it("two restores in a row: each keeps the dataset it replaced as .previous, and nothing else is left", async () => {
    const root = tempDir("hostile-store-");
    const store = folderStore(root);
    const first = await saveDataset(store, dataset("first"), { now: new Date("2026-11-20T06:00:00Z") });
    const second = await saveDataset(store, dataset("second"), { now: new Date("2026-11-21T06:00:00Z") });
    const live = dataset("original");
    expect((await restoreDataset(store, live))?.id).toBe(second.id);
    expect([label(live), label(`${live}.previous`)]).toEqual(["second", "original"]);
    expect((await restoreDataset(store, live, { id: first.id }))?.id).toBe(first.id);
    expect([label(live), label(`${live}.previous`)]).toEqual(["first", "second"]);
    expect(siblings(live)).toEqual(["data", "data.previous"]);
  });

  it("with the live folder gone (an interrupted restore of old), a restore keeps .previous, the only copy", async () => {
    const root = tempDir("hostile-store-");
    const store = folderStore(root);
    await saveDataset(store, dataset("saved"), { now: new Date("2026-11-20T06:00:00Z") });
    const live = dataset("original");
    cpSync(live, `${live}.previous`, { recursive: true });
    rmSync(live, { recursive: true });
    await restoreDataset(store, live);
    expect([label(live), label(`${live}.previous`)]).toEqual(["saved", "original"]);
    // A live folder that is not a dataset is replaced without taking the place of the good .previous.
    rmSync(join(live, "skills.jsonl"));
    await restoreDataset(store, live);
    expect([label(live), label(`${live}.previous`)]).toEqual(["saved", "original"]);
    expect(siblings(live)).toEqual(["data", "data.previous"]);
  });

  it("restoring into a folder that does not exist yet creates it, with no .previous", async () => {
    const root = tempDir("hostile-store-");
    const store = folderStore(root);
    await saveDataset(store, dataset("saved"), { now: new Date("2026-11-20T06:00:00Z") });
    const live = join(tempDir("hostile-new-"), "data");
    await restoreDataset(store, live);
    expect(label(live)).toBe("saved");
    expect(existsSync(`${live}.previous`)).toBe(false);
  });
});
