// The services one isolate keeps for its lifetime: the asset cache over env.ASSETS, the rate
// limiter's counters and, in workerd, the cache of assembled answers (caches.default). Created once by the function (and by scripts that run the API in-process).
import { defaultAnswerCache } from "./answer-cache.js";
import type { AssetFetcher } from "./env.js";
import type { Services } from "./handle.js";
import { createRateLimiter, type RateLimiter } from "./rate-limit/index.js";
import { createAssetStore } from "./store.js";

export function createServices(assets: AssetFetcher, limiter: RateLimiter = createRateLimiter()): Services {
  return { store: createAssetStore(assets), limiter, memo: new Map(), answers: defaultAnswerCache() };
}
