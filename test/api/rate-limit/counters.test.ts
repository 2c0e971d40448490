// The per-isolate window counters: exact admission, batched KV writes at most once a second, degraded mode when KV fails.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CounterValue, createCounterStore, type ReserveInput } from "../../../src/api/rate-limit/counters.js";
import { type MemoryKV, memoryKV } from "../../support/memory-kv.js";

// Fake timers drive both the store's clock and its sleeps, so pacing is checked exactly.
beforeEach(() => {
  vi.useFakeTimers({ now: 1_800_000_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

const quiet = () => {};

function harness(kv: MemoryKV | undefined, limit: number, name = "rl:a:203.0.113.7:500000") {
  const background: Promise<unknown>[] = [];
  const input = (): ReserveInput => ({
    kv,
    name,
    limit,
    windowEndMs: 500_001 * 3_600_000,
    ttlSeconds: 3660,
    waitUntil: (p) => void background.push(p),
  });
  return { input, settle: () => Promise.all(background) };
}

const stored = (kv: MemoryKV, name: string) => CounterValue.parse(JSON.parse(kv.values.get(name) ?? "null"));

describe("window counters", () => {
  it("admits exactly the limit and writes each counter at most once a second", async () => {
    const kv = memoryKV(Date.now);
    const store = createCounterStore({ log: quiet });
    const { input, settle } = harness(kv, 150);
    const outcomes: boolean[] = [];
    // 200 requests spread over 4 seconds, 20 ms apart.
    for (let i = 0; i < 200; i++) {
      outcomes.push((await store.reserve(input())).admitted);
      await vi.advanceTimersByTimeAsync(20);
    }
    await vi.runAllTimersAsync();
    await settle();
    expect(outcomes.filter(Boolean)).toHaveLength(150);
    expect(outcomes.slice(0, 150).every(Boolean)).toBe(true);
    const writes = kv.writes.map((w) => w.at);
    expect(writes.length).toBeGreaterThanOrEqual(3);
    expect(writes.length).toBeLessThanOrEqual(5);
    for (let i = 1; i < writes.length; i++) expect(writes[i]! - writes[i - 1]!).toBeGreaterThanOrEqual(1000);
    const value = stored(kv, "rl:a:203.0.113.7:500000");
    expect(value.count).toBe(150);
    expect(value.writes).toBe(writes.length);
    expect(kv.writes.every((w) => w.ttl === 3660)).toBe(true);
  });

  it("never admits more than the limit to concurrent requests in one isolate", async () => {
    const kv = memoryKV(Date.now);
    await kv.put("rl:a:203.0.113.7:500000", JSON.stringify({ count: 3, writes: 1, firstWriteAt: 1, lastWriteAt: 1 }));
    const store = createCounterStore({ log: quiet });
    const { input, settle } = harness(kv, 10);
    const results = await Promise.all(Array.from({ length: 50 }, () => store.reserve(input())));
    expect(results.filter((r) => r.admitted)).toHaveLength(7);
    expect(
      results
        .filter((r) => r.admitted)
        .map((r) => r.used)
        .sort((a, b) => a - b),
    ).toEqual([4, 5, 6, 7, 8, 9, 10]);
    await vi.runAllTimersAsync();
    await settle();
    expect(stored(kv, "rl:a:203.0.113.7:500000").count).toBe(10);
  });

  it("folds in what other isolates wrote when it flushes", async () => {
    const kv = memoryKV(Date.now);
    const a = createCounterStore({ log: quiet });
    const b = createCounterStore({ log: quiet });
    const ha = harness(kv, 100);
    const hb = harness(kv, 100);
    for (let i = 0; i < 5; i++) await a.reserve(ha.input());
    for (let i = 0; i < 7; i++) await b.reserve(hb.input());
    await vi.runAllTimersAsync();
    await Promise.all([ha.settle(), hb.settle()]);
    await vi.advanceTimersByTimeAsync(1000);
    await a.reserve(ha.input());
    await vi.runAllTimersAsync();
    await ha.settle();
    // Both isolates read 0 before either wrote, so b's first write lost a's 5 (the documented
    // over-admission); a's next flush restores the larger count and adds its own increment.
    expect(stored(kv, "rl:a:203.0.113.7:500000").count).toBeGreaterThanOrEqual(8);
    const fresh = createCounterStore({ log: quiet });
    const r = await fresh.reserve(harness(kv, 100).input());
    expect(r.used).toBe(stored(kv, "rl:a:203.0.113.7:500000").count + 1);
  });

  it("re-reads a count over a second old, so an idle isolate does not admit on an old view", async () => {
    const kv = memoryKV(Date.now);
    const a = createCounterStore({ log: quiet });
    const b = createCounterStore({ log: quiet });
    const ha = harness(kv, 10);
    const hb = harness(kv, 10);
    expect((await b.reserve(hb.input())).used).toBe(1);
    await vi.runAllTimersAsync();
    await hb.settle();
    for (let i = 0; i < 8; i++) await a.reserve(ha.input());
    await vi.runAllTimersAsync();
    await ha.settle();
    // Within a second b decides on what it knows; after it, b reads A's 8 (plus its own 1) first.
    await vi.advanceTimersByTimeAsync(1001);
    const late = [await b.reserve(hb.input()), await b.reserve(hb.input())];
    expect(late.map((r) => [r.admitted, r.used])).toEqual([
      [true, 10],
      [false, 10],
    ]);
    const reads = kv.reads;
    for (let i = 0; i < 20; i++) await b.reserve(hb.input());
    expect(kv.reads - reads).toBe(0);
    await vi.runAllTimersAsync();
    await hb.settle();
  });

  it("serves while KV fails, limits within the isolate, and writes the increments once KV is back", async () => {
    const kv = memoryKV(Date.now);
    kv.failing = true;
    const logs: string[] = [];
    const store = createCounterStore({ log: (m) => logs.push(m) });
    const { input, settle } = harness(kv, 4);
    const results = [];
    for (let i = 0; i < 6; i++) {
      results.push(await store.reserve(input()));
      await vi.advanceTimersByTimeAsync(300);
    }
    expect(results.map((r) => r.admitted)).toEqual([true, true, true, true, false, false]);
    expect(results.every((r) => r.degraded)).toBe(true);
    expect(logs.some((m) => /reading counter .* failed/.test(m))).toBe(true);
    expect(kv.writes).toHaveLength(0);
    kv.failing = false;
    await vi.advanceTimersByTimeAsync(1000);
    await vi.runAllTimersAsync();
    await settle();
    // Over the limit nothing new is admitted, so the kept increments go out with the next admitted
    // request's flush; a new window shows it.
    const later = harness(kv, 5);
    const r = await store.reserve(later.input());
    expect(r).toEqual({ admitted: true, used: 5, degraded: true });
    await vi.runAllTimersAsync();
    await later.settle();
    expect(stored(kv, "rl:a:203.0.113.7:500000").count).toBe(5);
    expect((await store.reserve(later.input())).degraded).toBe(false);
  });

  it("counts in memory when the KV binding is missing", async () => {
    const store = createCounterStore({ log: quiet });
    const { input, settle } = harness(undefined, 2);
    const results = [await store.reserve(input()), await store.reserve(input()), await store.reserve(input())];
    expect(results.map((r) => [r.admitted, r.degraded])).toEqual([
      [true, true],
      [true, true],
      [false, true],
    ]);
    await vi.runAllTimersAsync();
    await settle();
  });

  it("forgets idle counters of past windows", async () => {
    const kv = memoryKV(Date.now);
    const store = createCounterStore({ log: quiet, maxEntries: 3 });
    const background: Promise<unknown>[] = [];
    const at = (name: string, windowEndMs: number): ReserveInput => ({
      kv,
      name,
      limit: 10,
      windowEndMs,
      ttlSeconds: 60,
      waitUntil: (p) => void background.push(p),
    });
    for (const n of ["a", "b", "c"]) await store.reserve(at(`rl:a:${n}:1`, 1000));
    await vi.runAllTimersAsync();
    await Promise.all(background);
    expect(store.size()).toBe(3);
    await store.reserve(at("rl:a:a:2", 2000));
    expect(store.size()).toBe(1);
    for (const n of ["b", "c", "d", "e"]) await store.reserve(at(`rl:a:${n}:2`, 2000));
    await vi.runAllTimersAsync();
    await Promise.all(background);
    await store.reserve(at("rl:a:f:2", 2000));
    expect(store.size()).toBeLessThanOrEqual(4);
    // A forgotten counter is read back from KV, so nothing is lost.
    const again = await store.reserve(at("rl:a:a:2", 2000));
    expect(again.used).toBe(2);
  });
});
