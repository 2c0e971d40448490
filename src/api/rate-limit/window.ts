// Fixed hourly windows aligned to the clock hour: every caller's budget resets at the top of the
// hour, so a window is named by its index and its counter key expires on its own after it ends.
// Fixed, not sliding, by choice (docs/RATE-LIMITS.md, "Fixed windows, by choice"): a caller can
// spend two budgets across the top of the hour, never more than one within a clock hour, and
// X-RateLimit-Reset stays an exact promise. Either way only the current window's counter is
// written, at most once a second per key, which is Workers KV's limit for writes to one key
// (https://developers.cloudflare.com/kv/platform/limits/; counters.ts batches to keep within it).
export const WINDOW_MS = 3_600_000;

/** How long a counter outlives its window, so a late flush never writes to an already-expired key. */
const COUNTER_GRACE_SECONDS = 60;

export interface RateWindow {
  index: number;
  startMs: number;
  endMs: number;
  /** Unix seconds at which the window ends (the X-RateLimit-Reset value). */
  resetSeconds: number;
}

export function windowAt(nowMs: number): RateWindow {
  const index = Math.floor(nowMs / WINDOW_MS);
  const startMs = index * WINDOW_MS;
  const endMs = startMs + WINDOW_MS;
  return { index, startMs, endMs, resetSeconds: endMs / 1000 };
}

/** Whole seconds until the window ends, at least 1 (the Retry-After value). */
export const retryAfterSeconds = (window: RateWindow, nowMs: number): number => Math.max(1, Math.ceil((window.endMs - nowMs) / 1000));

/** KV expirationTtl of a window's counter: the rest of the window plus a grace; always >= KV's minimum of 60 s. */
export const counterTtlSeconds = (window: RateWindow, nowMs: number): number =>
  Math.max(0, Math.ceil((window.endMs - nowMs) / 1000)) + COUNTER_GRACE_SECONDS;
