// An in-memory KV namespace for unit tests of the limiter's pure logic: it records every write
// (key and time) so tests can check the write budget, and can be told to fail.
import type { KVListing, KVNamespaceLike } from "../../src/api/env.js";

export interface MemoryKV extends KVNamespaceLike {
  values: Map<string, string>;
  /** Metadata put with a key, listed with it as Workers KV lists it. */
  metadata: Map<string, unknown>;
  list(options: { prefix: string; limit?: number; cursor?: string }): Promise<KVListing>;
  writes: { key: string; at: number; ttl: number | undefined }[];
  reads: number;
  failing: boolean;
}

export function memoryKV(now: () => number = Date.now): MemoryKV {
  const kv: MemoryKV = {
    values: new Map(),
    metadata: new Map(),
    writes: [],
    reads: 0,
    failing: false,
    async get(key) {
      await Promise.resolve();
      if (kv.failing) throw new Error("KV GET failed: 503");
      kv.reads += 1;
      return kv.values.get(key) ?? null;
    },
    async put(key, value, options) {
      await Promise.resolve();
      if (kv.failing) throw new Error("KV PUT failed: 503");
      kv.writes.push({ key, at: now(), ttl: options?.expirationTtl });
      kv.values.set(key, value);
      if (options?.metadata === undefined) kv.metadata.delete(key);
      else kv.metadata.set(key, options.metadata);
    },
    async delete(key) {
      if (kv.failing) throw new Error("KV DELETE failed: 503");
      kv.values.delete(key);
      kv.metadata.delete(key);
    },
    // Sorted by name and paged by `limit`, the cursor being the next index, as far as callers can tell.
    async list({ prefix, limit = 1000, cursor }) {
      await Promise.resolve();
      if (kv.failing) throw new Error("KV LIST failed: 503");
      const names = [...kv.values.keys()].filter((k) => k.startsWith(prefix)).sort();
      const start = cursor ? Number(cursor) : 0;
      const page = names.slice(start, start + limit);
      const done = start + limit >= names.length;
      return {
        keys: page.map((name) => (kv.metadata.has(name) ? { name, metadata: kv.metadata.get(name) } : { name })),
        list_complete: done,
        ...(done ? {} : { cursor: String(start + limit) }),
      };
    },
  };
  return kv;
}
