// POST /index-status/{owner}/{repo}/refresh from the function run in-process over a built site,
// with an in-memory KV: the 202 and its idempotence, the names that cannot be a GitHub repository,
// the exclusion rules, the limits per address and per repository, the bounded queue, the methods,
// and what GET /index-status then says. The same route through wrangler's own KV is exercised end
// to end by test/node/rebuild/refresh.workerd.test.ts.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiEnv } from "../../src/api/env.js";
import { build } from "../../src/build/build.js";
import {
  REFRESH_PER_ADDRESS_PER_HOUR,
  REFRESH_QUEUE_LIMIT,
  REFRESH_QUEUE_PREFIX,
  REFRESH_REPOSITORY_SECONDS,
  refreshQueueKey,
} from "../../src/contract/refresh-queue.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { ErrorEnvelope, IndexStatusEnvelope, RefreshQueuedEnvelope } from "../../src/schemas/envelope.js";
import { RefreshEntry, repositoryNameProblem } from "../../src/schemas/refresh.js";
import { call, type InProcessApi } from "../support/http.js";
import { inProcessApi } from "../support/in-process-api.js";
import { type MemoryKV, memoryKV } from "../support/memory-kv.js";

const work = mkdtempSync(join(tmpdir(), "refresh-site-"));
const siteDir = join(work, "site");
/** A fixed clock (X-Test-Now), well inside one hourly window. */
const T0 = Date.parse("2026-11-21T09:05:00Z");

beforeAll(async () => {
  const sources = JSON.parse(readFileSync(join(PROJECT_ROOT, "data", "sources.json"), "utf8"));
  writeFileSync(join(work, "sources.json"), JSON.stringify({ ...sources, exclude: ["spam-org/*"] }));
  await build({ dataDir: join(PROJECT_ROOT, "data"), outDir: siteDir, sourcesFile: join(work, "sources.json"), page: false });
}, 180_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A fresh function and KV: every test starts from an empty queue and fresh counters. */
function fresh(vars: Omit<ApiEnv, "ASSETS" | "KV"> = {}): { api: InProcessApi; kv: MemoryKV } {
  const kv = memoryKV();
  return { api: inProcessApi(siteDir, { KV: kv, ALLOW_TEST_CLOCK: "1", ...vars }), kv };
}

const ask = (api: InProcessApi, name: string, opts: { ip?: string; at?: number; method?: string } = {}) =>
  call(
    `/index-status/${name}/refresh`,
    {
      method: opts.method ?? "POST",
      headers: { "CF-Connecting-IP": opts.ip ?? "203.0.113.7", "X-Test-Now": String(opts.at ?? T0) },
    },
    api,
  );

describe("POST /index-status/{owner}/{repo}/refresh", () => {
  it("queues the repository: 202 with the queue state, validated by its schema, and one KV entry that lists with its metadata", async () => {
    const { api, kv } = fresh();
    const res = await ask(api, "docuflow/office-skills");
    expect(res.status, res.text).toBe(202);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-ratelimit-limit")).toBeTruthy();
    const { data } = RefreshQueuedEnvelope.parse(res.body);
    expect(data).toEqual({
      owner: "docuflow",
      repo: "office-skills",
      queued: true,
      since: "2026-11-21T09:05:00Z",
      position: 1,
      queueSize: 1,
      queueLimit: REFRESH_QUEUE_LIMIT,
    });
    const listing = await kv.list({ prefix: REFRESH_QUEUE_PREFIX });
    expect(listing.keys).toEqual([
      { name: "refresh:queue:docuflow/office-skills", metadata: { owner: "docuflow", repo: "office-skills", since: data.since } },
    ]);
    expect(RefreshEntry.parse(JSON.parse(kv.values.get(refreshQueueKey("docuflow", "office-skills"))!))).toEqual(listing.keys[0]!.metadata);
  });

  it("is idempotent: asked again (in any case, later) it answers the same state, `since` unchanged, and queues nothing more", async () => {
    const { api, kv } = fresh();
    const first = await ask(api, "docuflow/office-skills");
    const again = await ask(api, "docuflow/office-skills", { at: T0 + 120_000 });
    const otherCase = await ask(api, "DocuFlow/Office-Skills", { at: T0 + 180_000, ip: "198.51.100.9" });
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(RefreshQueuedEnvelope.parse(again.body).data).toEqual(RefreshQueuedEnvelope.parse(first.body).data);
    expect(RefreshQueuedEnvelope.parse(otherCase.body).data).toEqual(RefreshQueuedEnvelope.parse(first.body).data);
    expect((await kv.list({ prefix: REFRESH_QUEUE_PREFIX })).keys).toHaveLength(1);
  });

  it("places each repository in the queue, oldest first, and counts the queue", async () => {
    const { api } = fresh();
    await ask(api, "a-org/one", { at: T0 });
    await ask(api, "b-org/two", { at: T0 + 1000 });
    const third = RefreshQueuedEnvelope.parse((await ask(api, "c-org/three", { at: T0 + 2000 })).body).data;
    expect(third).toMatchObject({ position: 3, queueSize: 3 });
    // The first one asked again: still first, and the queue now holds three.
    const first = RefreshQueuedEnvelope.parse((await ask(api, "a-org/one", { at: T0 + 3000 })).body).data;
    expect(first).toMatchObject({ position: 1, queueSize: 3, since: "2026-11-21T09:05:00Z" });
  });

  it("a repository unknown to the directory may be queued (the run discovers it); GitHub is never asked here", async () => {
    const { api } = fresh();
    const res = await ask(api, "someone-new/brand-new-skills");
    expect(res.status).toBe(202);
    expect(RefreshQueuedEnvelope.parse(res.body).data.repo).toBe("brand-new-skills");
  });

  it("a name that cannot be a GitHub repository is a 400 in the error envelope, and queues nothing", async () => {
    const { api, kv } = fresh();
    const bad = [
      "-leading/x",
      "trailing-/x",
      "double--hyphen/x",
      "under_score/x",
      `${"o".repeat(40)}/x`,
      `owner/${"r".repeat(101)}`,
      // (`.` and `..` never arrive as segments: URLs resolve them, %2E spellings included.)
      "owner/name.git",
      "owner/sp%20ace",
      "own.er/x",
      "owner/a%2Fb",
    ];
    for (const name of bad) {
      const res = await ask(api, name);
      expect(res.status, name).toBe(400);
      const { error } = ErrorEnvelope.parse(res.body);
      expect(error.code, name).toBe("INVALID_PARAMS");
      expect(error.message, name).toMatch(/GitHub|`\.git`/);
    }
    for (const repo of [".", ".."]) expect(repositoryNameProblem("owner", repo)).toMatch(/not `\.` or `\.\.`/);
    // The longest names GitHub allows pass.
    expect((await ask(api, `${"o".repeat(39)}/${"r".repeat(100)}`)).status).toBe(202);
    expect((await kv.list({ prefix: REFRESH_QUEUE_PREFIX })).keys).toHaveLength(1);
  });

  it("a repository the directory's sources exclude is a 400 naming the pattern", async () => {
    const { api } = fresh();
    const res = await ask(api, "spam-org/anything");
    expect(res.status).toBe(400);
    expect(ErrorEnvelope.parse(res.body).error.message).toContain('"spam-org/*"');
  });

  it(`allows ${REFRESH_PER_ADDRESS_PER_HOUR} requests an hour from one address, then 429 with Retry-After until the hour ends`, async () => {
    const { api } = fresh();
    for (let i = 0; i < REFRESH_PER_ADDRESS_PER_HOUR; i++) expect((await ask(api, `org-${i}/repo`)).status, `request ${i + 1}`).toBe(202);
    const refused = await ask(api, "org-x/repo");
    expect(refused.status).toBe(429);
    const { error } = ErrorEnvelope.parse(refused.body);
    expect(error.code).toBe("RATE_LIMITED");
    expect(error.message).toContain(`at most ${REFRESH_PER_ADDRESS_PER_HOUR} an hour from one address`);
    // T0 is 09:05:00; the window ends at 10:00:00.
    expect(refused.headers.get("retry-after")).toBe(String(55 * 60));
    // Another address is not affected, and the next hour starts afresh.
    expect((await ask(api, "org-x/repo", { ip: "198.51.100.1" })).status).toBe(202);
    expect((await ask(api, "org-y/repo", { at: T0 + 3_600_000 })).status).toBe(202);
  });

  it(`refuses another request for a repository for ${REFRESH_REPOSITORY_SECONDS / 60} minutes after one was accepted, once the queue has handled it`, async () => {
    const { api, kv } = fresh();
    expect((await ask(api, "docuflow/office-skills")).status).toBe(202);
    // The run handled it: the entry is gone.
    await kv.delete(refreshQueueKey("docuflow", "office-skills"));
    const refused = await ask(api, "docuflow/office-skills", { at: T0 + 60_000, ip: "198.51.100.2" });
    expect(refused.status).toBe(429);
    expect(ErrorEnvelope.parse(refused.body).error.message).toMatch(/one request per repository every 10 minutes/);
    expect(refused.headers.get("retry-after")).toBe(String(REFRESH_REPOSITORY_SECONDS - 60));
    // Its marker expires with KV's TTL; here it is deleted as the TTL would.
    const recent = kv.writes.find((w) => w.key === "refresh:recent:docuflow/office-skills");
    expect(recent?.ttl).toBe(REFRESH_REPOSITORY_SECONDS);
    kv.values.delete("refresh:recent:docuflow/office-skills");
    expect((await ask(api, "docuflow/office-skills", { at: T0 + 700_000, ip: "198.51.100.2" })).status).toBe(202);
  });

  it(`holds at most ${REFRESH_QUEUE_LIMIT} repositories: then 503 QUEUE_FULL saying so, while one already queued still gets its 202`, async () => {
    const { api, kv } = fresh();
    for (let i = 0; i < REFRESH_QUEUE_LIMIT; i++) {
      const entry = { owner: `org${i}`, repo: "r", since: "2026-11-21T08:00:00Z" };
      await kv.put(refreshQueueKey(entry.owner, entry.repo), JSON.stringify(entry), { metadata: entry });
    }
    const full = await ask(api, "docuflow/office-skills");
    expect(full.status).toBe(503);
    const { error } = ErrorEnvelope.parse(full.body);
    expect(error.code).toBe("QUEUE_FULL");
    expect(error.message).toContain(`the re-index queue is full (${REFRESH_QUEUE_LIMIT} repositories`);
    expect(Number(full.headers.get("retry-after"))).toBeGreaterThan(0);
    const queued = await ask(api, "org7/r");
    expect(queued.status).toBe(202);
    expect(RefreshQueuedEnvelope.parse(queued.body).data).toMatchObject({
      queueSize: REFRESH_QUEUE_LIMIT,
      queueLimit: REFRESH_QUEUE_LIMIT,
    });
  });

  it("other methods are 405 with Allow; a preflight allows POST there and only GET elsewhere", async () => {
    const { api } = fresh();
    for (const method of ["GET", "HEAD", "PUT", "DELETE"]) {
      const res = await ask(api, "docuflow/office-skills", { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow"), method).toBe("POST, OPTIONS");
      if (method !== "HEAD") expect(ErrorEnvelope.parse(res.body).error.code).toBe("METHOD_NOT_ALLOWED");
    }
    const preflight = await ask(api, "docuflow/office-skills", { method: "OPTIONS" });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    const elsewhere = await call("/skills", { method: "OPTIONS" }, api);
    expect(elsewhere.headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
    // POST anywhere else is still refused: the rest of the API is read-only.
    expect((await call("/index-status/docuflow/office-skills", { method: "POST" }, api)).status).toBe(405);
  });

  it("GET /index-status says whether a refresh is queued and since when (no answer cache: the state is live)", async () => {
    const { api } = fresh();
    const before = IndexStatusEnvelope.parse((await call("/index-status/docuflow/office-skills", undefined, api)).body).data;
    expect(before.refresh).toEqual({ queued: false, since: null });
    await ask(api, "docuflow/office-skills");
    const res = await call("/index-status/docuflow/office-skills", undefined, api);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(IndexStatusEnvelope.parse(res.body).data.refresh).toEqual({ queued: true, since: "2026-11-21T09:05:00Z" });
  });
});
