// The services one isolate keeps for its lifetime: the asset cache over env.ASSETS, the rate
// limiter's counters, and the search routes. Created once by the function (and by scripts that run
// the API in-process).
import { autocompleteEndpoint, searchEndpoint } from "../search/endpoint.js";
import type { AssetFetcher } from "./env.js";
import type { RateLimiterLike, Services } from "./handle.js";
import { createRateLimiter } from "./rate-limit/index.js";
import { createAssetStore } from "./store.js";

export function createServices(assets: AssetFetcher, limiter: RateLimiterLike = createRateLimiter()): Services {
  return {
    store: createAssetStore(assets),
    limiter,
    memo: new Map(),
    routes: {
      search: async (scope) => ({ body: await searchEndpoint(scope), cache: "search" }),
      autocomplete: async (scope) => ({ body: await autocompleteEndpoint(scope), cache: "search" }),
    },
  };
}
