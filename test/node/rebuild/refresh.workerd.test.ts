// A re-index asked for through the served API reaches the served API, end to end: the local
// GitHub-compatible server holds the repositories, a site built from its crawl is served by
// `wrangler pages dev` with its own state folder (its local KV is the queue), a SKILL.md changes
// upstream, POST /index-status/{owner}/{repo}/refresh queues it (and a repository the directory has
// never listed), the queued rebuild runs against the same local KV, and the site served afterwards
// (as a deploy would, a new server over the same state) has the new text, the new indexed commit
// and a skill.updated event, while a request that came in during the run is still queued.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../../src/build/build.js";
import { readDataset } from "../../../src/dataset/files.js";
import { recordEvents } from "../../../src/events/record.js";
import { crawlFolder } from "../../../src/ingest/crawl-folder.js";
import type { GitHubFixture } from "../../../src/node/github-fixture/server.js";
import { type PagesDev, startPagesDev } from "../../../src/node/pages-dev.js";
import { rebuild } from "../../../src/node/rebuild/rebuild.js";
import { openRefreshQueue, type RefreshQueue } from "../../../src/node/rebuild/refresh-queue.js";
import { readSmokeDataset, smokeCheck } from "../../../src/node/rebuild/smoke.js";
import { RebuildSummary } from "../../../src/node/rebuild/summary.js";
import { IndexStatusEnvelope, RefreshQueuedEnvelope, SkillDetailEnvelope } from "../../../src/schemas/envelope.js";
import { EventsEnvelope } from "../../../src/schemas/events.js";
import { crawlingScriptArgs, fixtureCall, HANDMADE, PROJECT_ROOT, sourcesWith, startFixture } from "../../support/crawl-harness.js";
import { call } from "../../support/http.js";

const CHANGED = "Fills PDF forms, now with signatures.";
const VARS = { RATE_LIMIT_ANONYMOUS: "100000" };

describe("a re-index asked for through the API, served after `rebuild --queued`", () => {
  let fixture: GitHubFixture;
  let server: PagesDev | undefined;
  const work = mkdtempSync(join(tmpdir(), "refresh-e2e-"));
  const data = join(work, "dataset");
  const site = join(work, "site");
  const state = join(work, "state");
  const sourcesFile = join(work, "sources.json");
  const crawlSettings = {
    githubUrl: "",
    defaultsDir: join(PROJECT_ROOT, "data"),
    sourcesFile,
    maxFailedShare: 0.5,
    timing: { secondMs: 10, paceMs: 0 },
  };
  const api = () => server!.api;
  const post = (name: string) => call(`/index-status/${name}/refresh`, { method: "POST" }, api());
  const indexStatus = async (name: string) => IndexStatusEnvelope.parse((await call(`/index-status/${name}`, undefined, api())).body).data;

  beforeAll(async () => {
    fixture = await startFixture(HANDMADE);
    crawlSettings.githubUrl = fixture.url;
    writeFileSync(sourcesFile, JSON.stringify(sourcesWith({ repos: ["acme/pdf-tools"], exclude: ["gina/*"] })));
    // The directory as a first crawl left it: two repositories, their events, a built site.
    const crawled = await crawlFolder({
      ...crawlSettings,
      dataDir: data,
      only: ["acme/pdf-tools", "frank/gemini-helper"],
      stderr: { write: () => true },
    });
    expect(crawled.problems).toEqual([]);
    await recordEvents(data, crawled.records, { now: new Date(crawled.report.finishedAt), scope: crawled.scope });
    await build({ dataDir: data, outDir: site, sourcesFile, page: false });
    server = await startPagesDev({ siteDir: site, persistTo: state, vars: VARS });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await fixture?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("the change upstream, the request, the queued rebuild and the new text, commit and event served", async () => {
    const before = await indexStatus("acme/pdf-tools");
    expect(before).toMatchObject({ state: "indexed", refresh: { queued: false, since: null } });
    expect(before.indexedCommit).toMatch(/^[0-9a-f]{40}$/);
    expect(before.indexedAt).not.toBeNull();
    expect((await indexStatus("carol/bom-crlf")).state).toBe("unknown");

    await fixtureCall(fixture, "POST", "/__fixture/repos/acme/pdf-tools/commits", {
      files: { "SKILL.md": `---\nname: pdf-tools\ndescription: ${CHANGED}\n---\n\n# PDF tools\n\nSigns as well as fills.\n` },
    });
    const asked = await post("acme/pdf-tools");
    expect(asked.status, asked.text).toBe(202);
    const queued = RefreshQueuedEnvelope.parse(asked.body).data;
    expect(queued).toMatchObject({ owner: "acme", repo: "pdf-tools", queued: true, position: 1, queueSize: 1 });
    expect((await post("carol/bom-crlf")).status).toBe(202);
    expect((await indexStatus("acme/pdf-tools")).refresh).toEqual({ queued: true, since: queued.since });

    // A request that arrives while the run is under way (after it read the queue) must stay queued.
    const local = await openRefreshQueue({ projectDir: PROJECT_ROOT, remote: false, persistTo: state });
    const queue: RefreshQueue = {
      ...local,
      async list() {
        const listed = await local.list();
        expect((await post("bob/broken-yaml")).status).toBe(202);
        return listed;
      },
    };
    const started = performance.now();
    const result = await rebuild({
      projectDir: PROJECT_ROOT,
      dataDir: data,
      outDir: site,
      crawl: crawlSettings,
      webhooks: false,
      queue,
      log: () => {},
      stderr: { write: () => true },
      now: () => new Date(),
    }).finally(() => local.close());
    const summary = RebuildSummary.parse(result.summary);
    expect(summary.ok, JSON.stringify(summary.failure)).toBe(true);
    expect(summary.queued).toEqual(["acme/pdf-tools", "carol/bom-crlf"]);
    expect(Object.fromEntries(summary.stages.map((s) => [s.stage, s.status]))).toMatchObject({
      queue: "ok",
      crawl: "ok",
      build: "ok",
      smoke: "ok",
      dequeue: "ok",
    });
    expect(summary.skills).toMatchObject({ added: 1, updated: 1, removed: 0, failed: 0, total: 3 });
    console.log(`queued rebuild of 2 repositories (crawl, build, smoke check): ${((performance.now() - started) / 1000).toFixed(1)} s`);

    // The new site goes live as a deploy would make it: a new server (new isolates) over the same state.
    await server!.stop();
    server = await startPagesDev({ siteDir: site, persistTo: state, vars: VARS });

    const detail = await call("/skills/acme/pdf-tools", undefined, api());
    expect(detail.status).toBe(200);
    const skill = SkillDetailEnvelope.parse(detail.body).data;
    expect(skill.description).toBe(CHANGED);
    expect(skill.content).toContain("Signs as well as fills.");
    const record = (await readDataset(data)).records.find((r) => r.owner === "acme" && r.repo === "pdf-tools")!;
    expect(skill.indexedCommit).toBe(record.headSha);

    const after = await indexStatus("acme/pdf-tools");
    expect(after.indexedCommit).toBe(record.headSha);
    expect(after.indexedCommit).not.toBe(before.indexedCommit);
    expect(after.refresh).toEqual({ queued: false, since: null });
    expect(Date.parse(after.indexedAt!)).toBeGreaterThanOrEqual(Date.parse(queued.since));
    // The repository the directory had never listed was discovered and added.
    expect(await indexStatus("carol/bom-crlf")).toMatchObject({ state: "indexed", listed: true, refresh: { queued: false } });
    expect((await call("/skills/carol/bom-crlf", undefined, api())).status).toBe(200);
    // The request made during the run waits for the next one.
    expect((await indexStatus("bob/broken-yaml")).refresh.queued).toBe(true);

    const feed = EventsEnvelope.parse((await call("/events?type=skill.updated", undefined, api())).body).data;
    const updated = feed.find((e) => e.skill.owner === "acme" && e.skill.repo === "pdf-tools");
    expect(updated?.skill.description).toBe(CHANGED);
    expect(updated?.content?.after).toBe(record.files.find((f) => f.path === record.primary)!.sha);
    const created = EventsEnvelope.parse((await call("/events?type=skill.created", undefined, api())).body).data;
    expect(created.map((e) => `${e.skill.owner}/${e.skill.repo}`)).toContain("carol/bom-crlf");

    // The smoke check the run passed, on the served site: its counts from the lines' top-level
    // fields equal the parsed dataset's, and a changed skill served otherwise than the dataset has it fails.
    const dataset = await readSmokeDataset(data);
    expect(dataset.records).toEqual(
      (await readDataset(data)).records.map(({ id, owner, repo, name, stars, categories }) => ({
        id,
        owner,
        repo,
        name,
        stars,
        categories,
      })),
    );
    expect((await smokeCheck(api(), dataset, [record])).filter((c) => !c.ok)).toEqual([]);
    const stale = await smokeCheck(api(), dataset, [{ ...record, description: "Fills PDF forms." }]);
    expect(stale.filter((c) => !c.ok)).toEqual([
      { path: "/skills/acme/pdf-tools", ok: false, problem: `serves the description "${CHANGED}", the dataset has "Fills PDF forms."` },
    ]);
    const miscounted = await smokeCheck(api(), { ...dataset, records: dataset.records.slice(1) });
    expect(miscounted.filter((c) => !c.ok).map((c) => c.path)).toContain("/status");
  }, 300_000);

  it("`npm run rebuild -- --queued` on an empty queue stops after reading it, touching nothing", async () => {
    // The queue of a fresh state folder is empty.
    const empty = join(work, "empty-state");
    const reports = join(work, "reports");
    const res = await new Promise<{ status: number | null; stderr: string }>((ok) => {
      const child = spawn(
        process.execPath,
        crawlingScriptArgs(
          "rebuild.ts",
          fixture.url,
          data,
          sourcesFile,
          "--out",
          site,
          "--queued",
          "--persist-to",
          empty,
          "--report-dir",
          reports,
        ),
        { cwd: PROJECT_ROOT },
      );
      let stderr = "";
      child.stderr.on("data", (b: Buffer) => (stderr += b.toString()));
      child.on("close", (status) => ok({ status, stderr }));
    });
    expect(res.status, res.stderr).toBe(0);
    const summary = RebuildSummary.parse(JSON.parse(readFileSync(join(reports, "summary.json"), "utf8")));
    expect(summary).toMatchObject({ ok: true, queued: [], skills: null, build: null });
    expect(summary.stages[0]).toMatchObject({ stage: "queue", status: "ok", note: expect.stringMatching(/^nothing queued/) });
    expect(summary.stages.slice(1).every((s) => s.status === "skipped")).toBe(true);
  }, 120_000);
});
