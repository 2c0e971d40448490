// The re-index queue as `npm run rebuild -- --queued` sees it: the KV keys POST
// /index-status/{owner}/{repo}/refresh wrote (src/contract/refresh-queue.ts), listed with their
// metadata in one listing, and deleted one by one once the run has served what they asked for.
// Locally the queue is wrangler's local KV (the state folder `wrangler pages dev --persist-to`
// keeps), reached through wrangler's platform proxy; remotely the deployed namespace, through
// `wrangler kv key list|delete --remote` (by the binding KV of wrangler.toml, or a namespace id).
import { join } from "node:path";
import { z } from "zod";
import type { KVListing } from "../../api/env.js";
import { REFRESH_QUEUE_PREFIX } from "../../contract/refresh-queue.js";
import { RefreshEntry } from "../../schemas/refresh.js";
import { runWrangler } from "../wrangler.js";

/** One waiting request: its KV key and what it asked for. */
export interface QueuedRefresh {
  key: string;
  entry: RefreshEntry;
}

export interface RefreshQueue {
  /** Where the queue lives, in words (for the run's log). */
  where: string;
  /** Every waiting request, oldest first; keys whose metadata is not an entry are reported and left alone. */
  list(): Promise<{ queued: QueuedRefresh[]; unreadable: string[] }>;
  /** Deletes these keys (and no other). */
  remove(keys: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

export interface QueueTarget {
  projectDir: string;
  /** The deployed namespace instead of wrangler's local KV. */
  remote: boolean;
  /** A remote namespace by id (`--namespace-id`) instead of the binding KV of wrangler.toml. */
  namespaceId?: string;
  /** wrangler's local state folder (`--persist-to`); wrangler's default (.wrangler/state) when absent. */
  persistTo?: string;
}

const byAge = (a: QueuedRefresh, b: QueuedRefresh) =>
  a.entry.since < b.entry.since ? -1 : a.entry.since > b.entry.since ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0;

/** The entries of a listing, oldest first. */
export function queuedOf(keys: readonly { name: string; metadata?: unknown }[]): { queued: QueuedRefresh[]; unreadable: string[] } {
  const queued: QueuedRefresh[] = [];
  const unreadable: string[] = [];
  for (const k of keys) {
    if (!k.name.startsWith(REFRESH_QUEUE_PREFIX)) continue;
    const parsed = RefreshEntry.safeParse(k.metadata);
    if (parsed.success) queued.push({ key: k.name, entry: parsed.data });
    else unreadable.push(k.name);
  }
  return { queued: queued.sort(byAge), unreadable };
}

interface ProxyKV {
  list(options: { prefix: string; cursor?: string }): Promise<KVListing>;
  delete(key: string): Promise<void>;
}

const WranglerListing = z.array(z.object({ name: z.string(), metadata: z.unknown().optional() }).passthrough());

export async function openRefreshQueue(target: QueueTarget): Promise<RefreshQueue> {
  if (target.remote) {
    const where = target.namespaceId ? ["--namespace-id", target.namespaceId] : ["--binding", "KV"];
    const run = (args: string[]) => runWrangler(target.projectDir, ["kv", "key", ...args, ...where, "--remote"]);
    return {
      where: `the deployed KV namespace (${target.namespaceId ? `id ${target.namespaceId}` : "binding KV"})`,
      async list() {
        const out = await run(["list", "--prefix", REFRESH_QUEUE_PREFIX]);
        const start = out.indexOf("[");
        if (start < 0) throw new Error(`wrangler kv key list printed no listing:\n${out}`);
        return queuedOf(WranglerListing.parse(JSON.parse(out.slice(start))));
      },
      async remove(keys) {
        for (const key of keys) await run(["delete", key]);
      },
      close: async () => {},
    };
  }
  // Loaded only here: wrangler is large. wrangler keeps local state under <persist-to>/v3.
  const { getPlatformProxy } = await import("wrangler");
  const proxy = await getPlatformProxy<{ KV: ProxyKV }>({
    configPath: join(target.projectDir, "wrangler.toml"),
    persist: target.persistTo ? { path: join(target.persistTo, "v3") } : true,
  });
  const kv = proxy.env.KV;
  return {
    where: `wrangler's local KV${target.persistTo ? ` in ${target.persistTo}` : ""}`,
    async list() {
      const keys: KVListing["keys"] = [];
      let cursor: string | undefined;
      do {
        const page = await kv.list({ prefix: REFRESH_QUEUE_PREFIX, ...(cursor ? { cursor } : {}) });
        keys.push(...page.keys);
        cursor = page.list_complete ? undefined : page.cursor;
      } while (cursor);
      return queuedOf(keys);
    },
    async remove(keys) {
      for (const key of keys) await kv.delete(key);
    },
    close: () => proxy.dispose(),
  };
}
