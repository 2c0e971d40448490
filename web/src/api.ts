// The page's client of the API: same-origin reads under /api/v1, marked as the page's own so that
// they count against the page budget (docs/PAGE.md), paced by the token bucket, cached for the life
// of the tab (going back, paging back or retyping a query costs no request), and parsed with the
// same zod schemas the build validates every response with.
import type { z } from "zod";
import { PAGE_CLIENT_HEADER, PAGE_CLIENT_VALUE, PAGE_PACE } from "../../src/contract/page-client.js";
import { ErrorEnvelope } from "../../src/schemas/envelope.js";
import { createPacer } from "./pacer.js";

export const API_BASE = "/api/v1";

/** An error answer of the API, or a network failure (status 0). */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfter = 0,
  ) {
    super(message);
  }
}

const CACHE_SIZE = 300;

export interface ApiClient {
  get<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>>;
  /** A POST without a body (the re-index request): paced like a read, never cached. */
  post<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>>;
}

export function createApiClient(fetcher: typeof fetch = (...args) => fetch(...args)): ApiClient {
  const pacer = createPacer(PAGE_PACE);
  // Answers by path, most recently used last; failures are not kept, so a retry asks again.
  const cache = new Map<string, Promise<unknown>>();

  async function load(path: string, schema: z.ZodType, method = "GET"): Promise<unknown> {
    const wait = pacer.reserve();
    if (wait > 0) await new Promise((ok) => setTimeout(ok, wait));
    let res: Response;
    try {
      res = await fetcher(`${API_BASE}${path}`, { method, headers: { [PAGE_CLIENT_HEADER]: PAGE_CLIENT_VALUE } });
    } catch (error) {
      throw new ApiFailure(0, "NETWORK", error instanceof Error ? error.message : String(error));
    }
    const body: unknown = await res.json().catch(() => undefined);
    if (res.ok) {
      const parsed = schema.safeParse(body);
      if (!parsed.success) throw new ApiFailure(res.status, "BAD_RESPONSE", `unexpected answer from ${path}: ${parsed.error.message}`);
      return parsed.data;
    }
    const envelope = ErrorEnvelope.safeParse(body);
    throw new ApiFailure(
      res.status,
      envelope.success ? envelope.data.error.code : "SERVER_ERROR",
      envelope.success ? envelope.data.error.message : `HTTP ${res.status}`,
      Number(res.headers.get("Retry-After") ?? 0),
    );
  }

  return {
    get<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
      let pending = cache.get(path);
      if (pending) cache.delete(path);
      else {
        pending = load(path, schema);
        pending.catch(() => cache.delete(path));
      }
      cache.set(path, pending);
      while (cache.size > CACHE_SIZE) {
        const oldest = cache.keys().next();
        if (oldest.done) break;
        cache.delete(oldest.value);
      }
      // Each path is always read with the one schema of its endpoint, so a cached answer has its type.
      return pending as Promise<z.output<S>>;
    },
    post<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
      // Parsed by `schema` in load, so the answer has its type.
      return load(path, schema, "POST") as Promise<z.output<S>>;
    },
  };
}
