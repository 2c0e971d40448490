// What the Pages Function hands to src/api: the bindings it needs, typed by the few methods used,
// so that src/api runs against workerd in production and stays free of Cloudflare's global types.

/** `env.ASSETS`: the static files of the deployment. */
export interface AssetFetcher {
  fetch(input: Request | string | URL): Promise<Response>;
}

/** The subset of a Workers KV namespace the API uses. */
export interface KVNamespaceLike {
  get(key: string): Promise<string | null>;
  put(key: string, value: string, options?: { expirationTtl?: number; expiration?: number; metadata?: unknown }): Promise<void>;
  delete(key: string): Promise<void>;
  /** Keys by prefix, with their metadata (the re-index queue lists itself; nothing else lists). */
  list?(options: { prefix: string; limit?: number; cursor?: string }): Promise<KVListing>;
}

/** One page of a KV listing. */
export interface KVListing {
  keys: { name: string; expiration?: number; metadata?: unknown }[];
  list_complete: boolean;
  cursor?: string;
}

/** The subset of an R2 bucket binding the function uses. */
export interface R2BucketLike {
  get(key: string): Promise<{ arrayBuffer(): Promise<ArrayBuffer> } | null>;
}

export interface ApiEnv {
  ASSETS: AssetFetcher;
  /** Where the built data folder is read from: "assets" (default) or "r2" (src/api/data-store.ts). */
  DATA_STORE?: string;
  /** The R2 bucket holding the data folder's files under `_data/`, when DATA_STORE is "r2". */
  DATA?: R2BucketLike;
  /** Rate-limit counters and API-key hashes. */
  KV?: KVNamespaceLike;
  /** Optional overrides (strings, as Pages vars are): requests per hour for each tier. */
  RATE_LIMIT_ANONYMOUS?: string;
  RATE_LIMIT_PAGE?: string;
  RATE_LIMIT_AUTHENTICATED?: string;
  RATE_LIMIT_PREMIUM?: string;
  /** Optional override: requests per hour for all anonymous callers of one IPv6 /48 together. */
  RATE_LIMIT_IPV6_48?: string;
  /** "1" on a server started by `npm start` or `npm run serve`: a 429 then says how to lift the limit locally. */
  LOCAL_SERVER?: string;
  /** Benchmark hook: "1" turns the rate limiter off (to measure its cost). Never set in production. */
  RATE_LIMIT_DISABLED?: string;
  /** Test hook: a fixed clock (Unix milliseconds) for rate-limit windows. Only honoured when ALLOW_TEST_CLOCK is "1". */
  ALLOW_TEST_CLOCK?: string;
}

/** Everything a request handler may touch. */
export interface ApiContext {
  request: Request;
  env: ApiEnv;
  waitUntil(promise: Promise<unknown>): void;
}
