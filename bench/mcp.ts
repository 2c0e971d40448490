// MCP benchmark: npx tsx bench/mcp.ts [--size 100000] [--work DIR] [--queries N] [--rounds N] [--rebuild]
// The answer times of POST /mcp's search_skills, in-process as bench/search.ts measures search: the
// function's own handler (src/api/site.ts) over a file-backed ASSETS binding of a built synthetic
// site, warm (every query asked once first), beside the plain search endpoint on the same queries
// in the same run. Three ways in: GET /skills/search's handler (searchEndpoint, the baseline), the
// search_skills tool alone (its arguments checked, the same handler, the answer shaped), and a whole
// POST /mcp (body read, a fresh SDK server and transport, JSON-RPC in and out). The rate limiter is
// off, as in the search benchmark. Also tools/list and initialize. Writes bench/results/mcp.md.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { ApiEnv } from "../src/api/env.js";
import { memoOver } from "../src/api/handle.js";
import { searchSkills } from "../src/api/mcp/search-skills.js";
import type { ScopeFor } from "../src/api/mcp/tool.js";
import type { RequestScope } from "../src/api/scope.js";
import { searchEndpoint } from "../src/api/search.js";
import { createServices } from "../src/api/services.js";
import { handleSite } from "../src/api/site.js";
import { build } from "../src/build/build.js";
import { EntriesShard, SearchManifest } from "../src/contract/search-manifest.js";
import { builtSite } from "../src/node/built-site.js";
import { folderAssets } from "../src/node/folder-assets.js";
import { MCP_SEARCH_DEFAULT, searchSkillsInput } from "../src/schemas/mcp.js";
import { machineLine, percentile, table } from "./support/machine.js";

const ROOT = resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    size: { type: "string", default: "100000" },
    // The search benchmark's folder: a site either benchmark built serves both.
    work: { type: "string", default: join(tmpdir(), "skills-search-bench") },
    queries: { type: "string", default: "40" },
    rounds: { type: "string", default: "5" },
    rebuild: { type: "boolean", default: false },
  },
});
const progress = (line: string) => process.stderr.write(`${line}\n`);
const size = Number(values.size);
const data = join(values.work!, `synthetic-${size}`, "data");
const site = join(data, "..", "site");

if (!existsSync(join(data, "skills.jsonl"))) {
  progress(`synthesising ${size} skills into ${data}`);
  mkdirSync(data, { recursive: true });
  await new Promise<void>((ok, fail) =>
    spawn(process.execPath, ["--import", "tsx", "scripts/synth.ts", "--skills", String(size), "--out", data], {
      cwd: ROOT,
      stdio: ["ignore", "inherit", "inherit"],
    }).on("exit", (c) => (c === 0 ? ok() : fail(new Error(`synth exited ${c}`)))),
  );
}
const state = builtSite(site);
if (values.rebuild || state.state !== "current") {
  progress(`building ${site}${state.state === "stale" ? ` (the one there is stale: ${state.why})` : ""}`);
  await build({ dataDir: data, outDir: site, page: false, log: (line) => progress(`    ${line}`) });
} else progress(`reusing the site at ${site} (pass --rebuild to build it anew)`);

const env: ApiEnv = { ASSETS: folderAssets(site), RATE_LIMIT_DISABLED: "1" };
const services = createServices(env.ASSETS);
const manifest = await services.store.manifest();
const ctx = (request: Request) => ({ request, env, waitUntil: () => {} });

/** A deterministic generator (mulberry32), so every run asks the same queries. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Queries as agents ask them: one or two suggestion words, some with a category or a minimum of stars. */
async function makeQueries(count: number): Promise<Record<string, string | number>[]> {
  const m = SearchManifest.parse(await services.store.searchManifest());
  const words: string[] = [];
  for (const shard of m.suggest.entries.filter((_, i) => i % Math.max(1, Math.floor(m.suggest.entries.length / 20)) === 0)) {
    for (const [text, n] of await services.store.json(shard.file, EntriesShard)) if (/^\p{L}{4,}$/u.test(text) && n >= 2) words.push(text);
  }
  const random = prng(7);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  return Array.from({ length: count }, (_, i): Record<string, string | number> => {
    const query = i % 2 === 0 ? pick(words) : `${pick(words)} ${pick(words)}`;
    if (i % 4 === 1) return { query, category: pick(manifest.vocabulary.categories) };
    if (i % 4 === 3) return { query, minStars: 100 };
    return { query };
  });
}

const scopeFor: ScopeFor = (path, params = {}) => {
  const url = new URL(`http://bench/api/v1/${path}`);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, String(v));
  const store = services.store.session();
  const scope: RequestScope = {
    url,
    request: new Request(url),
    store,
    manifest,
    now: () => performance.now(),
    memo: memoOver(services.memo),
  };
  return scope;
};

const rpcPost = (body: unknown) =>
  new Request("http://bench/mcp", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", "Mcp-Protocol-Version": "2025-11-25" },
    body: JSON.stringify(body),
  });

type Way = (args: Record<string, string | number>) => Promise<void>;
const schema = searchSkillsInput(manifest.vocabulary);
const WAYS: Record<string, Way> = {
  "GET /skills/search handler (baseline)": async (args) => {
    const { query, ...rest } = args;
    await searchEndpoint(scopeFor("skills/search", { q: query, limit: MCP_SEARCH_DEFAULT, trust: "default", ...rest }));
  },
  "search_skills tool": async (args) => {
    await searchSkills.run(scopeFor, schema.parse(args));
  },
  "POST /mcp tools/call search_skills": async (args) => {
    const res = await handleSite(
      ctx(rpcPost({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "search_skills", arguments: args } })),
      services,
    );
    const text = await res.text();
    if (res.status !== 200 || text.includes('"isError":true')) throw new Error(`POST /mcp answered ${res.status}: ${text.slice(0, 300)}`);
  },
};

const queries = await makeQueries(Number(values.queries));
const rounds = Number(values.rounds);
progress(`${queries.length} queries, ${rounds} warm rounds each, ${Object.keys(WAYS).length} ways`);
for (const way of Object.values(WAYS)) for (const q of queries) await way(q); // warm: every shard read once
const times: Record<string, number[]> = Object.fromEntries(Object.keys(WAYS).map((k) => [k, []]));
for (let r = 0; r < rounds; r++) {
  // Interleaved, so a slow moment of the machine falls on every way alike.
  for (const q of queries) {
    for (const [name, way] of Object.entries(WAYS)) {
      const t = performance.now();
      await way(q);
      times[name]!.push(performance.now() - t);
    }
  }
}

/** Protocol messages without a search: what a connection costs before its first call. */
const init = { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "bench", version: "0" } };
const messages: Record<string, unknown> = {
  "POST /mcp initialize": { jsonrpc: "2.0", id: 1, method: "initialize", params: init },
  "POST /mcp tools/list": { jsonrpc: "2.0", id: 1, method: "tools/list" },
};
for (const [name, body] of Object.entries(messages)) {
  times[name] = [];
  for (let i = 0; i < 20; i++) await (await handleSite(ctx(rpcPost(body)), services)).text();
  for (let i = 0; i < queries.length * rounds; i++) {
    const t = performance.now();
    await (await handleSite(ctx(rpcPost(body)), services)).text();
    times[name]!.push(performance.now() - t);
  }
}

const ms = (v: number) => (v < 10 ? v.toFixed(2) : v.toFixed(1));
const base = times["GET /skills/search handler (baseline)"]!;
const rows = Object.entries(times).map(([name, t]) => [
  name,
  t.length,
  ms(percentile(t, 50)),
  ms(percentile(t, 95)),
  name.includes("search") ? `${(percentile(t, 95) / percentile(base, 95)).toFixed(2)}x` : "-",
]);
const load = loadavg()
  .map((l) => l.toFixed(1))
  .join(" / ");
const report = [
  "# MCP benchmark",
  "",
  `Machine: ${machineLine()}, shared with other work (load average at the end ${load}). Command: \`npx tsx bench/mcp.ts --size ${size} --queries ${queries.length} --rounds ${rounds}\`.`,
  "",
  `In-process, as the search benchmark measures search: the function's handler over a file-backed ASSETS binding of the synthetic ${size.toLocaleString("en")}-skill site (\`npm run synth\`), the rate limiter off. ` +
    `Warm: each of ${queries.length} queries (one or two suggestion words; a quarter with a category, a quarter with a minimum of 100 stars; ${MCP_SEARCH_DEFAULT} results) asked once first, ` +
    `then ${rounds} rounds, the three ways interleaved query by query. The baseline is GET /skills/search's handler on the same queries in the same run; ` +
    "the tool adds its argument check and the answer's shaping (structured content and text); POST /mcp adds the body's reading and checking, a fresh SDK server and transport per POST (stateless), and JSON-RPC in and out.",
  "",
  table(["way in", "requests", "warm p50 ms", "warm p95 ms", "p95 / baseline"], rows),
].join("\n");
console.log(report);
mkdirSync(join(ROOT, "bench", "results"), { recursive: true });
writeFileSync(join(ROOT, "bench", "results", "mcp.md"), `${report}\n`);
