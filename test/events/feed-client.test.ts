// The feed reader against a real local HTTP server: a short rate limit is waited out and said at once;
// one longer than a minute ends the read in one line instead of a silent wait.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { FeedError, feedClient, MAX_RATE_LIMIT_WAIT_SECONDS } from "../../src/events/webhooks/feed-client.js";

let server: Server | undefined;
afterEach(() => new Promise<void>((ok) => (server ? server.close(() => ok()) : ok())));

/** Serves the given answers in turn (the last one again once they run out); resolves with the API's base URL. */
async function serve(answers: { status: number; retryAfter?: number }[]): Promise<{ api: string; requests: () => number }> {
  let n = 0;
  server = createServer((_req, res) => {
    const answer = answers[Math.min(n++, answers.length - 1)]!;
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (answer.retryAfter !== undefined) headers["retry-after"] = String(answer.retryAfter);
    res.writeHead(answer.status, headers);
    res.end(
      answer.status === 200
        ? JSON.stringify({ data: [], meta: { next: null, requestId: "r" } })
        : JSON.stringify({ error: { code: "RATE_LIMITED", message: "rate limit exceeded" }, meta: { requestId: "r" } }),
    );
  });
  await new Promise<void>((ok) => server!.listen(0, "127.0.0.1", () => ok()));
  return { api: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/api/v1`, requests: () => n };
}

describe("the feed reader under a rate limit", () => {
  it("says at once how long it waits, then reads the page", async () => {
    const { api, requests } = await serve([{ status: 429, retryAfter: 2 }, { status: 200 }]);
    const waits: string[] = [];
    const slept: number[] = [];
    const feed = feedClient({ api, sleep: async (ms) => void slept.push(ms), onWait: (m) => waits.push(m) });
    const page = await feed.page(null, 10);
    expect(page.data).toEqual([]);
    expect(requests()).toBe(2);
    expect(slept).toEqual([2000]);
    expect(waits).toEqual([`the feed at ${api}/events answered 429 (rate limited); waiting 2 s before try 2 of 4`]);
  });

  it("gives up at once, in one line, when the limit lasts longer than it waits", async () => {
    const long = MAX_RATE_LIMIT_WAIT_SECONDS * 60;
    const { api, requests } = await serve([{ status: 429, retryAfter: long }]);
    const slept: number[] = [];
    const feed = feedClient({ api, sleep: async (ms) => void slept.push(ms) });
    const error = await feed.page(null, 10).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FeedError);
    expect((error as Error).message).toBe(
      `the feed at ${api}/events is rate limited for ${long} s more (RATE_LIMITED: rate limit exceeded); run again then, or send a key with SKILLS_API_KEY for a larger budget`,
    );
    expect(slept).toEqual([]);
    expect(requests()).toBe(1);
  });
});
