// Reads the prebuilt files of dist/_data through env.ASSETS, keeping what it parsed in a bounded
// per-isolate LRU, so a warm isolate rarely fetches at all. Only settled values are shared between
// requests: an in-flight fetch is shared within the request that started it (a session), never
// handed to another, because workerd ties I/O to its request and a request awaiting another's fetch
// can hang when that one is cancelled
// (https://developers.cloudflare.com/workers/observability/errors/#cannot-perform-io-on-behalf-of-a-different-request).
import type { z } from "zod";
import { type ColumnName, type ColumnSet, fromLittleEndian, REF_BLOCK } from "../contract/columns.js";
import { BuildManifest } from "../contract/manifest.js";
import { columnFile, DATA_PATH, MANIFEST_FILE, refBlockFile, shardFile } from "../contract/paths.js";
import { SearchManifest } from "../contract/search-manifest.js";
import { packRef, refShard, refSlot } from "../contract/shard.js";
import { SlottedReader } from "../contract/slotted.js";
import type { SkillSummary } from "../schemas/resources.js";
import type { AssetFetcher } from "./env.js";
import { WeightedLru } from "./lru.js";

const ASSET_ORIGIN = "https://assets.invalid";

export interface AssetStore {
  manifest(): Promise<BuildManifest>;
  /** The search index's layout (its own file, named in the manifest), or null for a build without a search index. */
  searchManifest(): Promise<SearchManifest | null>;
  /** A JSON file under _data/, parsed and checked against `schema` once per isolate. */
  json<T>(path: string, schema: z.ZodType<T>): Promise<T>;
  bytes(path: string): Promise<Uint8Array>;
  /** A binary file read by `decode` and cached decoded; one function per kind of file (it keys the cache). */
  decoded<T>(path: string, decode: (bytes: Uint8Array) => T): Promise<T>;
  /** A slotted shard, read in place and cached whole (list heads: every entry of one is read together). */
  slotted(path: string): Promise<SlottedReader>;
  /**
   * Entries of a slotted shard (detail, files, summaries) by key or slot number, undefined where absent.
   * Each is parsed and cached on its own and the shard is not kept: a warm isolate holds the entries
   * its requests read, not the whole shards they sit in (a page of 20 results from 20 summary shards
   * keeps 20 summaries, not 20 shards).
   */
  slots(path: string, at: readonly (string | number)[]): Promise<unknown[]>;
  u32(path: string): Promise<Uint32Array>;
  /** The named columns of the list index, each file read (and cached) on its own: a request pays only for what it uses. */
  columns<K extends ColumnName>(names: readonly K[]): Promise<ColumnSet<K>>;
  summaries(ordinals: readonly number[]): Promise<SkillSummary[]>;
  /** The summaries at these refs (src/contract/shard.ts packRef): `summaries` without the `ref` column, for refs read elsewhere (the list blocks). */
  summariesAt(refs: ArrayLike<number>): Promise<SkillSummary[]>;
  /** Bytes fetched from ASSETS by this store so far (for benchmarks). */
  readonly fetchedBytes: number;
  /** A view for one request: the same cache, its own in-flight fetches. */
  session(): AssetStore;
}

export class AssetMissingError extends Error {}

/** Fetches under way in one session, by path. */
type Pending = Map<string, { decoder: object; promise: Promise<unknown> }>;

export function createAssetStore(assets: AssetFetcher, maxBytes = 48 * 1024 * 1024): AssetStore {
  const cache = new WeightedLru<{ decoder: object; value: unknown }>(maxBytes);
  let fetchedBytes = 0;

  async function fetchBytes(path: string): Promise<Uint8Array> {
    const res = await assets.fetch(new Request(`${ASSET_ORIGIN}${DATA_PATH}${path}`));
    if (!res.ok) throw new AssetMissingError(`asset ${path} answered ${res.status}`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    fetchedBytes += bytes.length;
    return bytes;
  }

  /**
   * Loads `path` once, decodes it, and caches the result weighted by its size. The cache entry
   * remembers the decoder (for JSON: the schema) that produced it, so a hit is only ever returned
   * to a caller asking with that same decoder.
   */
  function load<T>(pending: Pending, path: string, decoder: object, decode: (bytes: Uint8Array) => T, weight = 1, keep = true): Promise<T> {
    const hit = cache.get(path);
    if (hit && hit.decoder === decoder) return Promise.resolve(hit.value as T);
    const inFlight = pending.get(path);
    if (inFlight && inFlight.decoder === decoder) return inFlight.promise as Promise<T>;
    const promise: Promise<T> = fetchBytes(path)
      .then((bytes) => {
        const value = decode(bytes);
        if (keep) cache.set(path, { decoder, value }, bytes.length * weight);
        return value;
      })
      .finally(() => {
        if (pending.get(path)?.promise === promise) pending.delete(path);
      });
    pending.set(path, { decoder, promise });
    return promise;
  }

  const text = new TextDecoder();
  const RAW = {};
  const SLOTTED = {};
  const SLOT = {};
  /** An entry absent from its shard, cached too: asking again costs no fetch. */
  const ABSENT = Symbol("absent");
  // A slot number and a key never share a cache key ("#" and "=" tell them apart).
  const slotKey = (path: string, at: string | number) => `${path}\u0000${typeof at === "number" ? "#" : "="}${at}`;
  const open = (): AssetStore => {
    const pending: Pending = new Map();
    const store: AssetStore = {
      manifest: () => store.json(MANIFEST_FILE, BuildManifest),
      async searchManifest() {
        const ref = (await store.manifest()).search;
        return ref && store.json(ref.file, SearchManifest);
      },
      // Parsed JSON takes roughly twice its text size in memory.
      json: (path, schema) => load(pending, path, schema, (b) => schema.parse(JSON.parse(text.decode(b))), 2),
      bytes: (path) => load(pending, path, RAW, (b) => b),
      decoded: (path, decode) => load(pending, path, decode, decode),
      slotted: (path) => load(pending, path, SLOTTED, (b) => new SlottedReader(b)),
      async slots(path, at) {
        const out: unknown[] = new Array(at.length);
        const missing: number[] = [];
        at.forEach((a, i) => {
          const hit = cache.get(slotKey(path, a));
          if (hit && hit.decoder === SLOT) out[i] = hit.value === ABSENT ? undefined : hit.value;
          else missing.push(i);
        });
        if (missing.length === 0) return out;
        // Shared with this request's other reads of the shard while in flight, never cached whole.
        const shard = await load(pending, path, SLOTTED, (b) => new SlottedReader(b), 1, false);
        for (const i of missing) {
          const a = at[i]!;
          const slot = typeof a === "number" ? (a < shard.size ? a : -1) : shard.find(a);
          const text = slot < 0 ? undefined : shard.valueText(slot);
          const value = text === undefined ? undefined : JSON.parse(text);
          // Parsed JSON takes roughly twice its text size in memory, plus the entry's own overhead.
          cache.set(slotKey(path, a), { decoder: SLOT, value: value ?? ABSENT }, 2 * (text?.length ?? 0) + 64);
          out[i] = value;
        }
        return out;
      },
      u32: (path) => store.decoded(path, fromLittleEndian),
      async columns<K extends ColumnName>(names: readonly K[]): Promise<ColumnSet<K>> {
        const [manifest, ...loaded] = await Promise.all([store.manifest(), ...names.map((name) => store.u32(columnFile(name)))]);
        const count = manifest.counts.skills;
        const set: Record<string, Uint32Array> = {};
        names.forEach((name, i) => {
          if (loaded[i]!.length !== count) throw new Error(`column ${name} has ${loaded[i]!.length} values for ${count} skills`);
          set[name] = loaded[i]!;
        });
        return { ...set, count } as ColumnSet<K>;
      },
      async summaries(ordinals) {
        if (ordinals.length === 0) return [];
        // Only the blocks of refs that hold the page's skills: a few KB each, not a column of every skill.
        const count = (await store.manifest()).counts.skills;
        for (const o of ordinals) if (!(o >= 0 && o < count)) throw new Error(`ordinal ${o} is past the ${count} skills`);
        const numbers = [...new Set(ordinals.map((o) => Math.floor(o / REF_BLOCK)))];
        const blocks = await Promise.all(numbers.map((n) => store.u32(refBlockFile(n))));
        const loaded = new Map<number, Uint32Array>();
        numbers.forEach((n, i) => {
          const refs = blocks[i]!;
          if (refs.length !== Math.min(REF_BLOCK, count - n * REF_BLOCK)) throw new Error(`ref block ${n} has ${refs.length} values`);
          loaded.set(n, refs);
        });
        return store.summariesAt(ordinals.map((o) => loaded.get(Math.floor(o / REF_BLOCK))![o % REF_BLOCK]!));
      },
      async summariesAt(refs) {
        const byShard = new Map<number, number[]>();
        for (let i = 0; i < refs.length; i++) {
          const shard = refShard(refs[i]!);
          const slots = byShard.get(shard);
          if (slots) slots.push(refSlot(refs[i]!));
          else byShard.set(shard, [refSlot(refs[i]!)]);
        }
        const found = new Map<number, unknown>();
        await Promise.all(
          [...byShard].map(async ([shard, slots]) => {
            const values = await store.slots(shardFile("summaries", shard), slots);
            slots.forEach((slot, i) => found.set(packRef(shard, slot), values[i]));
          }),
        );
        return Array.from(refs, (ref) => {
          const item = found.get(ref);
          if (item === undefined) throw new AssetMissingError(`summary at shard ${refShard(ref)} slot ${refSlot(ref)} is missing`);
          // The build validated every summary; the hot path does not check it again.
          return item as SkillSummary;
        });
      },
      get fetchedBytes() {
        return fetchedBytes;
      },
      session: open,
    };
    return store;
  };
  return open();
}
