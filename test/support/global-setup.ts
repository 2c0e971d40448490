// The served test site of the `workerd` and `python` projects: the embedded dataset built once and
// served by `wrangler pages dev` (high rate limits, so the suites do not trip them); tests read its
// address with inject("api") and its folder with inject("siteDir"). Each project runs this setup,
// and all run in vitest's one main process, so the site lives on globalThis: the first project to
// start builds and serves it, the others reuse it, and the last to finish stops it. Projects that
// do not list this setup (unit, browser, recipes) never build or serve it.
import { rmSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { type PagesDev, startPagesDev } from "../../src/node/pages-dev.js";
import { buildEmbeddedSite } from "./embedded-site.js";

declare module "vitest" {
  export interface ProvidedContext {
    api: string;
    siteDir: string;
  }
}

interface Served {
  users: number;
  ready: Promise<{ server: PagesDev; siteDir: string }>;
}

const KEY = Symbol.for("skills-api.served-test-site");
const shared = globalThis as { [KEY]?: Served };

async function serve(): Promise<{ server: PagesDev; siteDir: string }> {
  const started = performance.now();
  const siteDir = await buildEmbeddedSite();
  const server = await startPagesDev({
    siteDir,
    vars: { RATE_LIMIT_ANONYMOUS: "1000000", RATE_LIMIT_AUTHENTICATED: "1000000", RATE_LIMIT_PREMIUM: "1000000" },
  });
  console.log(`served test site: built and started in ${((performance.now() - started) / 1000).toFixed(1)} s at ${server.api}`);
  return { server, siteDir };
}

export async function setup(project: TestProject) {
  const served = (shared[KEY] ??= { users: 0, ready: serve() });
  served.users++;
  const { server, siteDir } = await served.ready;
  project.provide("api", server.api);
  project.provide("siteDir", siteDir);
}

export async function teardown() {
  const served = shared[KEY];
  if (!served || --served.users > 0) return;
  delete shared[KEY];
  const { server, siteDir } = await served.ready;
  await server.stop();
  for (const dir of [siteDir, server.persistTo]) rmSync(dir, { recursive: true, force: true });
}
