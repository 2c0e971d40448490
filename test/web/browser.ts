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
 * A request held longer than this is reported on stderr. Under load `wrangler pages dev` now and then
 * holds one answer (a static file as much as an API call) until the client goes away: a test then
 * times out, and the report says which request its page was waiting on.
 */
const STALL_MS = 15_000;

function reportIfStalled(request: Request, since: number | undefined, state: string): void {
  const held = since === undefined ? 0 : Date.now() - since;
  if (held >= STALL_MS) console.warn(`[browser] ${request.method()} ${request.url()} ${state} after ${(held / 1000).toFixed(1)} s`);
}

/**
 * A browser context for a test: its requests tracked, and Playwright's 30 s default wait raised to
 * 90 s, because a page served by workerd is slow while the whole suite loads the machine.
 */
export async function testContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  context.setDefaultTimeout(90_000);
  const requests = new Map<Request, number>();
  const settle = (state: string) => (r: Request) => {
    reportIfStalled(r, requests.get(r), state);
    requests.delete(r);
  };
  context.on("request", (r) => requests.set(r, Date.now()));
  context.on("requestfinished", settle("answered"));
  context.on("requestfailed", settle("failed"));
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
