// `npm run rebuild` end to end, as a maintainer runs it, against the local GitHub-compatible server
// and without deploying: a first run, a change upstream picked up by the next run, `--only`, a
// crawl that fails midway and a smoke check that fails (neither touches the dataset or the site).
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readDataset } from "../../../src/dataset/files.js";
import { readLastCrawl } from "../../../src/dataset/last-crawl.js";
import type { GitHubFixture } from "../../../src/node/github-fixture/server.js";
import { RebuildSummary } from "../../../src/node/rebuild/summary.js";
import { Status } from "../../../src/schemas/status.js";
import { crawlingScriptArgs, fixtureCall, HANDMADE, PROJECT_ROOT, sourcesWith, startFixture } from "../../support/crawl-harness.js";

/** Every file of a folder with its hash, to show a failed run changed nothing. */
function fingerprint(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const full = join(e.parentPath, e.name);
    out[full.slice(dir.length + 1)] = createHash("sha256").update(readFileSync(full)).digest("hex");
  }
  return out;
}

describe("npm run rebuild", () => {
  let fixture: GitHubFixture;
  const work = mkdtempSync(join(tmpdir(), "rebuild-"));
  const data = join(work, "dataset");
  const site = join(work, "site");
  const reports = join(work, "reports");
  const sourcesFile = join(work, "sources.json");
  const runWith = (env: Record<string, string>, ...args: string[]) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((ok) => {
      // Asynchronous: the local GitHub server answers from this very process.
      const child = spawn(
        process.execPath,
        crawlingScriptArgs("rebuild.ts", fixture.url, data, sourcesFile, "--out", site, "--report-dir", reports, ...args),
        { cwd: PROJECT_ROOT, env: { ...process.env, ...env } },
      );
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (b: Buffer) => (stdout += b.toString()));
      child.stderr.on("data", (b: Buffer) => (stderr += b.toString()));
      child.on("close", (status) => ok({ status, stdout, stderr }));
    });
  const run = (...args: string[]) => runWith({}, ...args);
  const summary = () => RebuildSummary.parse(JSON.parse(readFileSync(join(reports, "summary.json"), "utf8")));
  const stageStatus = () => Object.fromEntries(summary().stages.map((s) => [s.stage, s.status]));
  const served = () => Status.parse(JSON.parse(readFileSync(join(site, "_data", "status.json"), "utf8")));
  const record = async (name: string) => (await readDataset(data)).records.find((r) => `${r.owner}/${r.repo}` === name);
  const commit = (repo: string, description: string) =>
    fixtureCall(fixture, "POST", `/__fixture/repos/${repo}/commits`, {
      files: { "SKILL.md": `---\nname: ${repo.split("/")[1]}\ndescription: ${description}\n---\n\n# Body\n` },
    });

  beforeAll(async () => {
    fixture = await startFixture(HANDMADE);
    writeFileSync(sourcesFile, JSON.stringify(sourcesWith({ repos: ["acme/pdf-tools"], exclude: ["gina/*"] })));
  });
  afterAll(async () => {
    await fixture.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("a first run crawls, builds, checks the site through wrangler and replaces the dataset and the site", async () => {
    const res = await run("--now", "2026-11-21T09:30:00Z");
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^## Rebuild succeeded/);
    expect(stageStatus()).toEqual({
      restore: "skipped",
      crawl: "ok",
      build: "ok",
      smoke: "ok",
      deploy: "skipped",
      save: "skipped",
      webhooks: "skipped",
    });
    const s = summary();
    expect(s.skills).toEqual({ added: 7, updated: 0, removed: 0, failed: 0, total: 7 });
    expect(s.github?.requests).toBeGreaterThan(0);
    expect(s.deployed).toBeNull();
    expect((await readDataset(data)).records).toHaveLength(7);
    expect(served()).toMatchObject({
      datasetGeneratedAt: "2026-11-21T09:30:00Z",
      counts: { skills: 7 },
      lastCrawl: { finishedAt: "2026-11-21T09:30:00Z", only: [] },
    });
    expect(res.stderr).toMatch(/\[smoke\] ok: \d+ checks passed/);
  }, 180_000);

  // The runs share one day, so star history adds no point and only what changed upstream is updated.
  it("a change upstream is picked up by the next run", async () => {
    await commit("acme/pdf-tools", "Changed upstream.");
    const res = await run("--now", "2026-11-21T10:30:00Z");
    expect(res.status, res.stderr).toBe(0);
    expect(summary().skills).toMatchObject({ added: 0, updated: 1, removed: 0, failed: 0 });
    expect((await record("acme/pdf-tools"))?.description).toBe("Changed upstream.");
    expect(served().lastCrawl?.finishedAt).toBe("2026-11-21T10:30:00Z");
  }, 180_000);

  it("--only re-crawls the named repository and leaves every other record as it was", async () => {
    const before = await record("frank/gemini-helper");
    await commit("acme/pdf-tools", "Changed again.");
    await commit("frank/gemini-helper", "Changed but not asked for.");
    const res = await run("--only", "acme/pdf-tools", "--now", "2026-11-21T11:30:00Z");
    expect(res.status, res.stderr).toBe(0);
    expect((await record("acme/pdf-tools"))?.description).toBe("Changed again.");
    expect(await record("frank/gemini-helper")).toEqual(before);
    expect((await readLastCrawl(data))?.summary).toMatchObject({ only: ["acme/pdf-tools"], repositories: { seen: 1 } });
  }, 180_000);

  it("a crawl that fails midway stops the run and leaves the previous dataset and site intact", async () => {
    const dataBefore = fingerprint(data);
    const siteBefore = fingerprint(site);
    // Code search answers; every GraphQL request (facts, topic searches) then fails.
    await fixtureCall(fixture, "POST", "/__fixture/faults", {
      faults: [{ kind: "status", status: 502, requestKind: "graphql", times: -1 }],
    });
    try {
      const res = await run("--now", "2026-11-21T12:30:00Z");
      expect(res.status).toBe(1);
      expect(summary().failure).toMatchObject({ stage: "crawl", message: expect.stringMatching(/discovery failed|repositories failed/) });
      expect(res.stdout).toMatch(/^## Rebuild failed at crawl/);
      expect(stageStatus()).toMatchObject({ crawl: "failed" });
      expect(stageStatus().build).toBeUndefined();
    } finally {
      await fixtureCall(fixture, "DELETE", "/__fixture/faults");
    }
    expect(fingerprint(data)).toEqual(dataBefore);
    expect(fingerprint(site)).toEqual(siteBefore);
  }, 180_000);

  it("a smoke check that fails deploys nothing and leaves the previous dataset and site intact", async () => {
    const dataBefore = fingerprint(data);
    const siteBefore = fingerprint(site);
    await commit("acme/pdf-tools", "A change that never ships.");
    // A stray _worker.js among the static files replaces the Pages Function, so every endpoint breaks.
    const publicDir = join(work, "bad-public");
    mkdirSync(publicDir, { recursive: true });
    writeFileSync(join(publicDir, "_worker.js"), 'export default { fetch: () => new Response("broken", { status: 500 }) };\n');
    // --deploy with placeholder credentials: the run must stop before wrangler ever uses them.
    const credentials = { CLOUDFLARE_API_TOKEN: "placeholder", CLOUDFLARE_ACCOUNT_ID: "placeholder" };
    const res = await runWith(credentials, "--public", publicDir, "--deploy", "--no-webhooks", "--now", "2026-11-21T13:30:00Z");
    expect(res.status).toBe(1);
    expect(summary().failure?.stage).toBe("smoke");
    expect(summary().deployed).toBeNull();
    expect(stageStatus().deploy).toBeUndefined();
    expect(fingerprint(data)).toEqual(dataBefore);
    expect(fingerprint(site)).toEqual(siteBefore);
  }, 180_000);
});
