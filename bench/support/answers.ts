// The function's answer times for the read endpoints, shared by the build benchmark and by
// bench/answers.ts (over an existing build): in-process cold and warm percentiles (warm under a
// uniform request mix and under a popular one), the heap after 1,000 mixed requests, and end to end
// through `wrangler pages dev` with the cold start and the workerd isolate's own heap.
import { handleRequest, type Services } from "../../src/api/handle.js";
import { createServices } from "../../src/api/services.js";
import type { readDataset } from "../../src/dataset/files.js";
import { folderAssets } from "../../src/node/folder-assets.js";
import { startPagesDev } from "../../src/node/pages-dev.js";
import { seeded } from "../../src/synth/random.js";
import { isolateHeapLine, openInspector } from "./inspector.js";
import { mb, percentile, table } from "./machine.js";

type Kinds = Record<string, () => string>;

/**
 * How a mix draws its skills and pages. Uniform: every skill and page alike, which over 100k skills
 * makes nearly every "warm" request a cold shard read. Popular: what real traffic looks like: skills
 * by stars rank with a Zipf law of exponent 1 (the 10th most starred is asked for a tenth as often as
 * the first) and list pages with exponent 2 (62% first pages, 85% within the first three).
 */
export type Mix = "uniform" | "popular";

export function requestKinds(dataset: Awaited<ReturnType<typeof readDataset>>, mix: Mix = "uniform"): Kinds {
  const random = seeded(mix === "uniform" ? 99 : 101);
  // Only what the requests need is kept, not the records: a 1M dataset left reachable makes every
  // timed request pay the collector's passes over gigabytes of heap, which no isolate has.
  const refs = dataset.records.map((r) => `${r.owner}/${r.repo}`);
  const stars = dataset.records.map((r) => r.stars);
  const byStars = Uint32Array.from(refs.keys()).sort((a, b) => stars[b]! - stars[a]! || a - b);
  const pickSkill = () => refs[mix === "uniform" ? random.int(0, refs.length - 1) : byStars[random.zipf(byStars.length, 1)]!]!;
  const page = (last: number) => (mix === "uniform" ? random.int(1, last) : 1 + random.zipf(last, 2));
  const slugs = dataset.categories.categories.map((c) => c.slug);
  const slug = () => random.pick(slugs);
  const platforms = dataset.platforms.platforms.map((p) => p.id);
  // A filter on its own, with no category: the platform, or "updated since" the median skill's update
  // (half the directory), the two commonest filters a client sets without choosing a category.
  const updates = dataset.records.map((r) => r.updatedAt).sort();
  const since = updates[Math.floor(updates.length / 2)] ?? "2020-01-01T00:00:00Z";
  // And what a mirror polling often asks: the changes since its last sync, here the 200 latest updates.
  const recent = updates[Math.max(0, updates.length - 200)] ?? "2020-01-01T00:00:00Z";
  return {
    "list by stars (default)": () => `/skills?page=${page(50)}`,
    "list by updated": () => `/skills?sort=updated&page=${page(50)}`,
    "list by name": () => `/skills?sort=name&order=asc&page=${page(50)}`,
    "list filtered (category, platform)": () => `/skills?category=${slug()}&platform=${random.pick(platforms)}&page=${page(3)}&limit=50`,
    "list by platform": () => `/skills?platform=${random.pick(platforms)}&page=${page(50)}`,
    "list updated since": () => `/skills?updatedSince=${encodeURIComponent(since)}&page=${page(50)}`,
    // What a mirror syncing incrementally asks: the changes since its last sync, newest first.
    "list updated since, by updated": () => `/skills?updatedSince=${encodeURIComponent(since)}&sort=updated&page=${page(50)}`,
    "list updated recently": () => `/skills?updatedSince=${encodeURIComponent(recent)}&page=${page(10)}`,
    "list updated recently, by updated": () => `/skills?updatedSince=${encodeURIComponent(recent)}&sort=updated&page=${page(10)}`,
    "category list": () => `/categories/${slug()}/skills?sort=name&page=${page(3)}`,
    detail: () => `/skills/${pickSkill()}`,
    content: () => `/skills/${pickSkill()}/content`,
    stats: () => `/skills/${pickSkill()}/stats`,
    categories: () => `/categories?locale=${random.pick(["en", "zh", "de"])}`,
  };
}

const limiter = { check: async () => ({}) };

async function ask(services: Services, siteDir: string, path: string): Promise<number> {
  const t = performance.now();
  const res = await handleRequest(
    { request: new Request(`http://bench/api/v1${path}`), env: { ASSETS: folderAssets(siteDir) }, waitUntil: () => {} },
    services,
  );
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
  return performance.now() - t;
}

const gc = (globalThis as { gc?: () => void }).gc;
/** JS heap plus array buffers (the shards a store keeps are bytes): what an isolate's memory limit counts. */
const heapMb = () => {
  gc?.();
  const m = process.memoryUsage();
  return (m.heapUsed + m.arrayBuffers) / 2 ** 20;
};

/** Warm percentiles of one kind: one store, 20 requests to settle, then 200 timed. */
async function warmTimes(siteDir: string, path: () => string) {
  const services = createServices(folderAssets(siteDir), limiter);
  for (let i = 0; i < 20; i++) await ask(services, siteDir, path());
  const warm: number[] = [];
  for (let i = 0; i < 200; i++) warm.push(await ask(services, siteDir, path()));
  return { p50: percentile(warm, 50), p95: percentile(warm, 95) };
}

/** `kinds` is the uniform mix (cold and warm); `popular`, the same kinds drawn as real traffic does (warm). */
export async function timeQueries(siteDir: string, kinds: Kinds, popular: Kinds) {
  const rows: {
    kind: string;
    coldP50: number;
    coldP95: number;
    coldBytes: number;
    p50: number;
    p95: number;
    popularP50: number;
    popularP95: number;
  }[] = [];
  for (const [kind, path] of Object.entries(kinds)) {
    const cold: number[] = [];
    let coldBytes = 0;
    for (let i = 0; i < 20; i++) {
      const services = createServices(folderAssets(siteDir), limiter);
      cold.push(await ask(services, siteDir, path()));
      coldBytes = Math.max(coldBytes, services.store.fetchedBytes);
    }
    const uniform = await warmTimes(siteDir, path);
    const hot = await warmTimes(siteDir, popular[kind]!);
    rows.push({
      kind,
      coldP50: percentile(cold, 50),
      coldP95: percentile(cold, 95),
      coldBytes,
      p50: uniform.p50,
      p95: uniform.p95,
      popularP50: hot.p50,
      popularP95: hot.p95,
    });
  }
  // The isolate's heap: one set of services after 1,000 requests of every kind in turn.
  const before = heapMb();
  const services = createServices(folderAssets(siteDir), limiter);
  const paths = Object.values(kinds);
  for (let i = 0; i < 1000; i++) await ask(services, siteDir, paths[i % paths.length]!());
  const heap = heapMb() - before;
  // Still in use here, so the collection above could not take it.
  if (services.store.fetchedBytes === 0) throw new Error("no request reached the asset store");
  return { rows, heap, exact: gc !== undefined };
}

/** End to end through `wrangler pages dev`: the first request on a fresh isolate, then warm requests of each kind. */
export async function timeServed(siteDir: string, kinds: Kinds) {
  const started = performance.now();
  const dev = await startPagesDev({ siteDir, vars: { RATE_LIMIT_DISABLED: "1" }, timeoutMs: 600_000 });
  const startMs = performance.now() - started;
  // A heap the inspector does not give is reported as such, never the end of the benchmark.
  const asError = (e: unknown) => (e instanceof Error ? e : new Error(String(e)));
  const inspector = await openInspector(dev.inspectorPort).catch(asError);
  try {
    const get = async (path: string) => {
      const t = performance.now();
      const res = await fetch(`${dev.api}${path}`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      return performance.now() - t;
    };
    // startPagesDev's readiness probe asked for /categories; the first skill list is still cold.
    const first = await get("/skills?sort=updated&page=7");
    const rows: { kind: string; p50: number; p95: number }[] = [];
    for (const [kind, path] of Object.entries(kinds)) {
      for (let i = 0; i < 5; i++) await get(path());
      const warm: number[] = [];
      for (let i = 0; i < 60; i++) warm.push(await get(path()));
      rows.push({ kind, p50: percentile(warm, 50), p95: percentile(warm, 95) });
    }
    // The isolate's own heap (V8's figures through the devtools inspector) after 1,000 more mixed requests.
    const paths = Object.values(kinds);
    for (let i = 0; i < 1000; i++) await get(paths[i % paths.length]!());
    const heap = inspector instanceof Error ? inspector : await inspector.heap().catch(asError);
    return { startMs, first, rows, heap };
  } finally {
    if (!(inspector instanceof Error)) inspector.close();
    await dev.stop();
  }
}

/** The markdown section of one size: heap, cold start, and the table of every kind. */
export function answersSection(
  n: number,
  q: Awaited<ReturnType<typeof timeQueries>>,
  served: Awaited<ReturnType<typeof timeServed>>,
): string {
  const byKind = new Map(served.rows.map((r) => [r.kind, r]));
  return (
    `### ${n.toLocaleString("en")} skills\n\n` +
    `Heap after 1,000 mixed requests: ${q.heap >= 0 ? "+" : ""}${q.heap.toFixed(1)} MB over the process before them${q.exact ? "" : " (without --expose-gc: not collected first, so a collection during them can make this negative)"}. ` +
    `Through \`wrangler pages dev\`: ready in ${(served.startMs / 1000).toFixed(1)} s; first API request on the fresh isolate (cold start) ${served.first.toFixed(0)} ms; ` +
    `the workerd isolate's heap after the timed requests and 1,000 more mixed ones: ${isolateHeapLine(served.heap)}.\n\n` +
    table(
      [
        "endpoint",
        "cold p50 (ms)",
        "cold p95 (ms)",
        "cold MB loaded (max)",
        "warm p50 (ms)",
        "warm p95 (ms)",
        "popular warm p50 (ms)",
        "popular warm p95 (ms)",
        "served warm p50 (ms)",
        "served warm p95 (ms)",
      ],
      q.rows.map((r) => [
        r.kind,
        r.coldP50.toFixed(2),
        r.coldP95.toFixed(2),
        mb(r.coldBytes),
        r.p50.toFixed(3),
        r.p95.toFixed(3),
        r.popularP50.toFixed(3),
        r.popularP95.toFixed(3),
        byKind.get(r.kind)?.p50.toFixed(2) ?? "-",
        byKind.get(r.kind)?.p95.toFixed(2) ?? "-",
      ]),
    )
  );
}

export const ANSWERS_NOTE =
  "In-process: the handler over a file-backed ASSETS, no rate limiter. Cold: a fresh isolate store (nothing cached) per request, 20 requests; MB loaded is the most one cold request fetched. Warm: one store, after 20 requests, 200 random requests of the kind, drawn two ways: uniform (every skill and list page alike) and popular (skills by stars rank with a Zipf law of exponent 1, list pages with exponent 2: 62% first pages). The warm target is judged on the popular mix: real traffic repeats popular skills and first pages, which is what a per-isolate cache is for; the uniform mix over 100k skills is mostly cold shard reads and bounds the worst case. Served: through `wrangler pages dev` (workerd) on loopback with the rate limiter off, 60 requests of each kind after 5. The isolate heap is V8's Runtime.getHeapUsage through wrangler's devtools inspector: used JS heap, plus the array buffers' backing store (the shard bytes the store caches), not collected first (workerd's inspector does not run a collection on request). Targets at 100k: warm p95 <= 10 ms, cold p95 <= 100 ms in-process, heap <= 64 MB.";
