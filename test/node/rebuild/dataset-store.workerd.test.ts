// Saving and restoring the dataset outside git: a folder store (split into parts, verified, the
// latest pointer moved last) and wrangler's local R2, through the same commands a rebuild uses.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../../src/node/project-root.js";
import {
  folderStore,
  listSnapshots,
  type ObjectStore,
  r2Store,
  restoreDataset,
  saveDataset,
  storeFromSpec,
} from "../../../src/node/rebuild/dataset-store.js";
import { tempDirs } from "../../support/temp-dirs.js";

const tempDir = tempDirs();

/** A copy of the embedded dataset plus a nested file, so paths with folders are covered. */
function sampleDataset(): string {
  const dir = join(tempDir("dataset-src-"), "data");
  cpSync(join(PROJECT_ROOT, "data"), dir, { recursive: true });
  mkdirSync(join(dir, "nested"));
  writeFileSync(join(dir, "nested", "note.txt"), "hello\n");
  return dir;
}

const contents = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => [join(e.parentPath, e.name).slice(dir.length + 1), readFileSync(join(e.parentPath, e.name), "utf8")])
      .sort(([a], [b]) => (a! < b! ? -1 : 1)),
  );

describe("dataset store (folder)", () => {
  it("restores exactly what was saved, in several parts, and lists the snapshots newest first", async () => {
    const source = sampleDataset();
    const store = folderStore(tempDir("store-"));
    const first = await saveDataset(store, source, { now: new Date("2026-11-20T06:00:00Z"), partBytes: 4096 });
    expect(first.files.find((f) => f.path === "skills.jsonl")!.parts).toBeGreaterThan(1);
    writeFileSync(join(source, "meta.json"), '{"generatedAt":"2026-11-21T06:00:00Z"}\n');
    const second = await saveDataset(store, source, { now: new Date("2026-11-21T06:00:00Z"), partBytes: 4096 });
    expect(second.id).not.toBe(first.id);
    expect((await listSnapshots(store)).map((s) => s.id)).toEqual([second.id, first.id]);

    const target = join(tempDir("restore-"), "dataset");
    const restored = await restoreDataset(store, target);
    expect(restored?.id).toBe(second.id);
    expect(contents(target)).toEqual(contents(source));

    // Rolling back: an older snapshot by id.
    await restoreDataset(store, target, { id: first.id });
    expect(JSON.parse(readFileSync(join(target, "meta.json"), "utf8")).generatedAt).toBe("2026-11-20T06:00:00Z");
  });

  it("an empty store restores nothing and leaves the folder as it was", async () => {
    const target = sampleDataset();
    const before = contents(target);
    expect(await restoreDataset(folderStore(tempDir("empty-store-")), target)).toBeUndefined();
    expect(contents(target)).toEqual(before);
  });

  it("a save that dies midway leaves the previous snapshot the latest", async () => {
    const source = sampleDataset();
    const root = tempDir("store-");
    const store = folderStore(root);
    const good = await saveDataset(store, source, { now: new Date("2026-11-20T06:00:00Z") });
    let puts = 0;
    const failing: ObjectStore = {
      where: store.where,
      get: store.get,
      put: async (key, file) => {
        if (++puts === 3) throw new Error("connection reset");
        await store.put(key, file);
      },
    };
    writeFileSync(join(source, "stats.json"), "{}\n");
    await expect(saveDataset(failing, source, { now: new Date("2026-11-21T06:00:00Z") })).rejects.toThrow("connection reset");
    const target = join(tempDir("restore-"), "d");
    expect((await restoreDataset(store, target))?.id).toBe(good.id);
  });

  it("a corrupted part fails the restore and leaves the target untouched", async () => {
    const source = sampleDataset();
    const root = tempDir("store-");
    const saved = await saveDataset(folderStore(root), source, { now: new Date("2026-11-20T06:00:00Z") });
    const part = join(root, "snapshots", saved.id, "meta.json.gz.000");
    const other = join(root, "snapshots", saved.id, "platforms.json.gz.000");
    writeFileSync(part, readFileSync(other)); // valid gzip, wrong content
    const target = sampleDataset();
    const before = contents(target);
    await expect(restoreDataset(folderStore(root), target)).rejects.toThrow(
      /meta\.json (does not match its manifest|inflates to more than its declared)/,
    );
    expect(contents(target)).toEqual(before);
    expect(existsSync(`${target}.restoring`)).toBe(false);
  });

  it("store specs: folder:PATH and r2:BUCKET[/PREFIX]; anything else is refused", () => {
    expect(storeFromSpec("folder:/tmp/x", { projectDir: PROJECT_ROOT, remote: false }).where).toBe("folder /tmp/x");
    expect(storeFromSpec("r2:skills-data/prod", { projectDir: PROJECT_ROOT, remote: true }).where).toBe(
      "R2 bucket skills-data/prod (remote)",
    );
    expect(() => storeFromSpec("s3://bucket", { projectDir: PROJECT_ROOT, remote: false })).toThrow(/folder:PATH or r2:BUCKET/);
  });
});

describe("dataset store (wrangler's local R2)", () => {
  it("saves and restores through wrangler r2 object put/get", async () => {
    const source = join(tempDir("r2-src-"), "d");
    mkdirSync(source);
    cpSync(join(PROJECT_ROOT, "data", "platforms.json"), join(source, "platforms.json"));
    writeFileSync(join(source, "skills.jsonl"), "");
    const store = r2Store({
      projectDir: PROJECT_ROOT,
      bucket: "skills-datasets",
      prefix: "test",
      remote: false,
      persistTo: tempDir("r2-state-"),
    });
    const saved = await saveDataset(store, source, { now: new Date("2026-11-20T06:00:00Z") });
    const target = join(tempDir("r2-dst-"), "d");
    expect((await restoreDataset(store, target))?.id).toBe(saved.id);
    expect(contents(target)).toEqual(contents(source));
  }, 180_000);
});

describe("npm run dataset", () => {
  const tsx = join(PROJECT_ROOT, "node_modules", ".bin", "tsx");
  const run = (...args: string[]) => spawnSync(tsx, ["scripts/dataset.ts", ...args], { cwd: PROJECT_ROOT, encoding: "utf8" });

  it("saves, lists and restores a folder store", () => {
    const source = sampleDataset();
    const spec = `folder:${tempDir("cli-store-")}`;
    const saved = run("save", "--store", spec, "--data", source);
    expect(saved.status).toBe(0);
    const id = saved.stdout.trim();
    expect(run("list", "--store", spec).stdout).toContain(id);
    const target = join(tempDir("cli-dst-"), "d");
    expect(run("restore", "--store", spec, "--data", target).stdout.trim()).toBe(id);
    expect(contents(target)).toEqual(contents(source));
  });

  it("refuses to save an empty folder: one line, exit code 1, no snapshot", () => {
    const spec = `folder:${tempDir("cli-store-")}`;
    const r = run("save", "--store", spec, "--data", tempDir("cli-empty-"));
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toMatch(/^npm run dataset: .*holds no skills\.jsonl: it is not a dataset folder, so it is not saved$/);
    expect(run("list", "--store", spec).stdout).toBe("");
  });

  it("answers a bad call with one line and exit code 2", () => {
    for (const args of [
      ["save"],
      ["push", "--store", "folder:x"],
      ["save", "--store", "s3:x"],
      ["save", "--store", "folder:x", "--data", "/nonexistent/folder"],
      ["--bogus"],
    ]) {
      const r = run(...args);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).toMatch(/^npm run dataset: /);
    }
    expect(run("--help").stdout).toMatch(/^usage: npm run dataset -- save\|restore\|list/);
  });
});
