// npm run rebuild: crawl -> build -> smoke check through wrangler pages dev -> deploy (--deploy) ->
// save the dataset (--store) -> deliver webhooks. See docs/OPERATIONS.md.
import { readFileSync } from "node:fs";
import { appendFile, mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { writeJsonFile } from "../src/dataset/files.js";
import { existingFolder, runCommand, UsageError } from "../src/node/cli.js";
import { CRAWL_OPTIONS, CRAWL_USAGE, crawlSettings } from "../src/node/crawl-options.js";
import { storeFromSpec } from "../src/node/rebuild/dataset-store.js";
import { openRefreshQueue } from "../src/node/rebuild/refresh-queue.js";
import { summaryMarkdown } from "../src/node/rebuild/summary.js";
import { deployedApiUrl } from "../src/node/serve.js";

const PROJECT_ROOT = resolve(import.meta.dirname, "..");

const USAGE = `[--github-url URL] [--data DIR] [--out DIR] [--public DIR] [--full] [--only owner/repo[,...]]
       [--queued [--remote-queue] [--kv-namespace-id ID]]
       [--store folder:PATH|r2:BUCKET[/PREFIX]] [--remote-store] [--persist-to DIR]
       [--deploy] [--project NAME] [--branch NAME] [--api-url URL] [--no-webhooks]
       [--report-dir DIR] [--summary FILE] [--max-failed-share N] [--sources FILE] [--now ISO]
  --data DIR             the dataset folder, replaced only by a successful run (default .dataset)
  --out DIR              the site folder, replaced only by a successful run (default dist)
  --public DIR           hand-written static files copied into the site (default public)
  --queued               crawl exactly the repositories of the re-index queue (POST .../refresh), then
                         delete the requests served; an empty queue ends the run at once
  --remote-queue         the queue is the deployed KV namespace (default: wrangler's local KV)
  --kv-namespace-id ID   the deployed namespace by id (default: the binding KV of wrangler.toml)
  --store SPEC           restore the dataset from SPEC before crawling, save it there after a deploy
  --remote-store         an r2: store is the bucket on Cloudflare (default: wrangler's local R2)
  --persist-to DIR       wrangler's local state folder, for a local r2: store and the local queue
  --deploy               wrangler pages deploy the checked site, then deliver webhooks
  --project NAME         the Cloudflare Pages project (default: name in wrangler.toml)
  --branch NAME          the Pages branch to deploy (default main, the production branch)
  --api-url URL          the deployed API, for webhook delivery (default $SKILLS_API_URL, else https://PROJECT.pages.dev/api/v1)
  --no-webhooks          do not deliver webhooks after the deploy
  --report-dir DIR       write summary.json (with the build figures), summary.md and crawl-report.json there
  --summary FILE         append the Markdown summary to FILE (e.g. $GITHUB_STEP_SUMMARY)
${CRAWL_USAGE}`;

const projectName = (): string =>
  /^name\s*=\s*"([^"]+)"/m.exec(readFileSync(join(PROJECT_ROOT, "wrangler.toml"), "utf8"))?.[1] ?? "skills-directory-api";

await runCommand({
  name: "rebuild",
  buildProcess: true,
  usage: USAGE,
  options: {
    ...CRAWL_OPTIONS,
    data: { type: "string", default: ".dataset" },
    out: { type: "string", default: "dist" },
    public: { type: "string" },
    store: { type: "string" },
    "remote-store": { type: "boolean", default: false },
    queued: { type: "boolean", default: false },
    "remote-queue": { type: "boolean", default: false },
    "kv-namespace-id": { type: "string" },
    "persist-to": { type: "string" },
    deploy: { type: "boolean", default: false },
    project: { type: "string" },
    branch: { type: "string", default: "main" },
    "api-url": { type: "string" },
    "no-webhooks": { type: "boolean", default: false },
    "report-dir": { type: "string" },
    summary: { type: "string" },
  },
  async run({ values }) {
    const crawl = crawlSettings(values, PROJECT_ROOT);
    const store = values.store
      ? storeFromSpec(values.store, {
          projectDir: PROJECT_ROOT,
          remote: values["remote-store"],
          persistTo: values["persist-to"] && resolve(values["persist-to"]),
        })
      : undefined;
    if (values.deploy && !(process.env.CLOUDFLARE_API_TOKEN && process.env.CLOUDFLARE_ACCOUNT_ID)) {
      throw new UsageError("--deploy needs CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID in the environment");
    }
    const project = values.project ?? projectName();
    if (values.queued && crawl.only) throw new UsageError("--queued crawls what the queue holds; it cannot be combined with --only");
    if (!values.queued && (values["remote-queue"] || values["kv-namespace-id"]))
      throw new UsageError("--remote-queue and --kv-namespace-id need --queued");
    const queue = values.queued
      ? await openRefreshQueue({
          projectDir: PROJECT_ROOT,
          remote: values["remote-queue"] || values["kv-namespace-id"] !== undefined,
          namespaceId: values["kv-namespace-id"],
          persistTo: values["persist-to"] && resolve(values["persist-to"]),
        })
      : undefined;

    // Loaded here, not at the top: `--help` and a usage error answer without loading the crawl and the build (seconds).
    const { rebuild } = await import("../src/node/rebuild/rebuild.js");
    // The local queue holds wrangler's platform proxy open: it is closed however the run ends.
    const result = await rebuild({
      projectDir: PROJECT_ROOT,
      dataDir: resolve(values.data),
      outDir: resolve(values.out),
      publicDir: values.public && existingFolder(resolve(values.public), "--public"),
      crawl,
      store,
      deploy: values.deploy ? { project, branch: values.branch, api: deployedApiUrl(project, values["api-url"]) } : undefined,
      webhooks: !values["no-webhooks"],
      queue,
      log: (line) => process.stderr.write(`${line}\n`),
      stderr: process.stderr,
      now: () => crawl.now ?? new Date(),
    }).finally(() => queue?.close());

    const markdown = summaryMarkdown(result.summary);
    if (values["report-dir"]) {
      const dir = resolve(values["report-dir"]);
      await mkdir(dir, { recursive: true });
      await writeJsonFile(join(dir, "summary.json"), result.summary);
      await writeFile(join(dir, "summary.md"), markdown);
      if (result.crawl) await writeJsonFile(join(dir, "crawl-report.json"), result.crawl.report);
    }
    if (values.summary) await appendFile(values.summary, markdown);
    process.stdout.write(markdown);
    return result.summary.ok ? 0 : 1;
  },
});
