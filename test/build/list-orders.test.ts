// The build's list orders (list-orders.ts: one sort per key, the descending order read off the
// ascending one) are the contract's listOrder exactly, with many ties of stars, times and names
// (names equal but for case, and equal outright), in both directions; an incremental build's,
// patched from the previous build's ascending order, are the same, and a previous order that cannot
// be the skills' is refused.
import { describe, expect, it } from "vitest";
import { listOrders, type OrdinalMap, patchedListOrders } from "../../src/build/list-orders.js";
import { listOrder, ORDERS, SORTS } from "../../src/contract/list-order.js";
import type { SkillRecord } from "../../src/schemas/dataset.js";
import { seeded } from "../../src/synth/random.js";

const recordsOf = (seed: number, n: number) => {
  const random = seeded(seed);
  const names = ["pdf", "PDF", "Pdf", "alpha", "Zeta", "zeta", "émile", "b"];
  return Array.from(
    { length: n },
    () =>
      ({
        name: random.pick(names),
        stars: random.int(0, 6),
        updatedAt: `2026-0${random.int(1, 3)}-0${random.int(1, 4)}T00:00:00Z`,
      }) as unknown as SkillRecord,
  );
};

describe("the build's list orders", () => {
  for (const n of [0, 1, 2, 50, 700])
    it(`equal the contract's listOrder for each sort and order (${n} records)`, () => {
      const records = recordsOf(n + 1, n);
      for (const sort of SORTS) {
        const orders = listOrders(records, sort);
        for (const order of ORDERS) expect([...orders[order]]).toEqual([...listOrder(records, sort, order)]);
      }
    });
});

/**
 * A rebuild's skills from `before` (in key order, keys the indexes): some dropped, some changed in
 * place (a new value for every sort), some added between; with where each old skill went.
 */
function rebuilt(before: readonly SkillRecord[], seed: number) {
  const random = seeded(seed);
  const extra = recordsOf(seed + 100, before.length);
  const after: SkillRecord[] = [];
  const oldTo = new Int32Array(before.length).fill(-1);
  const fresh: number[] = [];
  before.forEach((r, i) => {
    if (random.int(0, 9) === 0) {
      fresh.push(after.length);
      after.push(extra[i]!);
    }
    const roll = random.int(0, 19);
    if (roll === 0) return;
    if (roll === 1) {
      fresh.push(after.length);
      after.push({ ...r, stars: r.stars + 1, name: r.name.toUpperCase(), updatedAt: "2026-05-01T00:00:00Z" });
      return;
    }
    oldTo[i] = after.length;
    after.push(r);
  });
  return { after, map: { oldTo, fresh } satisfies OrdinalMap };
}

describe("the list orders patched from the previous build's", () => {
  for (const n of [0, 1, 60, 900])
    it(`equal the orders sorted afresh after drops, changes and additions (${n} records)`, () => {
      const before = recordsOf(n + 7, n);
      const { after, map } = rebuilt(before, n + 3);
      for (const sort of SORTS) {
        const patched = patchedListOrders(after, sort, listOrders(before, sort).asc, map);
        expect(patched).toBeDefined();
        const sorted = listOrders(after, sort);
        for (const order of ORDERS) expect([...patched![order]]).toEqual([...sorted[order]]);
      }
    });

  it("are refused for a previous order that cannot be the skills' (the caller sorts afresh)", () => {
    const before = recordsOf(5, 200);
    const { after, map } = rebuilt(before, 9);
    const asc = listOrders(before, "stars").asc;
    // Two skills of different stars swapped: no longer ascending once renumbered.
    const i = asc.findIndex(
      (o, k) => k > 0 && before[asc[k - 1]!]!.stars !== before[o]!.stars && map.oldTo[o]! >= 0 && map.oldTo[asc[k - 1]!]! >= 0,
    );
    expect(i).toBeGreaterThan(0);
    const swapped = Uint32Array.from(asc);
    [swapped[i - 1], swapped[i]] = [swapped[i]!, swapped[i - 1]!];
    expect(patchedListOrders(after, "stars", swapped, map)).toBeUndefined();
    // An ordinal twice, one missing; an ordinal out of range; an order of another length.
    const repeated = Uint32Array.from(asc);
    repeated[1] = repeated[0]!;
    expect(patchedListOrders(after, "stars", repeated, map)).toBeUndefined();
    expect(
      patchedListOrders(
        after,
        "stars",
        Uint32Array.from(asc, (o) => (o === 0 ? before.length : o)),
        map,
      ),
    ).toBeUndefined();
    expect(patchedListOrders(after, "stars", asc.subarray(1), map)).toBeUndefined();
    // A map that loses a skill.
    expect(patchedListOrders(after, "stars", asc, { ...map, fresh: map.fresh.slice(1) })).toBeUndefined();
  });
});
