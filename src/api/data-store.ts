// Where the function reads the built data (dist/_data) from, chosen by configuration: the Pages
// deployment's own static assets (env.ASSETS, the default), or an R2 bucket bound as DATA when
// DATA_STORE is "r2", for directories whose data outgrows Pages' file limits
// (https://developers.cloudflare.com/pages/platform/limits/; docs/SCALE.md says when).
// Either way the reader sees the same AssetFetcher: a GET of /_data/<path> answering the file's bytes.
import { DATA_PREFIX } from "../contract/paths.js";
import type { ApiEnv, AssetFetcher, R2BucketLike } from "./env.js";

/** An AssetFetcher over an R2 bucket: object key = the URL path without its leading slash. */
export function r2Assets(bucket: R2BucketLike): AssetFetcher {
  return {
    async fetch(input) {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const key = decodeURIComponent(url.pathname.slice(1));
      if (!key.startsWith(`${DATA_PREFIX}/`)) return new Response(null, { status: 404 });
      const object = await bucket.get(key);
      return object ? new Response(await object.arrayBuffer()) : new Response(null, { status: 404 });
    },
  };
}

/** The configured store of the data folder; a misconfiguration fails loudly on the first request. */
export function dataAssets(env: Pick<ApiEnv, "ASSETS" | "DATA_STORE" | "DATA">): AssetFetcher {
  const store = env.DATA_STORE ?? "assets";
  if (store === "assets") return env.ASSETS;
  if (store === "r2") {
    if (!env.DATA) throw new Error("DATA_STORE is r2 but no R2 bucket is bound as DATA");
    return r2Assets(env.DATA);
  }
  throw new Error(`DATA_STORE must be "assets" or "r2", not ${JSON.stringify(store)}`);
}
