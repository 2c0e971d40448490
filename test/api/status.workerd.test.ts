// GET /status and GET /index-status/{owner}/{repo} through the real runtime, over a site built from
// a dataset with a crawl state and a last crawl: indexed, renamed, excluded (by a skip reason and by a
// pattern of sources.json), failed (with and without a previous record) and unknown.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/build/build.js";
import { type CrawlState, writeCrawlState } from "../../src/dataset/crawl-state.js";
import { readDataset } from "../../src/dataset/files.js";
import { type LastCrawl, writeLastCrawl } from "../../src/dataset/last-crawl.js";
import { type PagesDev, startPagesDev } from "../../src/node/pages-dev.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { ErrorEnvelope, IndexStatusEnvelope, StatusEnvelope } from "../../src/schemas/envelope.js";
import { call } from "../support/http.js";

const work = mkdtempSync(join(tmpdir(), "status-site-"));
const dataDir = join(work, "data");
const siteDir = join(work, "site");
let server: PagesDev;

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
  const { records } = await readDataset(dataDir);
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
  await build({ dataDir, outDir: siteDir, sourcesFile: join(work, "sources.json"), builtAt: new Date("2026-11-21T10:00:00Z") });
  server = await startPagesDev({ siteDir });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
  if (server) rmSync(server.persistTo, { recursive: true, force: true });
});

const get = (path: string) => call(path, undefined, server.api);

describe("GET /status", () => {
  it("answers the dataset and build times, counts, the last crawl and the API version", async () => {
    const res = await get("/status");
    expect(res.status).toBe(200);
    const { data } = StatusEnvelope.parse(res.body);
    expect(data).toMatchObject({
      apiVersion: "1.0.0",
      datasetGeneratedAt: "2026-11-20T06:00:00Z",
      builtAt: "2026-11-21T10:00:00Z",
      counts: { skills: 72, categories: 24 },
      lastCrawl: lastCrawl.summary,
    });
    expect(res.headers.get("etag")).toMatch(/^"/);
  });
});

describe("GET /index-status/{owner}/{repo}", () => {
  const status = async (owner: string, repo: string) => {
    const res = await get(`/index-status/${owner}/${repo}`);
    expect(res.status, res.text).toBe(200);
    return IndexStatusEnvelope.parse(res.body).data;
  };

  it("indexed: listed, in GitHub's case whatever case is asked, with when it was crawled", async () => {
    expect(await status("DOCUFLOW", "office-skills")).toEqual({
      owner: "docuflow",
      repo: "office-skills",
      state: "indexed",
      listed: true,
      reason: null,
      rule: null,
      lastCrawledAt: "2026-11-20T09:30:00Z",
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
    expect(await status("newcomer", "half-read")).toMatchObject({ state: "failed", listed: false, reason: "blobs: timeout" });
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
