// The build's list orders (list-orders.ts: one sort per key, the descending order read off the
// ascending one) are the contract's listOrder exactly, with many ties of stars, times and names
// (names equal but for case, and equal outright), in both directions.
import { describe, expect, it } from "vitest";
import { listOrders } from "../../src/build/list-orders.js";
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
