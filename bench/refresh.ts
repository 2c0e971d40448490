// Refresh benchmark: how long a re-index takes from the request to the change being served, at a
// realistic directory size (default 100k skills from `npm run synth`), not counting the schedule's
// wait for the next run. What `npm run rebuild -- --queued` computes for one queued repository:
// reading the queue, the crawl of that one repository (against the local GitHub-compatible server;
// only its lines of the dataset parsed, the others' kept as byte ranges), the events (from the crawl's scope: the log's edges
// and the baseline's entries of the scope), the build into the folder that holds the previous build (incremental, over the
// cache the baseline build left), and the smoke check through `wrangler pages dev`. Baseline measured in
// the same run: a full build of the same dataset into an empty folder. Target: under 60 s.
// Usage: npx tsx bench/refresh.ts [--skills N] [--data DIR] [--work DIR]
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { readCrawlState, writeCrawlState } from "../src/dataset/crawl-state.js";
import { readDataset } from "../src/dataset/files.js";
import { recordEvents } from "../src/events/record.js";
import { crawlFolder } from "../src/ingest/crawl-folder.js";
import { buildRepos, loadSources } from "../src/node/github-fixture/model.js";
import { startGitHubFixture } from "../src/node/github-fixture/server.js";
import { startPagesDev } from "../src/node/pages-dev.js";
import { PROJECT_ROOT } from "../src/node/project-root.js";
import { readSmokeDataset, readWhileStarting, smokeCheck } from "../src/node/rebuild/smoke.js";
import { machineLine, table } from "./support/machine.js";

const { values } = parseArgs({
  options: {
    skills: { type: "string", default: "100000" },
    data: { type: "string" },
    work: { type: "string", default: ".tmp/bench" },
  },
});
const n = Number(values.skills);
const work = resolve(values.work);
const tsx = join(PROJECT_ROOT, "node_modules", ".bin", "tsx");
const log = (line: string) => process.stderr.write(`${line}\n`);
const seconds = (ms: number) => (ms / 1000).toFixed(1);
/** The repository asked for: one of the project's hand-made fixture repositories, served locally. */
const REPO = { owner: "acme", repo: "pdf-tools" };
const NAME = `${REPO.owner}/${REPO.repo}`;

/**
 * One build in its own process (its peak memory apart), awaited without blocking this process: the
 * GitHub-compatible server lives here, and a blocked event loop would leave its clients' kept-alive
 * sockets half-closed.
 */
function buildOnce(
  dataDir: string,
  outDir: string,
): Promise<{
  millis: number;
  maxRssKb: number;
  changed: number;
  incremental: { used: boolean; reason?: string; fresh: number };
  phases: Record<string, number>;
}> {
  return new Promise((ok, fail) => {
    // With the build cache beside the site, as `npm run build` and `npm run rebuild` keep it: the queued run's build is incremental.
    const child = spawn(tsx, ["bench/build-once.ts", "--data", dataDir, "--out", outDir, "--cache", `${outDir}.cache`], {
      cwd: PROJECT_ROOT,
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, NODE_OPTIONS: "--max-old-space-size=20000" },
    });
    let out = "";
    child.stdout.on("data", (b: Buffer) => (out += b.toString()));
    child.on("error", fail);
    child.on("close", (code) => (code === 0 ? ok(JSON.parse(out)) : fail(new Error(`build of ${dataDir} failed with ${code}`))));
  });
}

// The dataset: a copy (the source folder is never written), synthesised first when absent.
const source = values.data ? resolve(values.data) : join(work, `synth-${n}`);
if (!existsSync(join(source, "skills.jsonl"))) {
  log(`[${n}] synthesising dataset`);
  const res = spawnSync(tsx, ["scripts/synth.ts", "--skills", String(n), "--out", source], { cwd: PROJECT_ROOT, stdio: "inherit" });
  if (res.status !== 0) throw new Error("npm run synth failed");
}
const dataDir = join(work, `refresh-${n}-data`);
const siteDir = join(work, `refresh-${n}-site`);
const sourcesFile = join(work, `refresh-${n}-sources.json`);
rmSync(dataDir, { recursive: true, force: true });
rmSync(siteDir, { recursive: true, force: true });
rmSync(`${siteDir}.cache`, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
cpSync(source, dataDir, { recursive: true });
writeFileSync(
  sourcesFile,
  JSON.stringify({
    repos: [NAME],
    topics: [],
    codeSearch: { enabled: false, query: "filename:SKILL.md", minSize: 0, maxSize: 1048576, everyHours: 168 },
    exclude: [],
  }),
);

const fixtureDir = join(PROJECT_ROOT, "test", "fixtures", "github");
const fixture = await startGitHubFixture(buildRepos(await loadSources(fixtureDir)), { rateLimit: 1_000_000 });
const crawl = (now: string) =>
  crawlFolder({
    githubUrl: fixture.url,
    dataDir,
    defaultsDir: join(PROJECT_ROOT, "data"),
    sourcesFile,
    only: [NAME],
    now: new Date(now),
    maxFailedShare: 0.5,
    timing: { secondMs: 10, paceMs: 0 },
    stderr: { write: () => true },
  });

try {
  // The directory before the request: the dataset with the repository in it, its events, a built site.
  log(`[${n}] preparing: the repository crawled in, events recorded, the site built`);
  const first = await crawl("2026-11-21T09:00:00Z");
  if (first.problems.length > 0) throw new Error(first.problems.join("; "));
  // The event baseline and log a live directory has: every skill recorded once (the crawl of one
  // repository derives its own events only; texts are not needed to derive).
  const everything = await readDataset(dataDir, { texts: false });
  await recordEvents(dataDir, everything.records, { now: new Date(first.report.finishedAt) });
  // And the crawl state it has: an entry for every repository, as full crawls leave it (the queued
  // crawl reads and writes it, the build reads it for index-status).
  const state = await readCrawlState(dataDir);
  for (const r of everything.records)
    state.repos[r.id] ??= {
      nodeId: `R_${r.id}`,
      owner: r.owner,
      repo: r.repo,
      headSha: r.headSha,
      evidence: r.platforms.includes("claude-code") ? [".claude-plugin/plugin.json"] : [],
      marketplace: null,
      crawledAt: first.report.finishedAt,
      indexedAt: first.report.finishedAt,
      folders: true,
    };
  await writeCrawlState(dataDir, state);
  const full = await buildOnce(dataDir, siteDir);
  log(`[${n}] full build (baseline): ${seconds(full.millis)} s`);

  // The change upstream, then what the queued run computes.
  const commit = await fetch(`${fixture.url}/__fixture/repos/${NAME}/commits`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ files: { "SKILL.md": "---\nname: pdf-tools\ndescription: Fills and signs PDF forms.\n---\n\n# PDF tools\n" } }),
  });
  if (!commit.ok) throw new Error(`fixture commit: ${commit.status}`);
  log(`[${n}] the queued run: crawl of one repository, events, build, smoke check`);
  const t0 = performance.now();
  const crawled = await crawl("2026-11-21T09:15:00Z");
  if (crawled.problems.length > 0 || crawled.report.repositories.changed !== 1)
    throw new Error(`the crawl did not see the change: ${JSON.stringify(crawled.report.repositories)}`);
  const crawlMs = performance.now() - t0;
  const t1 = performance.now();
  const events = await recordEvents(dataDir, crawled.records, { now: new Date(crawled.report.finishedAt), scope: crawled.scope });
  const eventsMs = performance.now() - t1;
  const tb = performance.now();
  const rebuilt = await buildOnce(dataDir, siteDir);
  // The process's start and exit count too: the run pays them.
  const buildWall = performance.now() - tb;
  const t2 = performance.now();
  // As the rebuild runs it: the dataset's counts read while wrangler starts.
  let readMs = 0;
  const reading = readSmokeDataset(dataDir).then((d) => {
    readMs = performance.now() - t2;
    return d;
  });
  const { dataset, server } = await readWhileStarting(reading, startPagesDev({ siteDir }));
  const startMs = performance.now() - t2;
  let served = false;
  let checksMs = 0;
  let checkCount = 0;
  try {
    const t3 = performance.now();
    const checks = await smokeCheck(server.api, dataset, crawled.records);
    checksMs = performance.now() - t3;
    checkCount = checks.length;
    const failed = checks.filter((c) => !c.ok);
    if (failed.length > 0) throw new Error(`smoke check failed: ${failed[0]!.path}: ${failed[0]!.problem}`);
    const detail = (await (await fetch(`${server.api}/skills/${NAME}`)).json()) as { data: { description: string } };
    served = detail.data.description === "Fills and signs PDF forms.";
  } finally {
    await server.stop();
  }
  const smokeMs = performance.now() - t2;
  const stopMs = smokeMs - startMs - checksMs;
  if (!served) throw new Error("the changed description is not served");
  const compute = crawlMs + eventsMs + buildWall;
  const total = compute + smokeMs;

  const rows = [
    [n.toLocaleString("en"), "crawl of one repository (its lines parsed, the other lines copied as byte ranges)", seconds(crawlMs)],
    ["", `events (${events.recorded.length} new)`, seconds(eventsMs)],
    [
      "",
      `build over the previous build and its cache (${rebuilt.incremental.used ? `incremental, ${rebuilt.incremental.fresh} skills rendered afresh` : `full: ${rebuilt.incremental.reason}`}; ${rebuilt.changed} files changed; the build's own time ${seconds(rebuilt.millis)} s)`,
      seconds(buildWall),
    ],
    [
      "",
      `the build's phases: ${Object.entries(rebuilt.phases)
        .map(([name, ms]) => `${name} ${seconds(ms)}`)
        .join(", ")}`,
      "",
    ],
    ["", "crawl + events + build", `**${seconds(compute)}**`],
    [
      "",
      "smoke check through wrangler pages dev (start, the dataset's counts, the fixed checks and the changed skill, stop)",
      seconds(smokeMs),
    ],
    [
      "",
      `the smoke check's parts: wrangler started ${seconds(startMs)} (the dataset's counts read meanwhile in ${seconds(readMs)}), ${checkCount} checks ${seconds(checksMs)}, stop ${seconds(stopMs)}`,
      "",
    ],
    ["", "request to served, before the deploy", `**${seconds(total)}** (target < 60 s: ${total < 60_000 ? "met" : "not met"})`],
    [
      "",
      "baseline: full build of the same dataset",
      `${seconds(full.millis)} (the run = ${((total / full.millis) * 100).toFixed(0)} % of it)`,
    ],
  ];
  const report = [
    "# Refresh benchmark",
    "",
    `Machine: ${machineLine()}, shared with other work while measured. Run: \`npx tsx bench/refresh.ts --skills ${n}\` (${new Date().toISOString().slice(0, 10)}).`,
    "",
    "The time from a re-index request to the change being served, without the schedule's wait (rebuild.yml runs the queue every 15 minutes): what `npm run rebuild -- --queued` computes for one queued repository. The dataset is a realistic synthetic one (`npm run synth`, seed 1) with one of the project's hand-made fixture repositories added, served by the local GitHub-compatible server, with the event log and a crawl state holding every repository, as a live directory has them; a commit changes its SKILL.md. The deploy (`wrangler pages deploy`, which uploads only the files whose hashes changed) is not measured here. Baseline in the same run: a full build of the same dataset.",
    "",
    table(["skills", "step", "seconds"], rows),
    "",
  ].join("\n");
  mkdirSync(join(PROJECT_ROOT, "bench", "results"), { recursive: true });
  writeFileSync(join(PROJECT_ROOT, "bench", "results", "refresh.md"), report);
  process.stdout.write(report);
} finally {
  await fixture.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(siteDir, { recursive: true, force: true });
  rmSync(`${siteDir}.cache`, { recursive: true, force: true });
}
