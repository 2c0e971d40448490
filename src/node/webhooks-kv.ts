// The KV namespace that keeps subscriptions, beside the API keys: wrangler's local KV (the one
// `wrangler pages dev` serves, through wrangler's platform proxy, so saving a cursor after every
// delivery costs milliseconds), or the deployed namespace through the wrangler CLI (--remote).
import { join } from "node:path";
import type { KVNamespaceLike } from "../api/env.js";
import type { TextKV } from "../events/webhooks/store.js";
import { wranglerKeyStore } from "./keys/wrangler-store.js";

interface ListingKV extends KVNamespaceLike {
  list(options: { prefix: string; cursor?: string }): Promise<{ keys: { name: string }[]; list_complete: boolean; cursor?: string }>;
}

export interface KvTarget {
  projectDir: string;
  remote: boolean;
  /** wrangler's local state folder (as `wrangler pages dev --persist-to`); wrangler's default when absent. */
  persistTo?: string;
}

export interface OpenKV {
  kv: TextKV;
  close(): Promise<void>;
}

export async function openKV(target: KvTarget): Promise<OpenKV> {
  if (target.remote) {
    const store = wranglerKeyStore(target);
    return {
      kv: {
        get: (name) => store.get(name),
        put: (name, value) => store.put(name, value, {}),
        delete: (name) => store.delete(name),
        names: async (prefix) => (await store.list(prefix)).map((e) => e.name),
      },
      close: async () => {},
    };
  }
  // wrangler keeps local state under <persist-to>/v3; the proxy takes that inner folder.
  // Loaded only here: wrangler is large, and a refused command should not wait for it.
  const { getPlatformProxy } = await import("wrangler");
  const proxy = await getPlatformProxy<{ KV: ListingKV }>({
    configPath: join(target.projectDir, "wrangler.toml"),
    persist: target.persistTo ? { path: join(target.persistTo, "v3") } : true,
  });
  const kv = proxy.env.KV;
  return {
    kv: {
      get: (name) => kv.get(name),
      put: (name, value) => kv.put(name, value),
      delete: (name) => kv.delete(name),
      async names(prefix) {
        const names: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await kv.list({ prefix, ...(cursor ? { cursor } : {}) });
          names.push(...page.keys.map((k) => k.name));
          cursor = page.list_complete ? undefined : page.cursor;
        } while (cursor);
        return names;
      },
    },
    close: () => proxy.dispose(),
  };
}
