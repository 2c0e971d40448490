// The one function in front of the whole deployment (`_routes.json` sends it every path but the
// page's own static files): the API under /api/v1, the MCP server at /mcp, the page's index.html for the page's routes, its
// 404.html for other paths, and the JSON 404 for every other spelling of /api or /_data. Files reach
// a caller only through ASSETS requests built here from fixed paths, never from the request's path.
import type { ApiContext } from "./env.js";
import { handleRequest, outsideApi, type Services } from "./handle.js";
import { handleMcp } from "./mcp/endpoint.js";
import { withPageHeaders } from "./page-policy.js";
import { classifyPath } from "./site-paths.js";

const ASSET_ORIGIN = "https://assets.invalid";
/** The page's entry point, as the asset server serves it (it redirects /index.html to /). */
const PAGE_ENTRY = "/";
/**
 * A path no build writes: the asset server answers it with the page's 404.html and status 404 when
 * that file exists (and with index.html and 200, or an empty 404, when it does not).
 */
const MISSING_PROBE = "/_no-such-file";

/** Request headers passed on to the asset server: only what revalidation needs. */
const CONDITIONAL = ["If-None-Match", "If-Modified-Since"];

async function pageFile(ctx: ApiContext, path: string): Promise<Response> {
  const headers = new Headers();
  for (const name of CONDITIONAL) {
    const value = ctx.request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const method = ctx.request.method === "HEAD" ? "HEAD" : "GET";
  return ctx.env.ASSETS.fetch(new Request(`${ASSET_ORIGIN}${path}`, { method, headers, redirect: "manual" }));
}

const isHtml = (res: Response) => (res.headers.get("Content-Type") ?? "").startsWith("text/html");

/** The page's 404.html with status 404, or the JSON 404 when the deployment has no such page. */
async function notFoundPage(ctx: ApiContext, pathname: string): Promise<Response> {
  const res = await pageFile(ctx, MISSING_PROBE);
  if (res.status === 404 && isHtml(res)) return withPageHeaders(res);
  await res.body?.cancel();
  return outsideApi(pathname);
}

export async function handleSite(ctx: ApiContext, services: Services): Promise<Response> {
  const { pathname } = new URL(ctx.request.url);
  switch (classifyPath(pathname)) {
    case "api":
      return handleRequest(ctx, services);
    case "mcp":
      return handleMcp(ctx, services);
    case "reserved":
      return outsideApi(pathname);
    case "page": {
      const res = await pageFile(ctx, PAGE_ENTRY);
      if (res.status === 304 || (res.status === 200 && isHtml(res))) return withPageHeaders(res);
      await res.body?.cancel();
      return notFoundPage(ctx, pathname);
    }
    case "other":
      return notFoundPage(ctx, pathname);
  }
}
