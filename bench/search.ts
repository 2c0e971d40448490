// Search benchmark: npx tsx bench/search.ts [--sizes 10000,100000] [--no-real] [--work DIR] [--queries N] [--no-baselines]
// For synthetic datasets of each size and for the real shared dataset: index build time and bytes,
// shard count and largest shard; cold (fresh store, nothing loaded) and warm p50/p95 per query kind
// with bytes loaded; heap after 1,000 mixed queries; beside two baselines measured in the same run on
// the same queries: a brute-force linear scan over the skills' text, and one whole FlexSearch index
// held in memory. Each phase runs in its own process (clean heap); results go to bench/results/search.md.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { Index } from "flexsearch";
import type { AssetFetcher } from "../src/api/env.js";
import { memoOver } from "../src/api/handle.js";
import type { RequestScope } from "../src/api/scope.js";
import { autocompleteEndpoint, searchEndpoint } from "../src/api/search.js";
import { createAssetStore } from "../src/api/store.js";
import { build } from "../src/build/build.js";
import { searchDocument } from "../src/build/search-index/search-document.js";
import { COLUMN_NAMES, type Columns } from "../src/contract/columns.js";
import { EntriesShard, SearchManifest } from "../src/contract/search-manifest.js";
import { readDataset } from "../src/dataset/files.js";
import { folderAssets } from "../src/node/folder-assets.js";
import { convertSharedDataset, SHARED_DATASET, sharedDatasetPresent } from "../src/node/shared-dataset.js";
import { executeQuery } from "../src/search/engine.js";
import { NO_FILTERS } from "../src/search/filter.js";
import { parseQuery } from "../src/search/query.js";
import { SearchIndex } from "../src/search/resolve.js";
import { fold, terms } from "../src/search/text.js";
import { seeded } from "../src/synth/random.js";
import { machineLine, mb, percentile, table } from "./support/machine.js";

/** Deployment-derived values (parameter schemas, search manifest), made once as the function does. */
const memo = new Map<string, unknown>();

const ROOT = resolve(import.meta.dirname, "..");
const KINDS = [
  "1-term",
  "2-term",
  "phrase",
  "prefix",
  "filtered",
  "autocomplete",
  "typo",
  "typo + word",
  "worst: prefixes",
  "worst: excluded prefixes",
  "worst: typos",
  "worst: words",
] as const;
/** Worst cases (issue: a bound on one query's work): few queries each, reported as a ratio to a 1-term query. */
const WORST = KINDS.filter((k) => k.startsWith("worst"));
const WORST_PER_KIND = 5;
type Kind = (typeof KINDS)[number];
interface BenchQuery {
  kind: Kind;
  params: Record<string, string>;
}

const { values } = parseArgs({
  options: {
    phase: { type: "string" },
    sizes: { type: "string", default: "10000,100000" },
    "no-real": { type: "boolean", default: false },
    work: { type: "string", default: join(tmpdir(), "skills-search-bench") },
    queries: { type: "string", default: "30" },
    data: { type: "string" },
    site: { type: "string" },
    label: { type: "string" },
    rebuild: { type: "boolean", default: false },
    /** The search mode the measure phase asks in (the endpoint's `mode`); the orchestration measures both. */
    mode: { type: "string", default: "default" },
    "no-baselines": { type: "boolean", default: false },
  },
});
const progress = (line: string) => process.stderr.write(`${line}\n`);

// ---------- helpers shared by the phases ----------

/** A deterministic generator (the synthetic corpus's seeded source), so every run asks the same queries. */
const prng = (seed: number) => seeded(seed).next;

/**
 * `count` requests drawn from `queries` with Zipf's law (s = 1): real traffic repeats its popular
 * queries. Which query is how popular is a deterministic shuffle of the list.
 */
function zipfMix<T>(queries: readonly T[], count: number, random: () => number): T[] {
  const ranked = queries.slice();
  for (let i = ranked.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [ranked[i], ranked[j]] = [ranked[j]!, ranked[i]!];
  }
  const cumulative: number[] = [];
  let sum = 0;
  for (let r = 1; r <= ranked.length; r++) cumulative.push((sum += 1 / r));
  return Array.from({ length: count }, () => {
    const u = random() * sum;
    let lo = 0;
    while (cumulative[lo]! < u) lo++;
    return ranked[lo]!;
  });
}

/** Requests of the realistic warm mix, and how many of them first fill the cache untimed. */
const ZIPF_REQUESTS = 3000;
const ZIPF_UNTIMED = 1000;

function gcFunction(): () => void {
  setFlagsFromString("--expose-gc");
  const gc: unknown = runInNewContext("gc");
  return typeof gc === "function" ? () => (gc as () => void)() : () => {};
}

/** An ASSETS binding over the built folder that counts the bytes it serves, split search / other. */
function countingAssets(site: string) {
  const inner = folderAssets(site);
  const counts = { search: 0, other: 0 };
  const assets: AssetFetcher = {
    async fetch(input) {
      const res = await inner.fetch(input);
      const bytes = new Uint8Array(await res.arrayBuffer());
      const url = typeof input === "string" || input instanceof URL ? String(input) : input.url;
      counts[url.includes("/_data/search/") ? "search" : "other"] += bytes.length;
      return new Response(bytes, { status: res.status });
    },
  };
  return { assets, counts };
}

/** Runs one request; true when it was refused with a 400. */
async function run(store: ReturnType<typeof createAssetStore>, q: BenchQuery): Promise<boolean> {
  const url = new URL(`http://bench/api/v1/skills/${q.kind === "autocomplete" ? "autocomplete" : "search"}`);
  for (const [k, v] of Object.entries(q.params)) url.searchParams.set(k, v);
  if (q.kind !== "autocomplete") url.searchParams.set("mode", values.mode!);
  const scope: RequestScope = {
    url,
    request: new Request(url),
    store,
    manifest: await store.manifest(),
    now: () => performance.now(),
    memo: memoOver(memo),
  };
  try {
    if (q.kind === "autocomplete") await autocompleteEndpoint(scope);
    else await searchEndpoint(scope);
    return false;
  } catch (e) {
    // A 400 (say, a query over its work bound) is an answer too; anything else is a bug.
    if (!(e instanceof Error) || !("status" in e) || e.status !== 400) throw e;
    return true;
  }
}

/** The search proper: parse, read the index, filter, rank; no parameters, summaries or highlights. */
async function indexOnly(store: ReturnType<typeof createAssetStore>, m: SearchManifest, columns: Columns, q: BenchQuery): Promise<void> {
  let parsed: ReturnType<typeof parseQuery>;
  try {
    parsed = parseQuery(q.params.q);
  } catch {
    return;
  }
  const vocab = (await store.manifest()).vocabulary;
  const category = q.params.category ? 1 << vocab.categories.indexOf(q.params.category) : 0;
  const filters = { ...NO_FILTERS, categoryMask: category >>> 0, minStars: Number(q.params.minStars ?? 0) };
  try {
    await executeQuery(new SearchIndex(store, m), columns, parsed, filters, 1, 20);
  } catch (e) {
    if (!(e instanceof Error) || !("status" in e) || e.status !== 400) throw e;
  }
}

function child(args: string[], heapMb = 12000): Promise<string> {
  return new Promise((ok, fail) => {
    const p = spawn(process.execPath, [`--max-old-space-size=${heapMb}`, "--import", "tsx", join(ROOT, "bench", "search.ts"), ...args], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    p.stdout.on("data", (d) => (out += d));
    p.on("exit", (code) => (code === 0 ? ok(out) : fail(new Error(`phase ${args.join(" ")} exited ${code}`))));
  });
}

// ---------- phase: build ----------

async function phaseBuild(data: string, site: string) {
  const report = await build({
    dataDir: data,
    outDir: site,
    page: false,
    log: (line) => progress(`    ${line}`),
  });
  const m = SearchManifest.parse(report.search);
  const sizes = [...m.terms, ...m.suggest.top, ...m.suggest.entries].map((s) => s.bytes);
  return {
    skills: report.skills,
    buildMillis: report.millis,
    indexMillis: report.searchMillis,
    meaningMillis: report.meaningMillis,
    meaningBytes: m.meaning.shards.reduce((n, sh) => n + sh.bytes, 0),
    meaningShards: m.meaning.shards.length,
    siteBytes: report.output.bytes,
    indexBytes: sizes.reduce((a, b) => a + b, 0),
    shards: sizes.length,
    termShards: m.terms.length,
    largest: Math.max(...sizes),
    manifestBytes: JSON.stringify(m).length,
    terms: m.stats.terms,
    pairs: m.stats.pairs,
  };
}

// ---------- phase: queries (generated from the built site, so every dataset gets its own) ----------

async function phaseQueries(site: string, perKind: number): Promise<BenchQuery[]> {
  const store = createAssetStore(folderAssets(site), 512 * 1024 * 1024);
  const manifest = await store.manifest();
  const m = SearchManifest.parse(await store.searchManifest());
  const random = prng(42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  // Words people search for: suggestion terms (found in 2+ skills), single words of 3+ letters.
  const words: string[] = [];
  for (const shard of m.suggest.entries.filter((_, i) => i % Math.max(1, Math.floor(m.suggest.entries.length / 40)) === 0)) {
    for (const [text, count] of await store.json(shard.file, EntriesShard))
      if (!text.includes(" ") && /^\p{L}{3,}$/u.test(text) && count >= 2) words.push(text);
  }
  const cols = await store.columns([]);
  const known = new Set(words);
  const plain = words.filter((w) => /^[a-z]{5,}$/.test(w));
  // A word with one letter (not the first) replaced, so that it is no suggestion word: a typo.
  const typo = (): string => {
    for (;;) {
      const w = pick(plain);
      const at = 1 + Math.floor(random() * (w.length - 1));
      const t = w.slice(0, at) + "abcdefghijklmnopqrstuvwxyz"[Math.floor(random() * 26)] + w.slice(at + 1);
      if (!known.has(t)) return t;
    }
  };
  // As many items as fit in one query (200 characters, 12 clauses).
  const fill = (first: string, item: () => string): string => {
    let q = first;
    for (let n = first === "" ? 0 : 1; n < 12; n++) {
      const next = `${q} ${item()}`.trim();
      if (next.length > 200) break;
      q = next;
    }
    return q;
  };
  const prefix2 = () => `${pick(plain).slice(0, 2)}*`;
  const out: BenchQuery[] = [];
  for (let i = 0; i < perKind; i++) {
    out.push({ kind: "typo", params: { q: typo() } });
    out.push({ kind: "typo + word", params: { q: `${typo()} ${pick(words)}` } });
    if (i < WORST_PER_KIND) {
      out.push({ kind: "worst: prefixes", params: { q: fill("", prefix2) } });
      out.push({ kind: "worst: excluded prefixes", params: { q: fill(pick(words), () => `-${prefix2()}`) } });
      out.push({ kind: "worst: typos", params: { q: fill("", typo) } });
      out.push({ kind: "worst: words", params: { q: fill("", () => pick(words)) } });
    }
    out.push({ kind: "1-term", params: { q: pick(words) } });
    out.push({ kind: "2-term", params: { q: `${pick(words)} ${pick(words)}` } });
    const [summary] = await store.summaries([Math.floor(random() * cols.count)]);
    const seq = terms(summary!.description).filter((t) => /^\p{L}{3,}$/u.test(t));
    const at = Math.floor(random() * Math.max(1, seq.length - 1));
    out.push({ kind: "phrase", params: { q: seq.length >= 2 ? `"${seq[at]} ${seq[at + 1]}"` : `"${fold(summary!.name)}"` } });
    const w = pick(words.filter((x) => x.length >= 5));
    out.push({ kind: "prefix", params: { q: `${w.slice(0, 4)}*` } });
    out.push({ kind: "filtered", params: { q: pick(words), category: pick(manifest.vocabulary.categories), minStars: "10" } });
    out.push({ kind: "autocomplete", params: { q: pick(words).slice(0, 2 + Math.floor(random() * 3)) } });
  }
  return out;
}

// ---------- phase: measure the sharded search ----------

async function phaseMeasure(site: string, queries: BenchQuery[]) {
  const gc = gcFunction();
  const result: Record<
    string,
    {
      cold: number[];
      warm: number[];
      bytes: number[];
      searchBytes: number[];
      indexCold: number[];
      indexWarm: number[];
      warmBig: number[];
      zipf: number[];
    }
  > = {};
  for (const k of KINDS)
    result[k] = { cold: [], warm: [], bytes: [], searchBytes: [], indexCold: [], indexWarm: [], warmBig: [], zipf: [] };
  const refused: Record<string, number> = {};
  // Warm the code (JIT) on a throwaway store first: cold here means no data loaded, not unoptimised code.
  {
    const jit = createAssetStore(folderAssets(site));
    for (const q of queries.slice(0, 24)) await run(jit, q);
  }
  // Heap first, while no other store is alive: the growth is what the search keeps in an isolate.
  const { before, after } = await (async () => {
    progress("    heap: a fresh store, 1,000 mixed queries");
    gc();
    const before = process.memoryUsage().heapUsed;
    const fresh = createAssetStore(folderAssets(site));
    for (let i = 0; i < 1000; i++) await run(fresh, queries[(i * 7919) % queries.length]!);
    gc();
    const after = process.memoryUsage().heapUsed;
    return { before, after };
  })();
  progress(`    cold: ${queries.length} queries, each on a fresh store`);
  for (const q of queries) {
    const { assets, counts } = countingAssets(site);
    const store = createAssetStore(assets);
    const t = performance.now();
    if (await run(store, q)) refused[q.kind] = (refused[q.kind] ?? 0) + 1;
    result[q.kind]!.cold.push(performance.now() - t);
    result[q.kind]!.bytes.push(counts.search + counts.other);
    result[q.kind]!.searchBytes.push(counts.search);
  }
  progress("    index only, cold: manifest and list columns preloaded, then the query on an empty shard cache");
  for (const q of queries) {
    if (q.kind === "autocomplete") continue;
    const store = createAssetStore(folderAssets(site));
    const columns = await store.columns(COLUMN_NAMES);
    const m = SearchManifest.parse(await store.searchManifest());
    const t = performance.now();
    await indexOnly(store, m, columns, q);
    result[q.kind]!.indexCold.push(performance.now() - t);
  }
  progress("    warm: one store, every query run once to load, then 5 timed runs each");
  const store = createAssetStore(folderAssets(site));
  for (const q of queries) await run(store, q);
  const warmColumns = await store.columns(COLUMN_NAMES);
  const warmManifest = SearchManifest.parse(await store.searchManifest());
  for (let r = 0; r < 5; r++) {
    for (const q of queries) {
      let t = performance.now();
      await run(store, q);
      result[q.kind]!.warm.push(performance.now() - t);
      if (q.kind === "autocomplete") continue;
      t = performance.now();
      await indexOnly(store, warmManifest, warmColumns, q);
      result[q.kind]!.indexWarm.push(performance.now() - t);
    }
  }
  progress("    warm again with a 256 MB store cache (every summary shard stays cached)");
  const big = createAssetStore(folderAssets(site), 256 * 1024 * 1024);
  for (const q of queries) await run(big, q);
  for (let r = 0; r < 5; r++) {
    for (const q of queries) {
      const t = performance.now();
      await run(big, q);
      result[q.kind]!.warmBig.push(performance.now() - t);
    }
  }
  progress(`    warm, realistic mix: ${ZIPF_REQUESTS} requests drawn by Zipf's law over the queries (worst cases aside), default cache`);
  const zipfStore = createAssetStore(folderAssets(site));
  const mix = zipfMix(
    queries.filter((q) => !q.kind.startsWith("worst")),
    ZIPF_REQUESTS,
    prng(7),
  );
  for (const [i, q] of mix.entries()) {
    const t = performance.now();
    await run(zipfStore, q);
    if (i >= ZIPF_UNTIMED) result[q.kind]!.zipf.push(performance.now() - t);
  }
  return { result, refused, heapDelta: after - before, heapAfter: after };
}

// ---------- phase: baselines ----------

/** Brute force: every skill's folded text held in memory, each query a substring scan over all of it. */
function bruteForce(texts: string[][], q: string): number {
  const parsed = parseQuery(q);
  let hits = 0;
  const fieldIndex = { name: 0, description: 1, content: 2 } as const;
  const has = (doc: string[], terms: string[], field?: keyof typeof fieldIndex) =>
    terms.every((t) => (field ? doc[fieldIndex[field]]!.includes(t) : doc.some((f) => f.includes(t))));
  for (const doc of texts) {
    if (!parsed.required.every((c) => has(doc, c.terms, c.field))) continue;
    if (parsed.excluded.some((c) => has(doc, c.terms, c.field))) continue;
    hits++;
  }
  return hits;
}

const plainText = (q: string) =>
  q
    .replace(/\b(name|description|content):/g, "")
    .replace(/-\S+/g, "")
    .replace(/["*]/g, " ")
    .trim();

async function phaseBaselines(data: string, queries: BenchQuery[]) {
  const gc = gcFunction();
  progress("    reading the dataset");
  const { records } = await readDataset(data);
  const docs = records.map((r) => searchDocument(r));
  const searchQueries = queries.filter((q) => q.kind !== "autocomplete");
  progress("    brute force: folding every skill's text");
  gc();
  let heap0 = process.memoryUsage().heapUsed;
  const texts = docs.map((d) => [fold(d.name.join(" ")), fold(d.description.join(" ")), fold(d.content.join(" "))]);
  gc();
  const bruteHeap = process.memoryUsage().heapUsed - heap0;
  const brute: Record<string, number[]> = {};
  const bruteSample = searchQueries.filter((_, i) => i % Math.max(1, Math.floor(searchQueries.length / 40)) === 0);
  for (const q of bruteSample) {
    const t = performance.now();
    try {
      bruteForce(texts, q.params.q!);
    } catch {
      /* a query the parser refuses costs nothing */
    }
    (brute[q.kind] ??= []).push(performance.now() - t);
  }
  texts.length = 0;
  progress("    FlexSearch: one whole index over name, description and content");
  gc();
  heap0 = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  const index = new Index({ tokenize: "strict" });
  docs.forEach((d, i) => {
    index.add(i, `${d.name.join(" ")}\n${d.description.join(" ")}\n${d.content.join("\n")}`);
    if ((i + 1) % 20000 === 0) progress(`      indexed ${i + 1}/${docs.length}`);
  });
  const flexBuild = performance.now() - t0;
  let exported = 0;
  index.export((_key: string, value: string) => {
    exported += value.length;
  });
  gc();
  const flexHeap = process.memoryUsage().heapUsed - heap0;
  records.length = 0;
  docs.length = 0;
  const flex: Record<string, number[]> = {};
  for (let r = 0; r < 3; r++) {
    for (const q of searchQueries) {
      const t = performance.now();
      index.search(plainText(q.params.q!), { limit: 20 });
      (flex[q.kind] ??= []).push(performance.now() - t);
    }
  }
  return { brute, bruteHeap, flex, flexBuild, flexHeap, flexExported: exported };
}

// ---------- orchestration ----------

const ms = (v: number) => (Number.isNaN(v) ? "-" : v < 10 ? v.toFixed(2) : v.toFixed(1));
const ratio = (a: number, b: number) => (b > 0 && Number.isFinite(a / b) ? `${(a / b).toFixed(a / b < 10 ? 1 : 0)}x` : "-");

async function main() {
  if (values.phase === "build") return console.log(JSON.stringify(await phaseBuild(values.data!, values.site!)));
  if (values.phase === "queries") return console.log(JSON.stringify(await phaseQueries(values.site!, Number(values.queries))));
  const queriesOf = (site: string) => JSON.parse(readFileSync(join(site, "..", "queries.json"), "utf8")) as BenchQuery[];
  if (values.phase === "measure") return console.log(JSON.stringify(await phaseMeasure(values.site!, queriesOf(values.site!))));
  if (values.phase === "baselines") return console.log(JSON.stringify(await phaseBaselines(values.data!, queriesOf(values.site!))));

  const work = values.work!;
  mkdirSync(work, { recursive: true });
  const datasets: { label: string; data: string }[] = [];
  for (const size of values.sizes!.split(",").filter(Boolean).map(Number)) {
    const data = join(work, `synthetic-${size}`, "data");
    if (!existsSync(join(data, "skills.jsonl"))) {
      progress(`synthesising ${size} skills into ${data}`);
      await new Promise<void>((ok, fail) =>
        spawn(process.execPath, ["--import", "tsx", "scripts/synth.ts", "--skills", String(size), "--out", data], {
          cwd: ROOT,
          stdio: ["ignore", "inherit", "inherit"],
        }).on("exit", (c) => (c === 0 ? ok() : fail(new Error(`synth exited ${c}`)))),
      );
    }
    datasets.push({ label: `synthetic ${size.toLocaleString("en")}`, data });
  }
  if (!values["no-real"]) {
    if (sharedDatasetPresent()) {
      const data = join(work, "real", "data");
      if (!existsSync(join(data, "skills.jsonl"))) {
        progress("converting the real shared dataset");
        await convertSharedDataset(data);
      }
      datasets.push({ label: "real shared dataset", data });
    } else progress(`no shared dataset at ${SHARED_DATASET}; skipping the real-data row`);
  }

  const sections: string[] = [];
  for (const { label, data } of datasets) {
    const site = join(data, "..", "site");
    progress(`${label}: building site and search index`);
    // A build, its queries and its baselines are kept beside the site and reused unless --rebuild.
    const cached = async (file: string, make: () => Promise<string>) => {
      const path = join(site, "..", file);
      if (values.rebuild || !existsSync(path)) writeFileSync(path, await make());
      else progress(`${label}: reusing ${file} (pass --rebuild to redo it)`);
      return JSON.parse(readFileSync(path, "utf8"));
    };
    const b = await cached("build.json", () => child(["--phase", "build", "--data", data, "--site", site]));
    progress(`${label}: index built in ${(b.indexMillis / 1000).toFixed(1)} s; generating queries`);
    await cached("queries.json", () => child(["--phase", "queries", "--site", site, "--queries", values.queries!]));
    progress(`${label}: measuring the sharded search, keyword mode`);
    const keyword = JSON.parse(await child(["--phase", "measure", "--site", site, "--mode", "keyword"], 4096));
    progress(`${label}: measuring the sharded search, default mode (meaning on)`);
    const m = JSON.parse(await child(["--phase", "measure", "--site", site, "--mode", "default"], 4096));
    progress(`${label}: measuring the baselines`);
    const base = values["no-baselines"]
      ? { brute: {}, flex: {}, bruteHeap: Number.NaN, flexBuild: Number.NaN, flexHeap: Number.NaN, flexExported: Number.NaN }
      : await cached("baselines.json", () => child(["--phase", "baselines", "--data", data, "--site", site]));
    // Meaning's cost: the same queries in both modes, measured in this run; its build time and bytes.
    const modeRows = KINDS.map((k) => {
      const [a, d] = [keyword.result[k], m.result[k]];
      return [
        k,
        `${ms(percentile(a.warm, 95))} / ${ms(percentile(d.warm, 95))}`,
        `${ms(percentile(a.zipf, 95))} / ${ms(percentile(d.zipf, 95))}`,
        `${ms(percentile(a.cold, 95))} / ${ms(percentile(d.cold, 95))}`,
        `${mb(percentile(a.bytes, 95))} / ${mb(percentile(d.bytes, 95))}`,
        `${ms(percentile(a.indexWarm, 95))} / ${ms(percentile(d.indexWarm, 95))}`,
      ];
    });
    const modes = [
      `Search modes, the same queries in this run, keyword / default (meaning on). Meaning model built in ${((b.meaningMillis ?? Number.NaN) / 1000).toFixed(1)} s ` +
        `(${((100 * b.meaningMillis) / (b.buildMillis - b.meaningMillis)).toFixed(1)}% of the rest of the build's ${((b.buildMillis - b.meaningMillis) / 1000).toFixed(1)} s); its ${b.meaningShards} related-term shards hold ${mb(b.meaningBytes)} MB ` +
        `(${((100 * b.meaningBytes) / (b.siteBytes - b.meaningBytes)).toFixed(1)}% of the rest of the site's ${mb(b.siteBytes - b.meaningBytes)} MB).`,
      "",
      table(["kind", "warm p95 ms", "Zipf mix warm p95 ms", "cold p95 ms", "cold MB loaded p95", "index-only warm p95 ms"], modeRows),
    ].join("\n");
    const rows = KINDS.map((k) => {
      const r = m.result[k];
      const warm95 = percentile(r.warm, 95);
      return [
        k,
        ms(percentile(r.cold, 50)),
        ms(percentile(r.cold, 95)),
        ms(percentile(r.warm, 50)),
        ms(warm95),
        ms(percentile(r.warmBig, 95)),
        ms(percentile(r.zipf, 50)),
        ms(percentile(r.zipf, 95)),
        mb(percentile(r.bytes, 95)),
        mb(percentile(r.searchBytes, 95)),
        ms(percentile(r.indexCold, 95)),
        ms(percentile(r.indexWarm, 50)),
        ms(percentile(r.indexWarm, 95)),
        ms(percentile(base.brute[k] ?? [], 50)),
        ratio(percentile(base.brute[k] ?? [], 50), percentile(r.warm, 50)),
        ms(percentile(base.flex[k] ?? [], 50)),
        ratio(percentile(base.flex[k] ?? [], 50), percentile(r.warm, 50)),
      ];
    });
    sections.push(
      [
        `### ${label} (${b.skills.toLocaleString("en")} skills)`,
        "",
        `Index build ${(b.indexMillis / 1000).toFixed(1)} s (whole site ${(b.buildMillis / 1000).toFixed(1)} s); ${mb(b.indexBytes)} MB in ${b.shards} files ` +
          `(${b.termShards} term shards, largest ${(b.largest / 1024).toFixed(0)} KiB); ${b.terms.toLocaleString("en")} terms, ${b.pairs.toLocaleString("en")} name/description pairs; ` +
          `search manifest ${(b.manifestBytes / 1024).toFixed(0)} KiB.`,
        `Heap after 1,000 mixed queries: ${mb(m.heapAfter)} MB in all (${m.heapDelta >= 0 ? "+" : ""}${mb(m.heapDelta)} MB over the process before them). ` +
          `Baselines: brute force holds ${mb(base.bruteHeap)} MB of text; one whole FlexSearch index took ${(base.flexBuild / 1000).toFixed(1)} s to build, ` +
          `${mb(base.flexHeap)} MB of heap, ${mb(base.flexExported)} MB exported.`,
        "",
        table(
          [
            "kind",
            "cold p50 ms",
            "cold p95 ms",
            "warm p50 ms",
            "warm p95 ms",
            "warm p95, 256 MB cache",
            "Zipf mix warm p50 ms",
            "Zipf mix warm p95 ms",
            "cold MB loaded p95 (all)",
            "of which index MB",
            "index-only cold p95 ms",
            "index-only warm p50 ms",
            "index-only warm p95 ms",
            "brute force p50 ms",
            "brute / warm",
            "FlexSearch p50 ms",
            "FlexSearch / warm",
          ],
          rows,
        ),
        "",
        // The bound on one query's work: each worst case as a ratio to a 1-term query (target at most 10x at 100k).
        `Worst cases against a 1-term query (index-only warm p50 ${ms(percentile(m.result["1-term"].indexWarm, 50))} ms, end to end ${ms(percentile(m.result["1-term"].warm, 50))} ms): ` +
          WORST.map((k) => {
            const r = m.result[k];
            return (
              `${k} ${ratio(percentile(r.indexWarm, 95), percentile(m.result["1-term"].indexWarm, 50))} index-only, ` +
              `${ratio(percentile(r.warm, 95), percentile(m.result["1-term"].warm, 50))} end to end (p95; p50 ` +
              `${ratio(percentile(r.indexWarm, 50), percentile(m.result["1-term"].indexWarm, 50))} and ${ratio(percentile(r.warm, 50), percentile(m.result["1-term"].warm, 50))}; ` +
              `${m.refused[k] ?? 0} of ${r.cold.length} refused with a 400)`
            );
          }).join("; ") +
          ".",
        "",
        modes,
      ].join("\n"),
    );
    progress(`${label}: done`);
  }
  const doc = [
    "# Search benchmark",
    "",
    `Machine: ${machineLine()}, shared with other work (load average at the end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" / ")}). Command: \`npx tsx bench/search.ts\` (sizes ${values.sizes}, ${values.queries} queries per kind).`,
    "",
    "Cold: a fresh asset store per query (nothing loaded: manifest, list columns, shards and summaries are all fetched) through a file-backed ASSETS binding; " +
      'MB loaded counts every byte fetched, "of which index" only the search shards. Warm: one store, after every query ran once, each query as often as any other (uniform). ' +
      `Zipf mix: ${ZIPF_REQUESTS.toLocaleString("en")} requests drawn by Zipf's law (s = 1) over the same queries (worst cases aside) on one store with the default 48 MB cache, the first ${ZIPF_UNTIMED.toLocaleString("en")} untimed: ` +
      "real traffic repeats its popular queries, so this is the warm figure the warm p95 target is judged on; the uniform column stays as the pessimistic bound (every query as rare as the rarest). " +
      "Index-only: the search proper (parse, read the index, filter, rank) without parameters, summaries and highlights; cold here means the manifest and list columns are loaded, the shard cache empty. " +
      "Brute force: a substring scan over every skill's folded text in memory (no index). FlexSearch: one whole index over name, description and content in memory, " +
      "queried with the plain words. Targets at 100k: warm p95 < 10 ms, cold p95 < 100 ms, < 4 MB loaded per cold query, heap < 64 MB.",
    "",
    ...sections.flatMap((s) => [s, ""]),
  ].join("\n");
  mkdirSync(join(ROOT, "bench", "results"), { recursive: true });
  writeFileSync(join(ROOT, "bench", "results", "search.md"), doc);
  console.log(doc);
}

await main();
