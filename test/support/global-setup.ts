// Builds the test site once from the embedded dataset and serves it with `wrangler pages dev`
// (high rate limits, so the suites do not trip them); tests read its address with inject("api").
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { build } from "../../src/build/build.js";
import { type PagesDev, startPagesDev } from "../../src/node/pages-dev.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";

declare module "vitest" {
  export interface ProvidedContext {
    api: string;
    siteDir: string;
  }
}

let server: PagesDev | undefined;
let siteDir: string | undefined;

export async function setup(project: TestProject) {
  siteDir = mkdtempSync(join(tmpdir(), "skills-api-site-"));
  await build({
    dataDir: join(PROJECT_ROOT, "data"),
    outDir: siteDir,
    publicDir: join(PROJECT_ROOT, "public"),
  });
  server = await startPagesDev({
    siteDir,
    vars: { RATE_LIMIT_ANONYMOUS: "1000000", RATE_LIMIT_AUTHENTICATED: "1000000", RATE_LIMIT_PREMIUM: "1000000" },
  });
  project.provide("api", server.api);
  project.provide("siteDir", siteDir);
}

export async function teardown() {
  await server?.stop();
  for (const dir of [siteDir, server?.persistTo]) if (dir) rmSync(dir, { recursive: true, force: true });
}
