// Serves a built site folder the way env.ASSETS does in workerd (GET a path -> the file or a 404),
// so scripts and benchmarks can run the API in-process over a build.
import { readFile } from "node:fs/promises";
import type { AssetFetcher } from "../api/env.js";
import { type AssetStore, createAssetStore } from "../api/store.js";
import { ensureWithin } from "../build/output.js";

export function folderAssets(siteDir: string): AssetFetcher {
  return {
    async fetch(input) {
      const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
      try {
        return new Response(await readFile(ensureWithin(siteDir, decodeURIComponent(url.pathname).replace(/^\/+/, ""))));
      } catch {
        return new Response("not found", { status: 404 });
      }
    },
  };
}

/** The function's asset store over a built site folder, for tests and benchmarks that search in-process. */
export const folderStore = (siteDir: string, maxBytes?: number): AssetStore => createAssetStore(folderAssets(siteDir), maxBytes);
