// Per-isolate window counters backed by Workers KV, within KV's limits: each counter key is written
// at most once a second by this isolate, and the writes carry every increment admitted in between.
// (KV allows one write per second to the same key: https://developers.cloudflare.com/kv/platform/limits/)
//
// Admission is decided in memory, synchronously after the counter's KV read, so concurrent requests
// in one isolate can never admit more than the limit. The count is re-read when it is over a second
// old, and each flush re-reads KV and adds this isolate's new increments to the larger of what KV
// holds and what this isolate knew; both fold in other isolates' counts (docs/RATE-LIMITS.md says
// how exact that is). A KV failure never fails a request: the counter keeps counting in memory, is
// marked degraded, and the increments are written by a later flush.
//
// No request ever awaits I/O another request started: workerd ties I/O to the request that began
// it, and a request that waits on another's read or write can hang when that one is cancelled
// (https://developers.cloudflare.com/workers/observability/errors/#cannot-perform-io-on-behalf-of-a-different-request). So
// every request that needs a fresh count reads KV itself, and the flush is done by one request at a
// time (it holds a lease), inside its own waitUntil; other requests only change numbers in memory.
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
  /** How old the KV count may be before a request re-reads it first (ms). */
  maxStaleMs?: number;
  /** Idle counters beyond this many are forgotten (KV keeps their count). */
  maxEntries?: number;
  /** How long a flush duty is trusted beyond its next planned write (ms) before another request takes it over. */
  flushLeaseMs?: number;
  log?: (message: string) => void;
}

interface Entry {
  name: string;
  windowEndMs: number;
  ttlSeconds: number;
  /** Real time at which the latest completed KV read started; -Infinity before the first. */
  readAt: number;
  /** KV reads in progress, each owned by the request that started it. */
  reading: number;
  /** Count known to be in KV. */
  base: number;
  /** Increments being written by the flush in progress. */
  inflight: number;
  /** Increments admitted since, waiting for the next flush. */
  pending: number;
  lastWriteAt: number;
  writes: number;
  firstWriteAt: number | null;
  /** A write is in progress. */
  writing: boolean;
  /** Real time until which one request holds the duty to flush (it renews it as it goes). */
  flushLeaseUntil: number;
  readFailed: boolean;
  writeFailed: boolean;
}

const ZERO: CounterValue = { count: 0, writes: 0, firstWriteAt: 0, lastWriteAt: 0 };

export function createCounterStore(options: CounterStoreOptions = {}): CounterStore {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const interval = options.minWriteIntervalMs ?? 1000;
  const maxStale = options.maxStaleMs ?? 1000;
  const maxEntries = options.maxEntries ?? 10_000;
  // How long past its next planned write a flush duty is trusted before another request takes it over.
  const leaseMs = options.flushLeaseMs ?? 10_000;
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

  /** Folds a KV value into what the entry knows; counts only grow within a window. */
  const absorb = (entry: Entry, value: CounterValue) => {
    entry.base = Math.max(entry.base, value.count);
    if (value.writes > entry.writes) {
      entry.writes = value.writes;
      entry.firstWriteAt ??= value.firstWriteAt;
      entry.lastWriteAt = Math.max(entry.lastWriteAt, Math.min(value.lastWriteAt, now()));
    }
  };

  /** Reads the counter for the calling request and folds it in; never throws. */
  const refresh = async (entry: Entry, kv: KVNamespaceLike | undefined): Promise<void> => {
    const startedAt = now();
    entry.reading += 1;
    try {
      absorb(entry, await read(kv, entry.name));
      entry.readFailed = false;
    } catch (error) {
      entry.readFailed = true;
      log(`rate-limit: reading counter ${entry.name} failed (${String(error)}); counting in this isolate only`);
    } finally {
      entry.reading -= 1;
      entry.readAt = Math.max(entry.readAt, startedAt);
    }
  };

  const write = async (entry: Entry, kv: KVNamespaceLike | undefined): Promise<void> => {
    entry.writing = true;
    entry.inflight += entry.pending;
    entry.pending = 0;
    try {
      const readStartedAt = now();
      absorb(entry, await read(kv, entry.name));
      entry.readAt = Math.max(entry.readAt, readStartedAt);
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
      entry.readFailed = false;
      entry.writeFailed = false;
    } catch (error) {
      // Pace retries like writes, so an outage costs at most one attempt a second per counter.
      entry.lastWriteAt = now();
      entry.pending += entry.inflight;
      entry.inflight = 0;
      entry.writeFailed = true;
      log(`rate-limit: writing counter ${entry.name} failed (${String(error)}); ${entry.pending} increments kept for the next flush`);
    } finally {
      entry.writing = false;
    }
  };

  /**
   * Writes the entry's pending increments, one interval after its last write, for as long as new
   * ones arrive; run by the request holding the lease, inside its own waitUntil. A failed write ends
   * the duty: the next admitted request takes it up again.
   */
  const flush = async (entry: Entry, kv: KVNamespaceLike | undefined): Promise<void> => {
    try {
      while (entry.pending > 0) {
        // A timer that fires a little early by the clock it is compared with is waited out.
        const wait = () => Math.max(0, entry.lastWriteAt + interval - now());
        do {
          entry.flushLeaseUntil = now() + wait() + leaseMs;
          await sleep(wait());
        } while (wait() > 0);
        // Another request's write (a flusher whose lease ran out) is not awaited, only waited out.
        if (entry.writing) {
          entry.lastWriteAt = Math.max(entry.lastWriteAt, now());
          continue;
        }
        entry.flushLeaseUntil = now() + leaseMs;
        await write(entry, kv);
        if (entry.writeFailed) break;
      }
    } finally {
      entry.flushLeaseUntil = -Infinity;
    }
  };

  const idle = (e: Entry) => e.pending === 0 && e.inflight === 0 && !e.writing && e.reading === 0 && e.flushLeaseUntil < now();

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
      readAt: -Infinity,
      reading: 0,
      base: 0,
      inflight: 0,
      pending: 0,
      lastWriteAt: -Infinity,
      writes: 0,
      firstWriteAt: null,
      writing: false,
      flushLeaseUntil: -Infinity,
      readFailed: false,
      writeFailed: false,
    };
    entries.set(input.name, entry);
    return entry;
  };

  return {
    async reserve(input) {
      const entry = open(input);
      // A count older than maxStale may be missing other isolates' requests: read it again first.
      // Until a first read has completed every request reads for itself; after that, a request
      // that finds a read already under way decides on what is known rather than wait for it.
      if (entry.readAt === -Infinity || (now() - entry.readAt > maxStale && entry.reading === 0)) await refresh(entry, input.kv);
      // From here to the increment nothing awaits: admission is atomic within the isolate.
      const used = entry.base + entry.inflight + entry.pending;
      const degraded = entry.readFailed || entry.writeFailed;
      if (used >= input.limit) return { admitted: false, used, degraded };
      entry.pending += 1;
      entry.ttlSeconds = input.ttlSeconds;
      if (entry.flushLeaseUntil < now()) {
        entry.flushLeaseUntil = now() + interval + leaseMs;
        input.waitUntil(flush(entry, input.kv));
      }
      return { admitted: true, used: used + 1, degraded };
    },
    size: () => entries.size,
  };
}
