// The one Pages Function of the API: adapts a Pages request to src/api. The services (asset cache,
// rate-limit counters) are created once per isolate and live as long as it does.
import type { ApiEnv } from "../../../src/api/env.js";
import { handleRequest, type Services } from "../../../src/api/handle.js";
import { createServices } from "../../../src/api/services.js";

interface PagesContext {
  request: Request;
  env: ApiEnv;
  waitUntil(promise: Promise<unknown>): void;
}

let services: Services | undefined;

export const onRequest = (context: PagesContext): Promise<Response> => {
  services ??= createServices(context.env.ASSETS);
  return handleRequest({ request: context.request, env: context.env, waitUntil: (p) => context.waitUntil(p) }, services);
};
