// The decompression of a snapshot file stops at its declared size: bytes written never pass it and
// the compressed input is no longer read once it is passed.
import { createHash } from "node:crypto";
import { Writable } from "node:stream";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { inflateChecked } from "../../../src/node/rebuild/bounded-inflate.js";
import { bombParts } from "./gzip-bomb.js";

function countingSink() {
  const sink = Object.assign(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        sink.written += chunk.length;
        done();
      },
    }),
    { written: 0 },
  );
  return sink;
}

/** Yields `parts` in 1 KiB chunks, counting what was taken. */
function countingSource(parts: Buffer[]) {
  const counter = { read: 0, total: parts.reduce((n, p) => n + p.length, 0) };
  const source = (async function* () {
    for (const part of parts)
      for (let i = 0; i < part.length; i += 1024) {
        const chunk = part.subarray(i, i + 1024);
        counter.read += chunk.length;
        yield chunk;
      }
  })();
  return { source, counter };
}

describe("inflateChecked", () => {
  it("writes a file that matches its entry", async () => {
    const text = "hello, snapshot\n".repeat(1000);
    const sink = countingSink();
    const { source } = countingSource([gzipSync(text)]);
    const sha256 = createHash("sha256").update(text).digest("hex");
    await inflateChecked(source, sink, { path: "a.txt", bytes: text.length, sha256 });
    expect(sink.written).toBe(text.length);
  });

  it("stops a bomb at once: at most the declared bytes written, a sliver of the input read", async () => {
    const sink = countingSink();
    const { source, counter } = countingSource(bombParts(200)); // 200 MiB of zeros in about 200 KiB
    await expect(inflateChecked(source, sink, { path: "skills.jsonl", bytes: 1000, sha256: "0".repeat(64) })).rejects.toThrow(
      /inflates to more than its declared 1000 bytes/,
    );
    expect(sink.written).toBeLessThanOrEqual(1000);
    expect(counter.read).toBeLessThan(counter.total / 4);
  });

  it("refuses a file shorter than declared, or with another hash", async () => {
    const text = "abc\n";
    const sha256 = createHash("sha256").update(text).digest("hex");
    const run = (bytes: number, sha: string) =>
      inflateChecked(countingSource([gzipSync(text)]).source, countingSink(), { path: "x", bytes, sha256: sha });
    await expect(run(5, sha256)).rejects.toThrow(/x does not match its manifest \(4 bytes/);
    await expect(run(4, "f".repeat(64))).rejects.toThrow(/does not match its manifest/);
  });
});
