// When to try a delivery again within one run: exponential backoff with full jitter, or what the
// receiver's Retry-After asks for (seconds or an HTTP date), whichever is later, within a cap.
export interface RetryPolicy {
  /** Attempts per event within one run (the first included). */
  attempts: number;
  /** The first backoff; each later one doubles, up to maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
  /** A Retry-After longer than this ends the run for that subscription: the event stays pending. */
  maxRetryAfterMs: number;
  /** Per attempt. */
  timeoutMs: number;
}

export const DEFAULT_POLICY: RetryPolicy = {
  attempts: 5,
  backoffMs: 1000,
  maxBackoffMs: 60_000,
  maxRetryAfterMs: 300_000,
  timeoutMs: 10_000,
};

/** Milliseconds a Retry-After header asks to wait, or undefined when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, now: Date): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === "") return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

/** The wait before attempt `attempt + 1` (attempt counts from 1): full jitter over the exponential step. */
export const backoffMs = (policy: RetryPolicy, attempt: number, random: () => number): number =>
  Math.round(random() * Math.min(policy.maxBackoffMs, policy.backoffMs * 2 ** (attempt - 1)));
