// No request ever waits on I/O another request started. Many concurrent first requests at a fresh
// isolate, some of them abandoned by their clients, must each answer within a bound: in-process with
// slow assets and KV under workerd's rule (a cancelled request's I/O never completes), and through a
// fresh `wrangler pages dev`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import type { ApiEnv } from "../../src/api/env.js";
import { handleRequest } from "../../src/api/handle.js";
import { createRateLimiter } from "../../src/api/rate-limit/index.js";
import { createServices } from "../../src/api/services.js";
import { folderAssets } from "../../src/node/folder-assets.js";
import { startPagesDev } from "../../src/node/pages-dev.js";
import { memoryKV } from "../support/memory-kv.js";
import { asRequest, type RequestIo, requestBoundAssets, requestBoundKv } from "../support/request-io.js";

/** Paths a fresh isolate is likely to get first, keyed and anonymous, sharing the manifest and shards. */
const PATHS = [
  "/api/v1/skills/anvil-dev/pdf",
  "/api/v1/skills?limit=3",
  "/api/v1/skills/search?q=pdf",
  "/api/v1/categories",
  "/api/v1/skills/kubeops/k8s-incident-runbook",
  "/api/v1/skills/autocomplete?q=pd",
  "/api/v1/categories/frontend/skills",
  "/api/v1/skills/anvil-dev/pdf/stats",
];
const BOUND_MS = 10_000;

const within = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> =>
  Promise.race([
    promise,
    new Promise<never>((_, fail) => setTimeout(() => fail(new Error(`${what} did not answer within ${ms} ms`)), ms).unref()),
  ]);

describe("in-process, slow assets and KV, with workerd's I/O rule", () => {
  it.each([0, 1, 2])("answers every request that was not cancelled (round %i)", async (round) => {
    const kv = memoryKV();
    const env: ApiEnv = { ASSETS: requestBoundAssets(folderAssets(inject("siteDir")), 30), KV: requestBoundKv(kv, 10) };
    const services = createServices(env.ASSETS, createRateLimiter({ log: () => {} }));
    const runs = Array.from({ length: 24 }, (_, i) => {
      const io: RequestIo = { cancelled: false };
      const background: Promise<unknown>[] = [];
      const request = new Request(`http://127.0.0.1${PATHS[(i + round) % PATHS.length]}`, {
        headers: { "CF-Connecting-IP": `203.0.113.${i % 4}` },
      });
      const response = asRequest(io, () => handleRequest({ request, env, waitUntil: (p) => void background.push(p) }, services));
      // Every third client goes away while its request is still loading.
      if (i % 3 === round % 3) setTimeout(() => (io.cancelled = true), 5 + ((i * 7) % 40));
      return { i, io, response, background };
    });
    const kept = runs.filter((r) => r.i % 3 !== round % 3);
    const answers = await Promise.all(kept.map((r) => within(r.response, BOUND_MS, `request ${r.i}`)));
    for (const a of answers) expect(a.status).toBe(200);
    // Their deferred work (rate-limit counter writes) completes too.
    await Promise.all(kept.map((r) => within(Promise.all(r.background), BOUND_MS, `deferred work of request ${r.i}`)));
  });
});

describe("through a fresh wrangler pages dev", () => {
  it("answers many concurrent first requests, some abandoned, each within the bound", async () => {
    const persistTo = mkdtempSync(join(tmpdir(), "skills-api-fresh-"));
    const server = await startPagesDev({ siteDir: inject("siteDir"), persistTo, vars: { RATE_LIMIT_ANONYMOUS: "1000000" } });
    try {
      // startPagesDev sends one request to check the server is up; the rest meet a young isolate.
      const runs = Array.from({ length: 48 }, async (_, i) => {
        const abandon = i % 4 === 0;
        const signal = abandon ? AbortSignal.timeout(1 + (i % 20)) : AbortSignal.timeout(BOUND_MS);
        const started = performance.now();
        try {
          const res = await fetch(`${server.origin}${PATHS[i % PATHS.length]}`, { signal });
          await res.text();
          return { abandon, status: res.status, ms: performance.now() - started };
        } catch (error) {
          if (abandon) return { abandon, status: 0, ms: 0 };
          throw error;
        }
      });
      const results = await Promise.all(runs);
      for (const r of results.filter((x) => !x.abandon)) {
        expect(r.status).toBe(200);
        expect(r.ms).toBeLessThan(BOUND_MS);
      }
    } finally {
      await server.stop();
      rmSync(persistTo, { recursive: true, force: true });
    }
  });
});
