// The site built from the embedded dataset (data/ and public/): with the page, into a temporary folder
// (what the served test site runs); without it, once for the in-process suites that only read it.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "../../src/build/build.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { cachedSite } from "./site-cache.js";

/** Builds data/ into a new temporary folder and returns it; the caller removes it. */
export async function buildEmbeddedSite(prefix = "skills-api-site-", options: { page?: boolean } = {}): Promise<string> {
  const siteDir = mkdtempSync(join(tmpdir(), prefix));
  await buildEmbeddedSiteInto(siteDir, options);
  return siteDir;
}

/**
 * The site of data/ without the page, shared by every file that asks (./site-cache.ts): its folder,
 * to read and never to write or remove.
 */
export async function sharedEmbeddedSite(): Promise<string> {
  const options = { page: false };
  return join(await cachedSite("embedded", options, (dir) => buildEmbeddedSiteInto(join(dir, "site"), options)), "site");
}

async function buildEmbeddedSiteInto(siteDir: string, options: { page?: boolean }): Promise<void> {
  await build({ dataDir: join(PROJECT_ROOT, "data"), outDir: siteDir, publicDir: join(PROJECT_ROOT, "public"), ...options });
}
