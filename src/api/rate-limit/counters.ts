// Per-isolate window counters backed by Workers KV, within KV's limits: each counter key is written
// at most once a second by this isolate, and the writes carry every increment admitted in between.
//
// Admission is decided in memory, synchronously after the counter's first KV read, so concurrent
// requests in one isolate can never admit more than the limit. Each flush re-reads KV and adds this
// isolate's new increments to the larger of what KV holds and what this isolate knew, which folds in
// other isolates' counts (see docs/RATE-LIMITS.md for how exact that is). Flushes run after the
// response, through the request's waitUntil; a KV failure never fails a request: the counter keeps
// counting in memory, is marked degraded, and the increments are written by a later flush.
import { z } from "zod";
import type { KVNamespaceLike } from "../env.js";

/** What a counter key holds. `writes`, `firstWriteAt` and `lastWriteAt` (Unix ms) record the write rate for audits. */
export const CounterValue = z
  .object({
    count: z.number().int().nonnegative(),
    writes: z.number().int().nonnegative(),
    firstWriteAt: z.number().nonnegative(),
    lastWriteAt: z.number().nonnegative(),
  })
  .strict();
export type CounterValue = z.infer<typeof CounterValue>;

export interface Reservation {
  admitted: boolean;
  /** Requests counted in the window, this one included when admitted. */
  used: number;
  /** True when KV could not be read or written: the count may be missing other isolates' requests. */
  degraded: boolean;
}

export interface ReserveInput {
  kv: KVNamespaceLike | undefined;
  /** The counter key: caller and window. */
  name: string;
  limit: number;
  /** End of the counter's window (ms, on the request clock): older counters are dropped from memory. */
  windowEndMs: number;
  ttlSeconds: number;
  waitUntil(promise: Promise<unknown>): void;
}

export interface CounterStore {
  reserve(input: ReserveInput): Promise<Reservation>;
  /** Counters held in memory (for tests and diagnostics). */
  size(): number;
}

export interface CounterStoreOptions {
  /** Real time in ms; paces writes. Distinct from the request clock that picks windows. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  minWriteIntervalMs?: number;
  /** Idle counters beyond this many are forgotten (KV keeps their count). */
  maxEntries?: number;
  log?: (message: string) => void;
}

interface Entry {
  name: string;
  windowEndMs: number;
  ttlSeconds: number;
  ready: Promise<void>;
  /** Count known to be in KV. */
  base: number;
  /** Increments being written by the flush in progress. */
  inflight: number;
  /** Increments admitted since, waiting for the next flush. */
  pending: number;
  lastWriteAt: number;
  writes: number;
  firstWriteAt: number | null;
  flushing: Promise<void> | null;
  nextFlush: Promise<void> | null;
  degraded: boolean;
}

const ZERO: CounterValue = { count: 0, writes: 0, firstWriteAt: 0, lastWriteAt: 0 };

export function createCounterStore(options: CounterStoreOptions = {}): CounterStore {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const interval = options.minWriteIntervalMs ?? 1000;
  const maxEntries = options.maxEntries ?? 10_000;
  const log = options.log ?? ((message: string) => console.warn(message));
  const entries = new Map<string, Entry>();
  let newestWindowEndMs = 0;

  const read = async (kv: KVNamespaceLike | undefined, name: string): Promise<CounterValue> => {
    if (!kv) throw new Error("the KV binding is missing");
    const raw = await kv.get(name);
    if (raw === null) return ZERO;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      json = undefined;
    }
    const parsed = CounterValue.safeParse(json);
    if (parsed.success) return parsed.data;
    log(`rate-limit: counter ${name} holds an unreadable value; counting from 0`);
    return ZERO;
  };

  const write = async (entry: Entry, kv: KVNamespaceLike | undefined): Promise<void> => {
    entry.inflight += entry.pending;
    entry.pending = 0;
    try {
      const current = await read(kv, entry.name);
      entry.base = Math.max(entry.base, current.count);
      entry.writes = Math.max(entry.writes, current.writes);
      if (current.writes > 0 && entry.firstWriteAt === null) entry.firstWriteAt = current.firstWriteAt;
      const at = now();
      const value: CounterValue = {
        count: entry.base + entry.inflight,
        writes: entry.writes + 1,
        firstWriteAt: entry.firstWriteAt ?? at,
        lastWriteAt: at,
      };
      entry.lastWriteAt = at;
      if (!kv) throw new Error("the KV binding is missing");
      await kv.put(entry.name, JSON.stringify(value), { expirationTtl: entry.ttlSeconds });
      entry.base = value.count;
      entry.writes = value.writes;
      entry.firstWriteAt = value.firstWriteAt;
      entry.inflight = 0;
      entry.degraded = false;
    } catch (error) {
      // Pace retries like writes, so an outage costs at most one attempt a second per counter.
      entry.lastWriteAt = now();
      entry.pending += entry.inflight;
      entry.inflight = 0;
      entry.degraded = true;
      log(`rate-limit: writing counter ${entry.name} failed (${String(error)}); ${entry.pending} increments kept for the next flush`);
    }
  };

  /** The flush that will carry the entry's pending increments: after the one in progress, one interval after the last write. */
  const scheduleFlush = (entry: Entry, kv: KVNamespaceLike | undefined): Promise<void> => {
    entry.nextFlush ??= (async () => {
      while (entry.flushing) await entry.flushing;
      await sleep(Math.max(0, entry.lastWriteAt + interval - now()));
      entry.nextFlush = null;
      const flushing = write(entry, kv);
      entry.flushing = flushing;
      await flushing;
      if (entry.flushing === flushing) entry.flushing = null;
    })();
    return entry.nextFlush;
  };

  const idle = (e: Entry) => e.pending === 0 && e.inflight === 0 && !e.flushing && !e.nextFlush;

  const sweep = () => {
    for (const [name, e] of entries) if (e.windowEndMs < newestWindowEndMs && idle(e)) entries.delete(name);
    for (const [name, e] of entries) {
      if (entries.size <= maxEntries) break;
      if (idle(e)) entries.delete(name);
    }
  };

  const open = (input: ReserveInput): Entry => {
    const existing = entries.get(input.name);
    if (existing) return existing;
    if (input.windowEndMs > newestWindowEndMs || entries.size >= maxEntries) {
      newestWindowEndMs = Math.max(newestWindowEndMs, input.windowEndMs);
      sweep();
    }
    const entry: Entry = {
      name: input.name,
      windowEndMs: input.windowEndMs,
      ttlSeconds: input.ttlSeconds,
      ready: Promise.resolve(),
      base: 0,
      inflight: 0,
      pending: 0,
      lastWriteAt: -Infinity,
      writes: 0,
      firstWriteAt: null,
      flushing: null,
      nextFlush: null,
      degraded: false,
    };
    entry.ready = read(input.kv, input.name).then(
      (value) => {
        entry.base = value.count;
        entry.writes = value.writes;
        entry.firstWriteAt = value.writes > 0 ? value.firstWriteAt : null;
        entry.lastWriteAt = value.writes > 0 ? Math.min(value.lastWriteAt, now()) : -Infinity;
      },
      (error) => {
        entry.degraded = true;
        log(`rate-limit: reading counter ${input.name} failed (${String(error)}); counting in this isolate only`);
      },
    );
    entries.set(input.name, entry);
    return entry;
  };

  return {
    async reserve(input) {
      const entry = open(input);
      await entry.ready;
      // From here to the increment nothing awaits: admission is atomic within the isolate.
      const used = entry.base + entry.inflight + entry.pending;
      if (used >= input.limit) return { admitted: false, used, degraded: entry.degraded };
      entry.pending += 1;
      entry.ttlSeconds = input.ttlSeconds;
      input.waitUntil(scheduleFlush(entry, input.kv));
      return { admitted: true, used: used + 1, degraded: entry.degraded };
    },
    size: () => entries.size,
  };
}
