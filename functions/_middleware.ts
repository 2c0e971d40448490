// The deployment's one Pages Function. As root middleware it sees every path `_routes.json` sends to
// functions, whatever its form (a catch-all route would let `//x` fall through to the static files),
// and it never passes a request on. The services (asset cache, rate-limit counters) are created once
// per isolate and live as long as it does.

import { dataAssets } from "../src/api/data-store.js";
import type { ApiEnv } from "../src/api/env.js";
import type { Services } from "../src/api/handle.js";
import { createServices } from "../src/api/services.js";
import { handleSite } from "../src/api/site.js";

interface PagesContext {
  request: Request;
  env: ApiEnv;
  waitUntil(promise: Promise<unknown>): void;
}

let services: Services | undefined;

export const onRequest = (context: PagesContext): Promise<Response> => {
  services ??= createServices(dataAssets(context.env));
  return handleSite({ request: context.request, env: context.env, waitUntil: (p) => context.waitUntil(p) }, services);
};
