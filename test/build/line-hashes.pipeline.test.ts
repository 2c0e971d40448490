// The incremental build's line hashes (src/build/cache/line-hashes.ts): each line's SHA-1 and where
// it lies, the same from the worker thread a large dataset uses as from the main thread, and none
// for a file with a carriage return (the build then runs in full).
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type LineHashes, lineHashes } from "../../src/build/cache/line-hashes.js";
import { runInWorker } from "../../src/build/passes.js";

const dir = mkdtempSync(join(tmpdir(), "skills-line-hashes-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("line hashes", () => {
  it("are each line's SHA-1 and byte span, in the main thread and in the worker alike", async () => {
    const lines = Array.from({ length: 300 }, (_, i) => (i === 7 ? "" : `{"n":${i},"text":"${"ß漢x".repeat(i % 50)}"}`));
    const file = join(dir, "skills.jsonl");
    writeFileSync(file, `${lines.join("\n")}\n`);
    const bytes = readFileSync(file);
    const here = (await lineHashes(file)) as LineHashes;
    expect(here).not.toBe(false);
    expect(here.hashes).toEqual(lines.map((l) => createHash("sha1").update(l, "utf8").digest("base64")));
    expect([...here.starts].map((s, i) => bytes.subarray(s, here.ends[i]).toString("utf8"))).toEqual(lines);
    const there = await runInWorker<LineHashes | false>("line-hash-worker", { file });
    expect(there).toEqual(here);
  });

  it("are none for a file with a carriage return", async () => {
    const file = join(dir, "crlf.jsonl");
    writeFileSync(file, '{"a":1}\r\n{"b":2}\n');
    expect(await lineHashes(file)).toBe(false);
    expect(await runInWorker<LineHashes | false>("line-hash-worker", { file })).toBe(false);
  });
});
