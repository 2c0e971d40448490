// Reads the deployed API's own events feed (GET /events), so subscribers hear only what is live.
// The key in SKILLS_API_KEY raises the rate limit; a 429 or 5xx is waited out a few times, each wait said
// at once (onWait), and a rate limit that would keep the command waiting longer than a minute ends it
// with a line that says how long and what to do instead.
import { z } from "zod";
import { ErrorEnvelope } from "../../schemas/envelope.js";
import { SkillEvent } from "../../schemas/events.js";

export const FeedPage = z
  .object({ data: z.array(SkillEvent), meta: z.object({ next: z.string().nullable() }).passthrough() })
  .passthrough();
export type FeedPage = z.infer<typeof FeedPage>;

export class FeedError extends Error {
  constructor(
    message: string,
    /** The feed no longer knows the cursor (pruned) or never did. */
    readonly unknownCursor = false,
  ) {
    super(message);
  }
}

export interface FeedReader {
  /** Events strictly after `since` (null: from the oldest retained), at most `limit`. */
  page(since: string | null, limit: number): Promise<FeedPage>;
}

export interface FeedClientOptions {
  api: string;
  apiKey?: string;
  sleep: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
  /** Told before every wait, with its length (for a command's progress output). */
  onWait?: (message: string) => void;
}

/** The longest Retry-After a command waits out; past it the read fails at once. */
export const MAX_RATE_LIMIT_WAIT_SECONDS = 60;

export function feedClient(opts: FeedClientOptions): FeedReader {
  const doFetch = opts.fetch ?? fetch;
  const base = opts.api.replace(/\/+$/, "");
  // Subscriptions that share a cursor share the page within a run.
  const pages = new Map<string, Promise<FeedPage>>();
  async function load(since: string | null, limit: number): Promise<FeedPage> {
    const url = `${base}/events?limit=${limit}${since ? `&since=${encodeURIComponent(since)}` : ""}`;
    for (let attempt = 1; ; attempt++) {
      let res: Response;
      try {
        res = await doFetch(url, {
          headers: opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {},
          redirect: "error",
          signal: AbortSignal.timeout(30_000),
        });
      } catch (e) {
        if (attempt >= 4) throw new FeedError(`cannot read the feed at ${base}/events: ${(e as Error).message}`);
        await opts.sleep(1000 * attempt);
        continue;
      }
      const text = await res.text();
      if (res.ok) return FeedPage.parse(JSON.parse(text));
      const error = ErrorEnvelope.safeParse(safeJson(text));
      const message = error.success ? `${error.data.error.code}: ${error.data.error.message}` : `HTTP ${res.status}`;
      if (res.status === 400 && since && error.success && /since/.test(error.data.error.message)) throw new FeedError(message, true);
      if ((res.status === 429 || res.status >= 500) && attempt < 4) {
        const retryAfter = Number(res.headers.get("retry-after"));
        const seconds = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : attempt;
        if (res.status === 429 && seconds > MAX_RATE_LIMIT_WAIT_SECONDS)
          throw new FeedError(
            `the feed at ${base}/events is rate limited for ${seconds} s more (${message}); run again then, or send a key with SKILLS_API_KEY for a larger budget`,
          );
        opts.onWait?.(
          `the feed at ${base}/events answered ${res.status === 429 ? "429 (rate limited)" : `HTTP ${res.status}`}; waiting ${seconds} s before try ${attempt + 1} of 4`,
        );
        await opts.sleep(seconds * 1000);
        continue;
      }
      throw new FeedError(`the feed at ${base}/events answered ${message}`);
    }
  }
  return {
    page(since, limit) {
      const key = `${since ?? ""}|${limit}`;
      let p = pages.get(key);
      if (!p) {
        p = load(since, limit);
        pages.set(key, p);
        p.catch(() => pages.delete(key));
      }
      return p;
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A feed over a list of events with the served feed's paging rules (benchmarks, tests of the engine). */
export function memoryFeed(events: readonly SkillEvent[]): FeedReader {
  return {
    async page(since, limit) {
      const start = since === null ? 0 : events.findIndex((e) => e.id === since) + 1;
      if (since !== null && start === 0) throw new FeedError(`unknown event ${since}`, true);
      const data = events.slice(start, start + limit);
      return { data, meta: { next: start + limit < events.length ? data.at(-1)!.id : null } };
    },
  };
}
