// The one Pages Function: adapts a Pages request to src/api. The services (asset cache, rate-limit
// counters) are created once per isolate and live as long as it does.
import type { ApiEnv } from "../../../src/api/env.js";
import { handleRequest, type Services } from "../../../src/api/handle.js";
import { createAssetStore } from "../../../src/api/store.js";
import { createRateLimiter } from "../../../src/api/rate-limit/index.js";
import { autocompleteEndpoint, searchEndpoint } from "../../../src/search/endpoint.js";

interface PagesContext {
  request: Request;
  env: ApiEnv;
  waitUntil(promise: Promise<unknown>): void;
}

let services: Services | undefined;

export const onRequest = (context: PagesContext): Promise<Response> => {
  services ??= {
    store: createAssetStore(context.env.ASSETS),
    limiter: createRateLimiter(),
    routes: {
      search: async (scope) => ({ body: await searchEndpoint(scope), cache: "search" }),
      autocomplete: async (scope) => ({ body: await autocompleteEndpoint(scope), cache: "search" }),
    },
  };
  return handleRequest({ request: context.request, env: context.env, waitUntil: (p) => context.waitUntil(p) }, services);
};
