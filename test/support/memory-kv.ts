// An in-memory KV namespace for unit tests of the limiter's pure logic: it records every write
// (key and time) so tests can check the write budget, and can be told to fail.
import type { KVNamespaceLike } from "../../src/api/env.js";

export interface MemoryKV extends KVNamespaceLike {
  values: Map<string, string>;
  writes: { key: string; at: number; ttl: number | undefined }[];
  reads: number;
  failing: boolean;
}

export function memoryKV(now: () => number = Date.now): MemoryKV {
  const kv: MemoryKV = {
    values: new Map(),
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
    },
    async delete(key) {
      if (kv.failing) throw new Error("KV DELETE failed: 503");
      kv.values.delete(key);
    },
  };
  return kv;
}
