// The whole pipeline behind `npm run rebuild`: restore the dataset -> crawl -> build -> smoke check
// through the real runtime -> deploy -> save the dataset -> deliver webhooks. Crawl and build work
// on staging copies; the dataset folder and the site folder are replaced only when every check
// passed (and, with a deploy, once it succeeded), so a failed stage leaves the previous dataset,
// site and deployment as they were.
import { constants, existsSync } from "node:fs";
import { cp, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { type BuildReport, build } from "../../build/build.js";
import { badLines } from "../../dataset/files.js";
import { recordEvents } from "../../events/record.js";
import { type CrawlFolderOptions, type CrawlFolderResult, crawlFolder } from "../../ingest/crawl-folder.js";
import { exitCode, spawnTracked } from "../cli.js";
import { startPagesDev } from "../pages-dev.js";
import { runWrangler } from "../wrangler.js";
import { type ObjectStore, restoreDataset, saveDataset } from "./dataset-store.js";
import type { QueuedRefresh, RefreshQueue } from "./refresh-queue.js";
import { readSmokeDataset, readWhileStarting, smokeCheck } from "./smoke.js";
import type { RebuildSummary, StageName, StageResult } from "./summary.js";
import { swapFolder } from "./swap-folder.js";

export interface DeployTarget {
  /** The Cloudflare Pages project. */
  project: string;
  branch: string;
  /** The public address of the API after the deploy (for webhook delivery), e.g. https://NAME.pages.dev/api/v1. */
  api: string;
}

export interface RebuildOptions {
  projectDir: string;
  /** The dataset folder: updated in place only by a successful run. */
  dataDir: string;
  /** The site folder: replaced only by a successful run. */
  outDir: string;
  /** Hand-written static files copied into the site (default: the project's public/). */
  publicDir?: string;
  crawl: Omit<CrawlFolderOptions, "dataDir" | "stderr">;
  /** Restore the dataset from here before crawling; save it here after a successful deploy. */
  store?: ObjectStore;
  deploy?: DeployTarget;
  /** Deliver webhooks after a deploy (when the project has `npm run webhooks`). */
  webhooks: boolean;
  /**
   * Crawl exactly the repositories waiting in this re-index queue (`--queued`), and delete their
   * requests once the new site is in place (and deployed); an empty queue ends the run at once.
   */
  queue?: RefreshQueue;
  /** Progress lines. */
  log: (line: string) => void;
  stderr: CrawlFolderOptions["stderr"];
  now: () => Date;
}

export interface RebuildResult {
  summary: RebuildSummary;
  crawl?: CrawlFolderResult;
  build?: BuildReport;
}

class StageFailure extends Error {}

export async function rebuild(options: RebuildOptions): Promise<RebuildResult> {
  const { log } = options;
  const stages: StageResult[] = [];
  const summary: RebuildSummary = {
    ok: false,
    failure: null,
    stages,
    skills: null,
    github: null,
    build: null,
    deployed: null,
    snapshot: null,
  };
  const result: RebuildResult = { summary };
  const stagingData = `${options.dataDir}.next`;
  const stagingSite = `${options.outDir}.next`;

  async function stage(name: StageName, run: () => Promise<string>): Promise<void> {
    const started = performance.now();
    log(`[${name}] started`);
    try {
      const note = await run();
      stages.push({ stage: name, status: "ok", millis: Math.round(performance.now() - started), note });
      log(`[${name}] ok: ${note}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      stages.push({ stage: name, status: "failed", millis: Math.round(performance.now() - started), note: message });
      summary.failure = { stage: name, message };
      log(`[${name}] failed: ${message}`);
      throw new StageFailure(message);
    }
  }
  const skip = (name: StageName, note: string) => {
    stages.push({ stage: name, status: "skipped", millis: 0, note });
    log(`[${name}] skipped: ${note}`);
  };

  try {
    let crawlOptions = options.crawl;
    let handled: QueuedRefresh[] = [];
    const queue = options.queue;
    if (queue) {
      await stage("queue", async () => {
        const { queued, unreadable } = await queue.list();
        for (const key of unreadable) log(`  ${key}: not a queue entry (its metadata is not {owner, repo, since}); left alone`);
        handled = queued;
        summary.queued = queued.map((q) => `${q.entry.owner}/${q.entry.repo}`);
        return queued.length === 0
          ? `nothing queued in ${queue.where}`
          : `${queued.length} queued in ${queue.where}, oldest since ${queued[0]!.entry.since}: ${summary.queued.join(", ")}`;
      });
      if (handled.length === 0) {
        for (const name of ["restore", "crawl", "build", "smoke", "deploy", "dequeue", "save", "webhooks"] as const)
          skip(name, "nothing queued");
        summary.ok = true;
        return result;
      }
      crawlOptions = { ...options.crawl, only: uniqueNames(handled) };
    }

    if (options.store) {
      const store = options.store;
      await stage("restore", async () => {
        const restored = await restoreDataset(store, options.dataDir, { log: (l) => log(`  ${l}`) });
        if (!restored)
          return `${store.where} holds no snapshot yet; starting from ${existsSync(options.dataDir) ? options.dataDir : "an empty dataset"}`;
        summary.snapshot = restored.id;
        return `snapshot ${restored.id} from ${store.where}`;
      });
    } else skip("restore", "no --store: the dataset folder is used as it is");

    await stage("crawl", async () => {
      await rm(stagingData, { recursive: true, force: true });
      // A copy-on-write clone where the file system has them: the dataset is a gigabyte at 100k skills.
      if (existsSync(options.dataDir)) await cp(options.dataDir, stagingData, { recursive: true, mode: constants.COPYFILE_FICLONE });
      const crawled = await crawlFolder({ ...crawlOptions, dataDir: stagingData, stderr: options.stderr });
      result.crawl = crawled;
      const r = crawled.report.repositories;
      summary.skills = { added: r.added, updated: r.changed, removed: r.removed, failed: r.failed, total: r.total };
      summary.github = { requests: crawled.summary.requests.spent, remaining: crawled.summary.requests.remaining };
      if (crawled.problems.length > 0) throw new Error(`the crawl is not usable: ${crawled.problems.join("; ")}`);
      // The events of the crawl's changes travel with the staged dataset (see docs/EVENTS.md).
      await recordEvents(stagingData, crawled.records, { now: new Date(crawled.report.finishedAt), scope: crawled.scope });
      return `${r.total} skills: ${r.added} added, ${r.changed} updated, ${r.removed} removed, ${r.failed} failed; ${crawled.report.requests.total} GitHub requests`;
    });

    await stage("build", async () => {
      await rm(stagingSite, { recursive: true, force: true });
      const report = await build({
        dataDir: stagingData,
        outDir: stagingSite,
        publicDir: options.publicDir ?? join(options.projectDir, "public"),
        sourcesFile: options.crawl.sourcesFile,
        builtAt: options.now(),
        // Incremental: the cache describes the live site, whose unchanged shards are copied into the staging one.
        cache: { dir: `${options.outDir}.cache`, previousSite: options.outDir },
        log: (l) => log(`  ${l}`),
      });
      result.build = report;
      summary.build = {
        millis: Math.round(report.millis),
        files: report.output.files,
        written: report.output.written,
        bytes: report.output.bytes,
        skipped: report.skipped.map((p) => ({ line: p.line ?? null, repository: p.repository ?? null, message: p.message })),
      };
      const skipped = report.skipped.length > 0 ? ` (${badLines(report.skipped.length)} skipped)` : "";
      return `${report.skills} skills${skipped}, ${report.output.files} files in ${(report.millis / 1000).toFixed(1)} s`;
    });

    await stage("smoke", async () => {
      // A queued run's records are the ones it re-read: each is looked up too.
      const changed = result.crawl?.scope ? result.crawl.records : [];
      // The dataset's counts are read while wrangler starts (a process of its own): neither waits for the other.
      const { dataset, server } = await readWhileStarting(readSmokeDataset(stagingData), startPagesDev({ siteDir: stagingSite }));
      try {
        const checks = await smokeCheck(server.api, dataset, changed);
        const failed = checks.filter((c) => !c.ok);
        for (const c of failed) log(`  ${c.path}: ${c.problem}`);
        if (failed.length > 0)
          throw new Error(`${failed.length} of ${checks.length} checks failed; first: ${failed[0]!.path}: ${failed[0]!.problem}`);
        return `${checks.length} checks passed`;
      } finally {
        await server.stop();
      }
    });

    const target = options.deploy;
    if (target) {
      await stage("deploy", async () => {
        const out = await runWrangler(options.projectDir, [
          "pages",
          "deploy",
          stagingSite,
          "--project-name",
          target.project,
          "--branch",
          target.branch,
          "--commit-dirty=true",
        ]);
        const url = /https:\/\/[^\s]+\.pages\.dev\S*/.exec(out)?.[0] ?? null;
        summary.deployed = { project: target.project, branch: target.branch, url };
        return url ? `deployed to ${url}` : `deployed ${target.project} (${target.branch})`;
      });
    } else skip("deploy", "no --deploy: the checked site stays local");

    // Every check passed (and the deploy, if asked for): the new dataset and site replace the old.
    await swapFolder(stagingData, options.dataDir, "skills.jsonl");
    await swapFolder(stagingSite, options.outDir, join("_data", "manifest.json"));

    // What was asked for is served now: its requests go. A request that came in during the run is
    // not among them and waits for the next.
    if (queue) {
      await stage("dequeue", async () => {
        await queue.remove(handled.map((q) => q.key));
        return `${handled.length} request${handled.length === 1 ? "" : "s"} removed from ${queue.where}`;
      });
    }

    const store = options.store;
    if (store && target) {
      await stage("save", async () => {
        const saved = await saveDataset(store, options.dataDir, { now: options.now(), log: (l) => log(`  ${l}`) });
        summary.snapshot = saved.id;
        return `snapshot ${saved.id} in ${store.where}`;
      });
    } else skip("save", store ? "nothing deployed, so the saved dataset stays the deployed one" : "no --store");

    if (target && options.webhooks && (await hasScript(options.projectDir, "webhooks"))) {
      await stage("webhooks", async () => {
        const child = spawnTracked("npm", ["run", "--silent", "webhooks", "--", "deliver", "--api", target.api, "--remote"], {
          cwd: options.projectDir,
          stdio: ["ignore", "inherit", "inherit"],
        });
        const code = await exitCode(child);
        if (code !== 0) throw new Error(`npm run webhooks -- deliver exited with ${code}`);
        return `delivered from ${target.api}`;
      });
    } else skip("webhooks", !target ? "nothing deployed" : options.webhooks ? "this project has no `npm run webhooks`" : "--no-webhooks");
    summary.ok = true;
  } catch (error) {
    if (!(error instanceof StageFailure)) throw error;
  } finally {
    await rm(stagingData, { recursive: true, force: true });
    await rm(stagingSite, { recursive: true, force: true });
  }
  return result;
}

/** The queued names for the crawl's `only`, each repository once (the queue keys are lower-cased, the names as asked). */
function uniqueNames(queued: readonly QueuedRefresh[]): string[] {
  const names = new Map<string, string>();
  for (const { entry } of queued) {
    const name = `${entry.owner}/${entry.repo}`;
    if (!names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
  }
  return [...names.values()];
}

async function hasScript(projectDir: string, name: string): Promise<boolean> {
  const pkg = JSON.parse(await readFile(join(projectDir, "package.json"), "utf8")) as { scripts?: Record<string, string> };
  return typeof pkg.scripts?.[name] === "string";
}
