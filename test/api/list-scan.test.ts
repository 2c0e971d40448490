// The walk of a filtered list: its total and every page, read from the kept marks, equal a plain
// filter of the whole order, for marks every few skills (so pages start before, on and after a mark)
// and for each kind of filter alone and together.
import { describe, expect, it } from "vitest";
import { type OrderFilter, pageOfScan, scanKey, scanOrder } from "../../src/api/list-scan.js";
import { seeded } from "../../src/synth/random.js";

const SKILLS = 500;
const random = seeded(7);
const categories = Uint32Array.from({ length: SKILLS }, () => random.int(0, 15));
const platforms = Uint32Array.from({ length: SKILLS }, () => random.int(0, 7));
const updated = Uint32Array.from({ length: SKILLS }, () => random.int(1_000, 2_000));
const order = Uint32Array.from({ length: SKILLS }, (_, i) => i);
for (let i = SKILLS - 1; i > 0; i--) {
  const j = random.int(0, i);
  [order[i], order[j]] = [order[j]!, order[i]!];
}
const suspiciousOrdinals = new Set(Array.from({ length: 40 }, () => random.int(0, SKILLS - 1)));

const filters: Record<string, OrderFilter> = {
  platform: { catMask: 0, platMask: 2, platforms, since: 0 },
  "updated since": { catMask: 0, platMask: 0, updated, since: 1_500 },
  "category and platform": { categories, catMask: 5, platMask: 1, platforms, since: 0 },
  "clean, platform and updated since": { catMask: 0, platMask: 4, platforms, updated, since: 1_250, suspicious: suspiciousOrdinals },
  "nothing passes": { catMask: 0, platMask: 8, platforms, since: 0 },
};

const naive = (f: OrderFilter) =>
  Array.from(order).filter(
    (o) =>
      (!f.categories || (f.categories[o]! & f.catMask) === f.catMask) &&
      (!f.platforms || (f.platforms[o]! & f.platMask) === f.platMask) &&
      (!f.updated || f.updated[o]! >= f.since) &&
      !f.suspicious?.has(o),
  );

describe("a filtered list's walk, kept as marks", () => {
  for (const [name, f] of Object.entries(filters)) {
    it(`${name}: the total and every page equal a plain filter`, () => {
      const all = naive(f);
      for (const every of [1, 3, 16, 1024]) {
        const scan = scanOrder(order, f, every);
        expect(scan.total).toBe(all.length);
        expect(scan.marks.length).toBe(Math.ceil(all.length / every));
        for (const limit of [1, 7, 20]) {
          for (let start = 0; start <= all.length + limit; start += limit) {
            expect(pageOfScan(order, f, scan, start, start + limit)).toEqual(all.slice(start, start + limit));
          }
        }
      }
    });
  }

  it("keys a scan by its list file and by every filter that is set", () => {
    const f = { catMask: 0, platMask: 2, clean: false };
    const a = scanKey("lists/order/stars-desc.bin", f);
    expect(scanKey("lists/order/stars-desc.bin", { ...f })).toBe(a);
    expect(scanKey("lists/order/name-asc.bin", f)).not.toBe(a);
    expect(scanKey("lists/order/stars-desc.bin", { ...f, platMask: 4 })).not.toBe(a);
    expect(scanKey("lists/order/stars-desc.bin", { ...f, clean: true })).not.toBe(a);
    expect(scanKey("lists/order/stars-desc.bin", { ...f, since: 0 })).not.toBe(a);
    expect(scanKey("x", { ...f, since: 1_500 })).not.toBe(scanKey("x", { ...f, since: 1_501 }));
  });
});
