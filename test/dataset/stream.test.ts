// Streaming skills.jsonl by byte ranges: the ranges cover the file exactly, each ends at a line end,
// and reading them one after another gives the file's lines with numbers that add up.
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, describe, expect, it } from "vitest";
import { forEachByteLine } from "../../src/dataset/byte-lines.js";
import { forEachLine, lineRanges } from "../../src/dataset/stream.js";

const dir = mkdtempSync(join(tmpdir(), "skills-stream-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Lines of varied lengths (one much longer than a range), non-ASCII text, a blank line, CRLF endings and no final newline. */
function sample(): { file: string; lines: string[] } {
  const lines = Array.from({ length: 200 }, (_, i) => (i === 17 ? "" : `{"n":${i},"text":"${"ß漢字x".repeat((i * 37) % 90)}"}`));
  lines[120] = `{"long":"${"y".repeat(50_000)}"}`;
  const file = join(dir, `sample-${Math.random().toString(36).slice(2)}.jsonl`);
  writeFileSync(
    file,
    lines
      .map((l, i) => (i % 3 === 0 ? `${l}\r\n` : `${l}\n`))
      .join("")
      .replace(/\n$/, ""),
  );
  return { file, lines };
}

describe("lineRanges and forEachLine", () => {
  for (const parts of [1, 2, 3, 7, 64, 500]) {
    it(`cut into ${parts} ranges, give back every line once, in order, numbered as one pass would`, async () => {
      const { file, lines } = sample();
      const ranges = await lineRanges(file, parts);
      expect(ranges.length).toBeLessThanOrEqual(parts);
      expect(ranges[0]!.start).toBe(0);
      ranges.slice(1).forEach((r, i) => expect(r.start).toBe(ranges[i]!.end));
      const seen: [string, number][] = [];
      let before = 0;
      for (const range of ranges) {
        const count = await forEachLine(file, range, (line, n) => seen.push([line, before + n]));
        before += count;
      }
      expect(seen.map(([l]) => l)).toEqual(lines);
      expect(seen.map(([, n]) => n)).toEqual(lines.map((_, i) => i + 1));
    });
  }

  it("give one empty range for an empty file", async () => {
    const file = join(dir, "empty.jsonl");
    writeFileSync(file, "");
    expect(await lineRanges(file, 4)).toEqual([{ start: 0, end: 0 }]);
    expect(await forEachLine(file, { start: 0, end: 0 }, () => expect.unreachable())).toBe(0);
  });

  it("cut lines as readline does, whatever the bytes and wherever a read ends", async () => {
    // readline (crlfDelay Infinity) over a UTF-8 stream was the reader before: its lines are the reference.
    const bytes = (...parts: (string | number[])[]) =>
      Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "utf8") : Buffer.from(p))));
    const cases = [
      bytes("a\nb\r\nc\rd\r\re\n\nf"),
      bytes("\r\n\r\n\n\r"),
      bytes("x\r"),
      bytes("\n"),
      bytes([0xef, 0xbb, 0xbf], '{"a":"é漢😀"}\r\n', [0xff, 0xfe], "\n", [0xe6, 0xbc], "\n", [0xf0, 0x9f], "\r", [0xc3]),
      bytes("ß漢字😀".repeat(40), "\r\n", "y".repeat(300)),
    ];
    for (const [c, content] of cases.entries()) {
      const file = join(dir, `edges-${c}.jsonl`);
      writeFileSync(file, content);
      const expected: string[] = [];
      for await (const line of createInterface({ input: createReadStream(file, { encoding: "utf8" }), crlfDelay: Infinity }))
        expected.push(line);
      for (const readBytes of [1, 2, 3, 5, 64, 1 << 20]) {
        const seen: string[] = [];
        const count = await forEachLine(file, { start: 0, end: content.length }, (line, n) => seen.push(`${n}:${line}`), readBytes);
        expect(seen, `case ${c}, reads of ${readBytes}`).toEqual(expected.map((l, i) => `${i + 1}:${l}`));
        expect(count).toBe(expected.length);
      }
    }
  });
});

describe("forEachLine's bytes", () => {
  it("are each line's bytes as read, invalid UTF-8 included (the build cache hashes them)", async () => {
    const raw = [Buffer.from('{"a":"é漢😀"}'), Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), Buffer.from([0xe6, 0xbc]), Buffer.from("")];
    const file = join(dir, "line-bytes.jsonl");
    writeFileSync(file, Buffer.concat(raw.flatMap((b) => [b, Buffer.from("\n")])));
    const seen: [string, Buffer][] = [];
    // A copy: the bytes are valid only during the call.
    await forEachLine(file, { start: 0, end: 1 << 20 }, (line, _n, bytes) => seen.push([line, Buffer.from(bytes)]), 3);
    expect(seen.map(([, b]) => b)).toEqual(raw);
    expect(seen.map(([line]) => line)).toEqual(raw.map((b) => b.toString("utf8")));
    // The decoded text of an invalid line encodes to other bytes: hashing it would not be hashing the line.
    expect(Buffer.from(seen[1]![0], "utf8").equals(raw[1]!)).toBe(false);
  });
});

describe("forEachByteLine", () => {
  it("gives each line's bytes and the offset where it starts, within a range and across reads", async () => {
    const text = 'one\ntwo ß漢\n\n{"x":"three"}\nlast without end';
    const file = join(dir, "offsets.jsonl");
    writeFileSync(file, text);
    const bytes = Buffer.from(text, "utf8");
    const expected: [string, number, number][] = [];
    let at = 0;
    for (const [i, line] of text.split("\n").entries()) {
      expected.push([line, i + 1, at]);
      at += Buffer.byteLength(line, "utf8") + 1;
    }
    for (const readBytes of [1, 4, 1 << 16]) {
      const seen: [string, number, number][] = [];
      const count = await forEachByteLine(file, (line, n, offset) => seen.push([line.toString("utf8"), n, offset]), { readBytes });
      expect(seen, `reads of ${readBytes}`).toEqual(expected);
      expect(count).toBe(expected.length);
      // A range from the second line to the end of the fourth: numbered within it, offsets in the file.
      const range = { start: expected[1]![2], end: expected[4]![2] };
      const inRange: [string, number, number][] = [];
      await forEachByteLine(file, (line, n, offset) => inRange.push([line.toString("utf8"), n, offset]), { range, readBytes });
      expect(inRange).toEqual(expected.slice(1, 4).map(([l, n, o]) => [l, n - 1, o]));
      expect(bytes.subarray(range.start, range.end).toString("utf8")).toBe('two ß漢\n\n{"x":"three"}\n');
    }
  });

  it("stops at a carriage return unless told it ends a line, having given the lines before it", async () => {
    for (const [c, text] of ["a\nb\r\nc\n", "a\nb\rc", "a\nb\r"].entries()) {
      const file = join(dir, `cr-${c}.jsonl`);
      writeFileSync(file, text);
      for (const readBytes of [1, 2, 1 << 16]) {
        const seen: string[] = [];
        expect(await forEachByteLine(file, (line) => seen.push(line.toString("utf8")), { readBytes })).toBe(false);
        expect(seen).toEqual(["a"]);
      }
    }
    const file = join(dir, "cr-none.jsonl");
    writeFileSync(file, "");
    expect(await forEachByteLine(file, () => expect.unreachable())).toBe(0);
  });
});
