// Crawl benchmark (issues 3 and 21): cold and warm (unchanged) crawls, with whole skill folders, of the
// shared dataset's real repositories (files.jsonl gives 11 of them their folders' files) and of 1,000
// and 10,000 synthetic repositories (its small repositories cloned under new names), served by the
// local GitHub server in its own process: requests per repository counted at the server (all, and
// REST reads alone: trees, archives, blobs), and wall time. Baseline measured in the same run: a naive
// REST crawler (repository + tree + one blob per SKILL.md and per folder file when cold; one
// conditional repository request each when warm) over the same repositories.
//   npx tsx bench/crawl.ts [--sizes shared,1000,10000]
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { emptyCrawlState } from "../src/dataset/crawl-state.js";
import { type ClientTiming, createGitHubClient } from "../src/ingest/client.js";
import { type CrawlOutput, runCrawl } from "../src/ingest/crawl.js";
import { loadCrawlInput, writeCrawlOutput } from "../src/ingest/dataset-io.js";
import { mapPool } from "../src/ingest/pool.js";
import { createProgress } from "../src/ingest/progress.js";
import { freePort } from "../src/node/pages-dev.js";
import { scriptArgs } from "../src/node/run-script.js";
import type { SkillRecord, SourcesFile } from "../src/schemas/dataset.js";
import { machineLine, table } from "./support/machine.js";

const ROOT = resolve(import.meta.dirname, "..");
const { values } = parseArgs({ options: { sizes: { type: "string", default: "shared,1000,10000" } } });
/** "shared": the shared dataset as it is; a number: that many synthetic repositories. */
const sizes = values.sizes.split(",").map((s) => (s === "shared" ? "shared" : Number(s)));
const log = (line: string) => process.stderr.write(`${line}\n`);
const TIMING: Partial<ClientTiming> = { secondMs: 20, graphqlMinTimeMs: 0, searchMinTimeMs: 0, concurrency: 8, requestTimeoutMs: 30_000 };
const SOURCES: SourcesFile = {
  repos: [],
  topics: ["agent-skills"],
  codeSearch: { enabled: true, query: "filename:SKILL.md", minSize: 0, maxSize: 1024 * 1024, everyHours: 168 },
  exclude: [],
};

async function startServer(count: number | "shared"): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    scriptArgs(
      "github-fixture.ts",
      ...(count === "shared" ? [] : ["--synthesize", String(count)]),
      "--port",
      String(port),
      "--rate-limit",
      "100000000",
      "--search-limit",
      "100000000",
      "--code-search-limit",
      "100000000",
    ),
    { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, NODE_OPTIONS: "--max-old-space-size=8000" } },
  );
  await new Promise<void>((ok, fail) => {
    child.stdout!.on("data", (b: Buffer) => {
      if (b.toString().includes("listening on")) ok();
    });
    child.on("exit", (code) => fail(new Error(`fixture exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

interface Counted {
  requests: number;
  /** REST reads: trees, archives, blobs, contents (not GraphQL, searches or repository facts). */
  reads: number;
  archives: number;
}

async function serverCount(url: string, reset = false): Promise<Counted> {
  const res = await fetch(`${url}/__fixture/requests`, { method: reset ? "DELETE" : "GET" });
  const body = (await res.json()) as { total?: number; byKind?: Record<string, number> };
  const k = body.byKind ?? {};
  return {
    requests: body.total ?? Number.NaN,
    reads: (k.tree ?? 0) + (k.archive ?? 0) + (k.blob ?? 0) + (k.contents ?? 0),
    archives: k.archive ?? 0,
  };
}

async function crawlOnce(url: string, dir: string, label: string, now: string): Promise<{ out: CrawlOutput; ms: number } & Counted> {
  const input = await loadCrawlInput(dir, join(ROOT, "data"), join(dir, "sources.json"));
  const client = createGitHubClient({ baseUrl: url, timing: TIMING });
  const progress = createProgress({
    write: (t) => process.stderr.write(t.replace(/^/, `  ${label} `)),
    tty: false,
    now: () => Date.now(),
    stats: () => ({ requests: client.requests.total, remaining: client.requests.remaining() }),
    plainEveryMs: 5000,
  });
  await serverCount(url, true);
  const t = Date.now();
  const out = await runCrawl({ octokit: client.octokit, requests: client.requests, progress, clock: () => new Date(now) }, input, {
    concurrency: 8,
  });
  await writeCrawlOutput(dir, { records: out.records, state: out.state, finishedAt: out.report.finishedAt }, input);
  return { out, ms: Date.now() - t, ...(await serverCount(url)) };
}

/** The naive baseline: plain REST, one request per fact, conditional requests when warm. */
async function naive(
  url: string,
  records: readonly SkillRecord[],
): Promise<{ cold: { ms: number } & Counted; warm: { ms: number } & Counted }> {
  const { octokit } = createGitHubClient({ baseUrl: url, timing: TIMING });
  const etags = new Map<string, string>();
  await serverCount(url, true);
  let t = Date.now();
  await mapPool(records, 8, async (r) => {
    const repo = await octokit.request("GET /repos/{owner}/{repo}", { owner: r.owner, repo: r.repo });
    etags.set(r.id, String(repo.headers.etag ?? ""));
    await octokit.request("GET /repos/{owner}/{repo}/git/trees/{tree_sha}", {
      owner: r.owner,
      repo: r.repo,
      tree_sha: r.headSha,
      recursive: "1",
    });
    for (const f of [...r.files, ...(r.folderFiles ?? [])])
      await octokit.request("GET /repos/{owner}/{repo}/git/blobs/{file_sha}", { owner: r.owner, repo: r.repo, file_sha: f.sha });
  });
  const cold = { ms: Date.now() - t, ...(await serverCount(url)) };
  await serverCount(url, true);
  t = Date.now();
  await mapPool(records, 8, async (r) => {
    try {
      await octokit.request("GET /repos/{owner}/{repo}", {
        owner: r.owner,
        repo: r.repo,
        headers: { "if-none-match": etags.get(r.id) ?? "" },
      });
    } catch (e) {
      if (!(typeof e === "object" && e !== null && "status" in e && e.status === 304)) throw e;
    }
  });
  return { cold, warm: { ms: Date.now() - t, ...(await serverCount(url)) } };
}

const rows: (string | number)[][] = [];
for (const n of sizes) {
  log(`== ${n} repositories: starting the local GitHub server`);
  const server = await startServer(n);
  const dir = mkdtempSync(join(tmpdir(), `bench-crawl-${n}-`));
  try {
    writeFileSync(join(dir, "sources.json"), JSON.stringify(SOURCES));
    writeFileSync(join(dir, "crawl-state.json"), JSON.stringify(emptyCrawlState()));
    log(`cold crawl of ${n}`);
    const cold = await crawlOnce(server.url, dir, "cold", "2026-11-21T09:00:00Z");
    log(`warm crawl of ${n}`);
    const warm = await crawlOnce(server.url, dir, "warm", "2026-11-21T15:00:00Z");
    const repos = cold.out.report.repositories.seen;
    log(`naive REST baseline over ${cold.out.records.length} records`);
    const base = await naive(server.url, cold.out.records);
    const per = (req: number) => (req / repos).toFixed(4);
    const folders = cold.out.records.reduce((s, r) => s + (r.folderFiles?.length ?? 0), 0);
    const row = (kind: string, run: { ms: number } & Counted, naiveRun: { ms: number } & Counted) => [
      n,
      kind,
      repos,
      folders,
      run.requests,
      per(run.requests),
      per(run.reads),
      run.archives,
      (run.ms / 1000).toFixed(1),
      naiveRun.requests,
      per(naiveRun.requests),
      (naiveRun.ms / 1000).toFixed(1),
      (run.requests / naiveRun.requests).toFixed(3),
    ];
    rows.push(row("cold", cold, base.cold), row("warm", warm, base.warm));
    log(
      `  warm: ${warm.requests} requests for ${repos} repositories = 1 per ${(repos / Math.max(1, warm.requests)).toFixed(0)} (target: at most 1 per 50)`,
    );
    if (warm.out.report.repositories.read !== 0 || warm.out.report.changed.length !== 0)
      log(`  warning: the warm crawl re-read ${warm.out.report.repositories.read} repositories`);
  } finally {
    server.child.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  }
}

const out = [
  "# Crawl benchmark",
  "",
  `Machine: ${machineLine()}. Run: \`npx tsx bench/crawl.ts\` (${new Date().toISOString().slice(0, 10)}).`,
  "",
  "`shared`: the shared dataset's real repositories as they are (files.jsonl gives 11 of them the files of their skill",
  "folders). Numbers: synthetic repositories, the shared dataset's repositories with 1-3 SKILL.md files cloned under new",
  "names. Served by `npm run github-fixture` in its own process; requests counted at the server. Crawl: discovery (topic",
  "search and a size-sliced code search), GraphQL facts batches, trees, GraphQL blob batches for repositories whose skill",
  "folders hold nothing else, one archive (tarball) each for the others, records with whole skill folders written to a",
  "temporary folder. Warm: the same crawl again with nothing changed. `REST reads per repo` counts trees, archives and",
  "blobs (the target: at most 3 when cold); `folder files` the other files of the skill folders recorded. Baseline (same",
  "run): a naive REST crawler, repository + tree + one blob request per SKILL.md and per folder file when cold, one",
  "conditional repository request (304) per repository when warm.",
  "",
  table(
    [
      "repos",
      "crawl",
      "seen",
      "folder files",
      "requests",
      "per repo",
      "REST reads per repo",
      "archives",
      "wall s",
      "naive requests",
      "naive per repo",
      "naive wall s",
      "requests vs naive",
    ],
    rows,
  ),
  "",
].join("\n");
process.stdout.write(`${out}\n`);
writeFileSync(join(ROOT, "bench", "results", "crawl.md"), out);
log("wrote bench/results/crawl.md");
