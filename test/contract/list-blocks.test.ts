// The updated orders' blocks and steps (src/contract/list-blocks.ts): a count of the skills updated
// since a time, from the steps and one block, equals a count over every skill, ties across block
// edges included; a block file gives back the refs and seconds it was made from.
import { describe, expect, it } from "vitest";
import { countUpdatedSince, decodeListBlock, encodeListBlock, listBlocks } from "../../src/contract/list-blocks.js";
import { seeded } from "../../src/synth/random.js";

/** `n` skills' seconds drawn from a few values (so many tie), their newest-first order, and refs. */
function directory(n: number, seed: number) {
  const random = seeded(seed);
  const updated = Uint32Array.from({ length: n }, () => 1_700_000_000 + random.int(0, 5) * 1000);
  const refs = Uint32Array.from({ length: n }, (_, o) => o * 7 + 3);
  const order = Uint32Array.from(Array.from(updated.keys()).sort((a, b) => updated[b]! - updated[a]! || a - b));
  return { updated, refs, order };
}

describe("the orders' blocks", () => {
  it("count the skills updated since any time as a count over every skill does, reading at most one block", async () => {
    let compared = 0;
    for (const n of [0, 1, 2, 7, 8, 9, 33, 200])
      for (const block of [1, 2, 3, 8, 64])
        for (const seed of [1, 2]) {
          const { updated, refs, order } = directory(n, seed);
          const { files, steps } = listBlocks(order, refs, updated, block);
          expect(files).toHaveLength(Math.ceil(n / block));
          const times = [...new Set(updated)].flatMap((t) => [t - 1, t, t + 1]);
          for (const since of [0, ...times, 2 ** 32 - 1]) {
            const read: number[] = [];
            const count = await countUpdatedSince(steps, since, n, block, async (k) => {
              read.push(k);
              return decodeListBlock(files[k]!);
            });
            expect(count).toBe(updated.filter((t) => t >= since).length);
            expect(read.length).toBeLessThanOrEqual(1);
            compared++;
          }
        }
    expect(compared).toBeGreaterThan(500);
  });

  it("keep each position's ref and seconds, in the order's positions", () => {
    const { updated, refs, order } = directory(50, 3);
    const { files, steps } = listBlocks(order, refs, updated, 8);
    const decoded = files.map(decodeListBlock);
    expect(decoded.flatMap((b) => Array.from(b.refs))).toEqual(Array.from(order, (o) => refs[o]!));
    expect(decoded.flatMap((b) => Array.from(b.updated))).toEqual(Array.from(order, (o) => updated[o]!));
    expect(Array.from(steps)).toEqual(decoded.map((b) => b.updated[0]!));
  });

  it("refuse a block whose parts differ in length, and a file that is not whole pairs", () => {
    expect(() => encodeListBlock(Uint32Array.of(1, 2), Uint32Array.of(1))).toThrow(/2 refs for 1 times/);
    expect(() => decodeListBlock(new Uint8Array(12))).toThrow(/not a multiple of 8/);
  });
});
