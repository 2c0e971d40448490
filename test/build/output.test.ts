// The output sink compares a file an incremental build's cache describes by its recorded hash
// (src/build/output.ts KnownFiles) instead of reading it back, and any other file by its bytes.
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { directorySink, type OutputSink, writeBehind } from "../../src/build/output.js";

const root = mkdtempSync(join(tmpdir(), "skills-output-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const sha = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

describe("directorySink", () => {
  it("compares a known file by its recorded hash, without reading it, and writes one the record lacks without reading it either", async () => {
    const site = join(root, "site");
    mkdirSync(join(site, "a"), { recursive: true });
    // On disk: what the cache recorded for a/kept (its hash says "kept v1"), and bytes that differ from the record for a/stale.
    writeFileSync(join(site, "a", "kept"), "bytes the record does not describe");
    writeFileSync(join(site, "a", "stale"), "stale v2");
    writeFileSync(join(site, "a", "plain"), "plain v1");
    const recorded = new Map([
      ["a/kept", sha("kept v1")],
      ["a/stale", sha("stale v1")],
    ]);
    const before = statSync(join(site, "a", "kept")).mtimeMs;
    const { sink, finish, files } = directorySink(site, (path) => recorded.get(path));
    await sink.write("a/kept", "kept v1");
    await sink.write("a/stale", "stale v2");
    await sink.write("a/plain", "plain v1");
    await sink.write("b/new", "new");
    const stats = await finish();
    // The record says unchanged: not written (the bytes on disk were not looked at).
    expect(readFileSync(join(site, "a", "kept"), "utf8")).toBe("bytes the record does not describe");
    expect(statSync(join(site, "a", "kept")).mtimeMs).toBe(before);
    // The record says changed: written, though the disk already held the bytes. Not in the record
    // (not the previous site's): written as it is, what was there not read (here the same bytes).
    expect(stats.changedPaths).toEqual(["a/plain", "a/stale", "b/new"]);
    expect(stats).toMatchObject({ written: 3, unchanged: 1, removed: 0, files: 4 });
    expect(readFileSync(join(site, "b", "new"), "utf8")).toBe("new");
    expect(files().get("a/kept")).toBe(sha("kept v1"));
  });
});

describe("writeBehind", () => {
  it("keeps at most `depth` writes in flight, in the order of the calls, and drain waits for them all", async () => {
    let inFlight = 0;
    let most = 0;
    const started: string[] = [];
    const done: string[] = [];
    const slow: OutputSink = {
      write: async (path) => {
        started.push(path);
        most = Math.max(most, ++inFlight);
        await new Promise((r) => setTimeout(r, path.endsWith("3") ? 30 : 5));
        inFlight--;
        done.push(path);
      },
    };
    const behind = writeBehind(slow, 3);
    const paths = Array.from({ length: 10 }, (_, i) => `f${i}`);
    for (const p of paths) await behind.write(p, "x");
    expect(done.length).toBeLessThan(paths.length);
    await behind.drain();
    expect(started).toEqual(paths);
    expect(done.sort()).toEqual(paths);
    expect(most).toBe(3);
  });

  it("reports a failed write at drain, or at the next write after it failed", async () => {
    const failing: OutputSink = {
      write: async (path) => {
        if (path === "bad") throw new Error("disk full");
      },
    };
    const behind = writeBehind(failing, 4);
    await behind.write("a", "x");
    await behind.write("bad", "x");
    await expect(behind.drain()).rejects.toThrow("disk full");
    await expect(behind.write("c", "x")).rejects.toThrow("disk full");
  });
});
