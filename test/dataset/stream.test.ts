// Streaming skills.jsonl by byte ranges: the ranges cover the file exactly, each ends at a line end,
// and reading them one after another gives the file's lines with numbers that add up.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
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
});
