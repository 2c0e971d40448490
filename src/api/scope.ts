// What a route handler receives: the request URL, the asset store, the build manifest and a clock.
import type { BuildManifest } from "../contract/manifest.js";
import type { Pagination } from "../schemas/envelope.js";
import type { KVNamespaceLike } from "./env.js";
import type { AssetStore } from "./store.js";

export interface RequestScope {
  url: URL;
  request: Request;
  store: AssetStore;
  manifest: BuildManifest;
  /** A monotonic clock in milliseconds (for meta.took). */
  now(): number;
  /**
   * A value derived from the deployment (parameter schemas, the search manifest), made once per
   * isolate: the deployment cannot change under a running isolate.
   */
  memo<T>(key: string, make: () => T): T;
  /** The deployment's KV, for the little live state the API keeps (the re-index queue); absent where none is bound. */
  kv?: KVNamespaceLike;
}

/** A handler's answer before the envelope's meta.requestId and the HTTP headers are added. */
export interface HandlerResult {
  body: { data: unknown; pagination?: Pagination; meta?: Record<string, unknown> };
  headers?: Record<string, string>;
  /** How long clients and caches may keep the answer; `live` answers are never kept by the answer cache. */
  cache?: "data" | "search" | "live";
  /** Sent as it is, without the envelope (the OpenAPI document). */
  raw?: boolean;
}
