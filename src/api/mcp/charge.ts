// What a POST /mcp costs: the API's rate limiter, with its keys, tiers and budgets, charged once for
// every JSON-RPC request the POST carries (a tool call is one request, a batch of five is five). The
// page's tier never applies here: the page's header is not honoured on /mcp, so a caller is an API
// key's tier or anonymous.
import { PAGE_CLIENT_HEADER } from "../../contract/page-client.js";
import type { ApiContext } from "../env.js";
import type { RateLimiter } from "../rate-limit/index.js";

/** The request as the limiter sees it: its headers, less the page's. */
function withoutPageHeader(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete(PAGE_CLIENT_HEADER);
  return new Request(request.url, { headers });
}

/**
 * Charges `requests` to the caller and returns the rate-limit headers of the last charge; throws the
 * limiter's 429 (or 401 for a bad key) as soon as one is refused. The requests admitted before it
 * stay counted, as they would have been had they come one POST each.
 */
export async function charge(ctx: ApiContext, limiter: RateLimiter, requests: number): Promise<Record<string, string>> {
  const counted = { ...ctx, request: withoutPageHeader(ctx.request) };
  let headers: Record<string, string> = {};
  for (let i = 0; i < requests; i++) headers = await limiter.check(counted);
  return headers;
}
