// workerd's rule for I/O
// (https://developers.cloudflare.com/workers/observability/errors/#cannot-perform-io-on-behalf-of-a-different-request),
// emulated in Node: an I/O belongs to the request that started it, and when
// that request is cancelled (its client went away) its unfinished I/O never completes. A request
// that awaits I/O another request started then waits forever, which is how one cancelled request
// can hang another. Requests run inside `asRequest`; the wrappers tie each fetch and KV call to the
// request running it and hold it for `delayMs` (slow assets, slow KV).
import { AsyncLocalStorage } from "node:async_hooks";
import type { AssetFetcher, KVNamespaceLike } from "../../src/api/env.js";

export interface RequestIo {
  cancelled: boolean;
}

const current = new AsyncLocalStorage<RequestIo>();

export const asRequest = <T>(io: RequestIo, run: () => Promise<T>): Promise<T> => current.run(io, run);

const never = new Promise<never>(() => {});

/** Waits `delayMs`, then runs `io` unless the request that started it was cancelled meanwhile. */
async function owned<T>(delayMs: number, io: () => Promise<T>): Promise<T> {
  const owner = current.getStore();
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  if (owner?.cancelled) return never;
  const result = await io();
  return owner?.cancelled ? never : result;
}

export const requestBoundAssets = (inner: AssetFetcher, delayMs: number): AssetFetcher => ({
  fetch: (input) => owned(delayMs, () => inner.fetch(input)),
});

export const requestBoundKv = (inner: KVNamespaceLike, delayMs: number): KVNamespaceLike => ({
  get: (key) => owned(delayMs, () => inner.get(key)),
  put: (key, value, options) => owned(delayMs, () => inner.put(key, value, options)),
  delete: (key) => owned(delayMs, () => inner.delete(key)),
});
