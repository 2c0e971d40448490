// Headless Chromium for the page's tests: Debian's `chromium` driven by playwright-core (no
// browser download). Without it the tests are skipped, saying so with the one command that installs
// it (test/support/not-run.ts), and fail in CI.
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Request } from "playwright-core";

export const INSTALL_CHROMIUM = "apt-get install -y chromium";

/** The Chromium binary: $CHROMIUM_PATH, else `chromium` (or `chromium-browser`) on the PATH. */
export function findChromium(env = process.env): string | undefined {
  const candidates = env.CHROMIUM_PATH ? [env.CHROMIUM_PATH] : [];
  for (const dir of (env.PATH ?? "").split(delimiter).filter(Boolean)) {
    candidates.push(join(dir, "chromium"), join(dir, "chromium-browser"));
  }
  return candidates.find((path) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

export async function launchChromium(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(`Chromium is not installed; the page's browser tests need it. Install it with: ${INSTALL_CHROMIUM}`);
  return chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
}

/** Requests each test context has in flight, with when each went, so that it can be closed once they have settled. */
const inFlight = new WeakMap<BrowserContext, Map<Request, number>>();

/**
 * A request held longer than this is reported on stderr, so that a test that timed out says which
 * request its page was waiting on.
 */
const STALL_MS = 15_000;

/**
 * Why `wrangler pages dev` holds a request (workers-sdk's ProxyWorker, wrangler 4.86): the dev proxy
 * forwards each request to the worker over pooled keep-alive connections, and both ends drop an idle
 * connection after 5 s, so a request sent as one is dropped now and then fails (workers-sdk issues
 * 14641 and 14848). For a GET or HEAD the proxy then means to retry once the worker has restarted,
 * and decides whether it restarted by comparing the failed request's whole URL with the worker's
 * origin: they differ for every path but `/`, so the request waits in the retry queue, which is
 * only worked through when another request reaches the proxy. A page blocked on its stylesheet
 * sends none, so it waited until the test timed out and the next test's first request let the
 * stylesheet through (94.9 s in a quiet clean-clone run).
 *
 * A request to the local server unanswered after `NUDGE_MS` is therefore followed by one GET of a
 * static file from Node (no rate-limit budget, no state), which releases a queued request and is
 * harmless otherwise: a request held on purpose by a test's route, or slow on a loaded machine,
 * stays as it is. A request answered soon after such a nudge is reported too.
 */
const NUDGE_MS = 4_000;
const NUDGE_PATH = "/favicon.svg";
const LOCAL = /^https?:\/\/(?:127\.0\.0\.1|localhost)(?::\d+)?\//;

function nudge(url: string): void {
  const target = new URL(NUDGE_PATH, url);
  void fetch(target, { signal: AbortSignal.timeout(10_000) })
    .then((r) => r.arrayBuffer())
    .catch(() => undefined);
}

/**
 * `fetch` from Node to the local server, nudged as a page's request is (above) while it is
 * unanswered: a test's own request to the API after a quiet spell can be held the same way, and no
 * page request would then release it.
 */
export async function localFetch(input: string | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  const watch = setInterval(() => nudge(url), NUDGE_MS);
  try {
    return await fetch(input, init);
  } finally {
    clearInterval(watch);
  }
}

function reportIfStalled(request: Request, since: number | undefined, state: string, nudgedAt?: number): void {
  const now = Date.now();
  const held = since === undefined ? 0 : now - since;
  if (held >= STALL_MS) console.warn(`[browser] ${request.method()} ${request.url()} ${state} after ${(held / 1000).toFixed(1)} s`);
  else if (nudgedAt !== undefined && now - nudgedAt < 2_000 && state === "answered") {
    console.warn(
      `[browser] ${request.method()} ${request.url()} answered ${((now - nudgedAt) / 1000).toFixed(1)} s after a nudge, held ${(held / 1000).toFixed(1)} s`,
    );
  }
}

/**
 * A browser context for a test: its requests tracked (a request to the local server held past
 * `NUDGE_MS` is nudged, see above), a navigation allowed 30 s, and Playwright's 30 s default for
 * every other wait raised to 90 s, because a page served by workerd is slow while the whole suite
 * loads the machine. A navigation is a few static files: one that has not loaded in 30 s is stuck,
 * and failing then leaves the test's one retry (vitest.config.ts) time to run.
 */
export async function testContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  context.setDefaultTimeout(90_000);
  context.setDefaultNavigationTimeout(30_000);
  const requests = new Map<Request, number>();
  const nudged = new Map<Request, number>();
  const settle = (state: string) => (r: Request) => {
    reportIfStalled(r, requests.get(r), state, nudged.get(r));
    requests.delete(r);
    nudged.delete(r);
  };
  context.on("request", (r) => requests.set(r, Date.now()));
  context.on("requestfinished", settle("answered"));
  context.on("requestfailed", settle("failed"));
  const watch = setInterval(() => {
    const now = Date.now();
    for (const [r, since] of requests) {
      const last = nudged.get(r) ?? since;
      if (now - last < NUDGE_MS || !LOCAL.test(r.url())) continue;
      nudged.set(r, now);
      nudge(r.url());
    }
  }, 1_000);
  watch.unref();
  context.on("close", () => clearInterval(watch));
  inFlight.set(context, requests);
  return context;
}

/**
 * Closes a context once its requests have settled (for at most `settleMs`). Closing a page with
 * requests in flight aborts them, and `wrangler pages dev` on a slow machine can mishandle a client's
 * abort (workers-sdk issues 15203 and 15447), stalling or failing a later test's request.
 */
export async function closeSettled(context: BrowserContext, settleMs = 5_000): Promise<void> {
  const requests = inFlight.get(context);
  const until = Date.now() + settleMs;
  while (requests !== undefined && requests.size > 0 && Date.now() < until) await new Promise((ok) => setTimeout(ok, 50));
  for (const [request, since] of requests ?? []) reportIfStalled(request, since, "still unanswered when its test ended");
  requests?.clear();
  await context.close();
}
