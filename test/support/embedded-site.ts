// The site built from the embedded dataset (data/ and public/, the page included) into a temporary
// folder: what the served test site runs, and what in-process suites read without a server.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "../../src/build/build.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";

/** Builds data/ into a new temporary folder and returns it; the caller removes it. */
export async function buildEmbeddedSite(prefix = "skills-api-site-", options: { page?: boolean } = {}): Promise<string> {
  const siteDir = mkdtempSync(join(tmpdir(), prefix));
  await build({ dataDir: join(PROJECT_ROOT, "data"), outDir: siteDir, publicDir: join(PROJECT_ROOT, "public"), ...options });
  return siteDir;
}
