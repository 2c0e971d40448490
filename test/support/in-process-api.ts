// The API with no server: the Pages Function's own handler (handleSite, as functions/_middleware.ts
// calls it) run in this process over a built site folder, its files read as env.ASSETS serves them.
// For suites that test what the function answers rather than the runtime around it; what only
// workerd does (caches.default, KV, isolates, the asset server's own rules) stays with the
// `*.workerd.test.ts` suites.
import { rmSync } from "node:fs";
import { afterAll, beforeAll } from "vitest";
import type { ApiEnv } from "../../src/api/env.js";
import { createRateLimiter } from "../../src/api/rate-limit/index.js";
import { createServices } from "../../src/api/services.js";
import { handleSite } from "../../src/api/site.js";
import { folderAssets } from "../../src/node/folder-assets.js";
import { buildEmbeddedSite, sharedEmbeddedSite } from "./embedded-site.js";
import { type Answer, call, type InProcessApi } from "./http.js";

/** The function over `siteDir`, with the served test site's high rate limits unless `vars` say otherwise. */
export function inProcessApi(siteDir: string, vars: Omit<ApiEnv, "ASSETS"> = {}): InProcessApi {
  const env: ApiEnv = {
    ASSETS: folderAssets(siteDir),
    RATE_LIMIT_ANONYMOUS: "1000000",
    RATE_LIMIT_AUTHENTICATED: "1000000",
    RATE_LIMIT_PREMIUM: "1000000",
    ...vars,
  };
  const services = createServices(env.ASSETS, createRateLimiter({ log: () => {} }));
  return {
    base: "http://127.0.0.1/api/v1",
    // Deferred work (the limiter's counter writes, batched at most once a second) runs on after
    // the answer, as it does in workerd; nothing here waits for it.
    fetch: (url, init) => handleSite({ request: new Request(url, init), env, waitUntil: (p) => void p.catch(() => {}) }, services),
  };
}

/**
 * Registers hooks that give the file the embedded dataset's site before its tests; returns `call`
 * bound to the function run in-process over it, and the folder (read it, never write it). Without
 * the page (the default) the site is the one shared by every file that asks (sharedEmbeddedSite); with
 * it, the file builds its own into a temporary folder, removed after, so the page's Vite build is
 * always fresh.
 */
export function embeddedInProcess(options: { page?: boolean } = {}) {
  const page = options.page ?? false;
  let siteDir: string | undefined;
  let api: InProcessApi | undefined;
  beforeAll(async () => {
    siteDir = page ? await buildEmbeddedSite("skills-api-unit-", { page }) : await sharedEmbeddedSite();
    api = inProcessApi(siteDir);
  }, 180_000);
  afterAll(() => {
    if (page && siteDir) rmSync(siteDir, { recursive: true, force: true });
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the in-process site is built in beforeAll; use it inside a test or hook");
    return value;
  };
  return {
    call: (path: string, init?: RequestInit): Promise<Answer> => call(path, init, ready(api)),
    siteDir: () => ready(siteDir),
  };
}
