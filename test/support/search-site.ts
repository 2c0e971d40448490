// The fixture dataset built into a temporary site and read through the real AssetStore, with the
// brute-force reference over the same records: what the in-process search tests query.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { memoOver } from "../../src/api/handle.js";
import type { RequestScope } from "../../src/api/scope.js";
import type { AssetStore } from "../../src/api/store.js";
import { type BuildOptions, build } from "../../src/build/build.js";
import { ApiError } from "../../src/contract/errors.js";
import type { BuildManifest } from "../../src/contract/manifest.js";
import { folderStore } from "../../src/node/folder-assets.js";
import type { SkillRecord } from "../../src/schemas/dataset.js";
import { writeFixtureDataset } from "./search-fixture.js";
import { type ReferenceIndex, referenceIndex } from "./search-reference.js";

export interface SearchSite {
  dir: string;
  records: SkillRecord[];
  store: AssetStore;
  manifest: BuildManifest;
  ref: ReferenceIndex;
  /** A request for /api/v1/skills/`path` with `params`, scoped as the function scopes one (memo shared per site). */
  scope(path: "search" | "autocomplete", params: Record<string, string>): RequestScope;
}

export async function buildSearchSite(prefix: string, options: Pick<BuildOptions, "listHead"> = {}): Promise<SearchSite> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const records = await writeFixtureDataset(join(dir, "data"));
  // The page is not searched: its Vite build is left out.
  await build({ dataDir: join(dir, "data"), outDir: join(dir, "site"), page: false, ...options });
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
