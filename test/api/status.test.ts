// GET /status and GET /index-status/{owner}/{repo} from the function run in-process, over a site built from
// a dataset with a crawl state and a last crawl: indexed, renamed, excluded (by a skip reason and by a
// pattern of sources.json), failed (with and without a previous record) and unknown.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/build/build.js";
import { DEMO_NOTICE } from "../../src/contract/demo-data.js";
import { type CrawlState, writeCrawlState } from "../../src/dataset/crawl-state.js";
import { readDataset } from "../../src/dataset/files.js";
import { type LastCrawl, writeLastCrawl } from "../../src/dataset/last-crawl.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { ErrorEnvelope, IndexStatusEnvelope, StatusEnvelope } from "../../src/schemas/envelope.js";
import { call, type InProcessApi } from "../support/http.js";
import { inProcessApi } from "../support/in-process-api.js";

const work = mkdtempSync(join(tmpdir(), "status-site-"));
const dataDir = join(work, "data");
const siteDir = join(work, "site");
let api: InProcessApi;
let skills: number;
let categories: number;

const FINISHED = "2026-11-21T09:30:00Z";
const lastCrawl: LastCrawl = {
  summary: {
    startedAt: "2026-11-21T09:00:00Z",
    finishedAt: FINISHED,
    full: false,
    only: [],
    repositories: { seen: 80, added: 2, changed: 3, removed: 1, failed: 2, skipped: 4, total: 72 },
    requests: { spent: 12, remaining: 4988 },
  },
  failed: [
    { key: "kubeops/k8s-incident-runbook", reason: "tree: 502 Bad Gateway" },
    { key: "newcomer/half-read", reason: "blobs: timeout" },
  ],
};

beforeAll(async () => {
  cpSync(join(PROJECT_ROOT, "data"), dataDir, { recursive: true });
  const { records, categories: categoriesFile } = await readDataset(dataDir);
  skills = records.length;
  categories = categoriesFile.categories.length;
  const indexed = records.find((r) => r.owner === "docuflow")!;
  const state: CrawlState = {
    version: 1,
    repos: {
      [indexed.id]: {
        nodeId: "R_1",
        owner: indexed.owner,
        repo: indexed.repo,
        headSha: "a".repeat(40),
        evidence: [],
        marketplace: null,
        crawledAt: "2026-11-20T09:30:00Z",
        indexedAt: "2026-11-19T08:00:00Z",
      },
      "999001": {
        nodeId: "R_2",
        owner: "Forker",
        repo: "Office-Skills",
        headSha: "b".repeat(40),
        evidence: [],
        marketplace: null,
        skip: "fork of docuflow/office-skills, which is listed",
      },
    },
    discovery: { pages: {} },
  };
  await writeCrawlState(dataDir, state);
  await writeLastCrawl(dataDir, lastCrawl);
  const sources = JSON.parse(readFileSync(join(PROJECT_ROOT, "data", "sources.json"), "utf8"));
  writeFileSync(join(work, "sources.json"), JSON.stringify({ ...sources, exclude: ["spam-org/*"] }));
  await build({
    dataDir,
    outDir: siteDir,
    sourcesFile: join(work, "sources.json"),
    builtAt: new Date("2026-11-21T10:00:00Z"),
    page: false,
  });
  api = inProcessApi(siteDir);
}, 180_000);

afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
});

const get = (path: string) => call(path, undefined, api);

describe("GET /status", () => {
  it("answers the dataset and build times, counts, the last crawl and the API version", async () => {
    const res = await get("/status");
    expect(res.status).toBe(200);
    const { data } = StatusEnvelope.parse(res.body);
    expect(data).toMatchObject({
      apiVersion: "1.0.0",
      datasetGeneratedAt: "2026-11-20T06:00:00Z",
      builtAt: "2026-11-21T10:00:00Z",
      counts: { skills, categories },
      lastCrawl: lastCrawl.summary,
    });
    expect(res.headers.get("etag")).toMatch(/^"/);
  });

  it("says the embedded sample is invented (its meta.json says demo), with the sentence that says how to index GitHub", async () => {
    const meta = JSON.parse(readFileSync(join(dataDir, "meta.json"), "utf8"));
    expect(meta.demo).toBe(true);
    const { data } = StatusEnvelope.parse((await get("/status")).body);
    expect(data).toMatchObject({ demo: true, demoNotice: DEMO_NOTICE });
    expect(data.demoNotice).toMatch(/invented/);
    expect(data.demoNotice).toContain("npm run crawl");
    expect(data.demoNotice).toContain("npm run dataset -- restore");
  });

  it("says nothing of demo data once the dataset is real (a crawl writes meta.json without the flag)", async () => {
    const real = join(work, "real");
    cpSync(dataDir, join(real, "data"), { recursive: true });
    writeFileSync(join(real, "data", "meta.json"), JSON.stringify({ generatedAt: FINISHED, day: FINISHED.slice(0, 10) }));
    await build({ dataDir: join(real, "data"), outDir: join(real, "site"), page: false });
    const res = await call("/status", undefined, inProcessApi(join(real, "site")));
    expect(StatusEnvelope.parse(res.body).data).toMatchObject({ demo: false, demoNotice: null, datasetGeneratedAt: FINISHED });
  }, 120_000);
});

describe("GET /index-status/{owner}/{repo}", () => {
  const status = async (owner: string, repo: string) => {
    const res = await get(`/index-status/${owner}/${repo}`);
    expect(res.status, res.text).toBe(200);
    return IndexStatusEnvelope.parse(res.body).data;
  };

  it("indexed: listed, in GitHub's case whatever case is asked, with when it was crawled and the commit it was read at", async () => {
    const { records } = await readDataset(dataDir);
    expect(await status("DOCUFLOW", "office-skills")).toEqual({
      owner: "docuflow",
      repo: "office-skills",
      state: "indexed",
      listed: true,
      reason: null,
      rule: null,
      lastCrawledAt: "2026-11-20T09:30:00Z",
      indexedCommit: records.find((r) => r.owner === "docuflow")!.headSha,
      indexedAt: "2026-11-19T08:00:00Z",
      // No KV is bound in this process: nothing can be queued.
      refresh: { queued: false, since: null },
    });
    // A state from before the crawl kept the time it read a repository: the commit is known, the time is not.
    expect(await status("acme-labs", "react-testing-skill")).toMatchObject({
      indexedCommit: expect.stringMatching(/^[0-9a-f]{40}$/),
      indexedAt: null,
    });
    // Without a crawl time of its own, a record was last looked at by the last crawl.
    expect((await status("acme-labs", "react-testing-skill")).lastCrawledAt).toBe(FINISHED);
  });

  it("excluded: by a skip reason of the crawl, and by a pattern of sources.json (which names the rule)", async () => {
    expect(await status("forker", "office-skills")).toMatchObject({
      owner: "Forker",
      repo: "Office-Skills",
      state: "excluded",
      listed: false,
      reason: "fork of docuflow/office-skills, which is listed",
      rule: null,
    });
    expect(await status("spam-org", "anything")).toMatchObject({
      state: "excluded",
      listed: false,
      rule: "spam-org/*",
      lastCrawledAt: null,
    });
  });

  it("failed: why, and whether the previous record is still served", async () => {
    expect(await status("kubeops", "k8s-incident-runbook")).toMatchObject({
      state: "failed",
      listed: true,
      reason: expect.stringContaining("tree: 502 Bad Gateway"),
      lastCrawledAt: FINISHED,
    });
    expect(await status("newcomer", "half-read")).toMatchObject({
      state: "failed",
      listed: false,
      reason: "blobs: timeout",
      indexedCommit: null,
    });
  });

  it("unknown: a 200 with state unknown, not a 404", async () => {
    expect(await status("nobody", "never-seen")).toEqual({
      owner: "nobody",
      repo: "never-seen",
      state: "unknown",
      listed: false,
      reason: null,
      rule: null,
      lastCrawledAt: null,
      indexedCommit: null,
      indexedAt: null,
      refresh: { queued: false, since: null },
    });
  });

  it("a name GitHub could not have is a 400 in the error envelope, a path without a repository a 404", async () => {
    for (const path of ["/index-status/bad%20name/x", `/index-status/a/${"x".repeat(101)}`, "/index-status/a/b%2Fc"]) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(ErrorEnvelope.parse(res.body).error.code).toBe("INVALID_PARAMS");
    }
    const res = await get("/index-status/only-owner");
    expect(res.status).toBe(404);
    expect(ErrorEnvelope.parse(res.body).error.code).toBe("NOT_FOUND");
  });
});
