// The crawl's progress line and its summary read one figure for the requests left.
import { describe, expect, it } from "vitest";
import { createProgress } from "../../src/ingest/progress.js";
import { RequestLog } from "../../src/ingest/request-log.js";

const rate = (resource: string, remaining: number) => ({
  "x-ratelimit-resource": resource,
  "x-ratelimit-remaining": String(remaining),
  "x-ratelimit-limit": "5000",
  "x-ratelimit-reset": "0",
});

describe("requests left", () => {
  it("is the core budget once seen, not the small search budget beside it", () => {
    const log = new RequestLog();
    log.record("search-code", 200, rate("code_search", 9));
    expect(log.remaining()).toBe(9);
    log.record("tree", 200, rate("core", 4990));
    expect(log.remaining()).toBe(4990);
  });

  it("the progress line shows the figure the summary reports", () => {
    const log = new RequestLog();
    log.record("search-code", 200, rate("code_search", 9));
    log.record("tree", 200, rate("core", 4990));
    const lines: string[] = [];
    const progress = createProgress({
      write: (t) => lines.push(t),
      tty: false,
      now: () => 0,
      stats: () => ({ requests: log.total, remaining: log.remaining() }),
    });
    progress.start("crawl", 1);
    progress.tick();
    expect(lines.at(-1)).toBe("crawl: 1/1 ETA - · 2 requests · rate limit left 4990\n");
  });
});
