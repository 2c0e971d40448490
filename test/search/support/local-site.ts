// Test and benchmark support: builds a site with the search index into a folder, and serves its
// _data/ files to the real AssetStore through a file-backed fetcher (what env.ASSETS does in workerd).
import { build, type BuildReport } from "../../../src/render/build.js";
import { folderAssets } from "../../../src/render/folder-assets.js";
import { createAssetStore, type AssetStore } from "../../../src/api/store.js";
import { writeSearchIndex } from "../../../src/search/build-index.js";

export async function buildSite(dataDir: string, outDir: string, log?: (line: string) => void): Promise<BuildReport> {
  return build({ dataDir, outDir, searchIndex: writeSearchIndex, log });
}

export const folderStore = (siteDir: string, maxBytes?: number): AssetStore => createAssetStore(folderAssets(siteDir), maxBytes);
