// The fixture dataset built into a site and read through the real AssetStore, with the brute-force
// reference over the same records: what the in-process search tests query. The site is built once for
// all the files that ask for it (./site-cache.ts), so they only read it.
import { join } from "node:path";
import { memoOver } from "../../src/api/handle.js";
import type { RequestScope } from "../../src/api/scope.js";
import type { AssetStore } from "../../src/api/store.js";
import { type BuildOptions, build } from "../../src/build/build.js";
import { ApiError } from "../../src/contract/errors.js";
import type { BuildManifest } from "../../src/contract/manifest.js";
import { readDataset } from "../../src/dataset/files.js";
import { folderStore } from "../../src/node/folder-assets.js";
import type { SkillRecord } from "../../src/schemas/dataset.js";
import { writeFixtureDataset } from "./search-fixture.js";
import { type ReferenceIndex, referenceIndex } from "./search-reference.js";
import { cachedSite } from "./site-cache.js";

export interface SearchSite {
  /** The shared site's folder (data/ and site/): read it, never write or remove it. */
  dir: string;
  records: SkillRecord[];
  store: AssetStore;
  manifest: BuildManifest;
  ref: ReferenceIndex;
  /** A request for /api/v1/skills/`path` with `params`, scoped as the function scopes one (memo shared per site). */
  scope(path: "search" | "autocomplete", params: Record<string, string>): RequestScope;
}

/** The fixture dataset's site, built with `options` (shared by every file that asks for the same). */
export async function searchSite(options: Pick<BuildOptions, "listHead" | "search"> = {}): Promise<SearchSite> {
  const dir = await cachedSite("search", options, async (into) => {
    await writeFixtureDataset(join(into, "data"));
    // The page is not searched: its Vite build is left out.
    await build({ dataDir: join(into, "data"), outDir: join(into, "site"), page: false, ...options });
  });
  // The records as the build read them (what writeFixtureDataset wrote, in the same key order).
  const { records } = await readDataset(join(dir, "data"));
  const store = folderStore(join(dir, "site"));
  const manifest = await store.manifest();
  // Deployment-derived values (parameter schemas, search manifest), made once as the function does.
  const memo = new Map<string, unknown>();
  const scope = (path: string, params: Record<string, string>): RequestScope => {
    const url = new URL(`http://localhost/api/v1/skills/${path}`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return { url, request: new Request(url), store, manifest, now: () => performance.now(), memo: memoOver(memo) };
  };
  return { dir, records, store, manifest, ref: referenceIndex(records), scope };
}

/** owner/repo of each result, in order. */
export const repos = (body: { data: { owner: string; repo: string }[] }) => body.data.map((d) => `${d.owner}/${d.repo}`);

/** The ApiError a call rejects with (code, status, message); anything else fails the test. */
export const errorOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return { code: e.code, status: e.status, message: e.message };
    throw e;
  }
  throw new Error("expected an ApiError");
};
