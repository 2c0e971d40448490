// Test and benchmark support: builds a site with the search index into a folder, and serves its
// _data/ files to the real AssetStore through a file-backed fetcher (what env.ASSETS does in workerd).
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { build, type BuildReport } from "../../../src/render/build.js";
import type { AssetFetcher } from "../../../src/api/env.js";
import { createAssetStore, type AssetStore } from "../../../src/api/store.js";
import { writeSearchIndex } from "../../../src/search/build-index.js";

export async function buildSite(dataDir: string, outDir: string, log?: (line: string) => void): Promise<BuildReport> {
  return build({ dataDir, outDir, searchIndex: writeSearchIndex, log });
}

/** An ASSETS binding over a built folder: GET a path, get the file or a 404. */
export function folderAssets(siteDir: string): AssetFetcher {
  return {
    async fetch(input) {
      const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
      const path = decodeURIComponent(url.pathname);
      if (path.includes("..")) return new Response("bad path", { status: 400 });
      try {
        return new Response(await readFile(join(siteDir, path)));
      } catch {
        return new Response("not found", { status: 404 });
      }
    },
  };
}

export const folderStore = (siteDir: string, maxBytes?: number): AssetStore => createAssetStore(folderAssets(siteDir), maxBytes);
