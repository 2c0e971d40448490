// The browser tests' nudge (test/web/browser.ts), against a loopback server that holds a request the
// way `wrangler pages dev`'s proxy does (docs/TESTING.md): the page's stylesheet is kept in a queue
// that is only worked through when another request reaches the server. The page must load, through
// the nudge alone, well within its navigation timeout, and the release must be reported. Without the
// nudge the load event never fires and `goto` fails after 30 s.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { unlessMissing } from "../support/not-run.js";
import { closeSettled, findChromium, INSTALL_CHROMIUM, launchChromium, localFetch, testContext } from "./browser.js";

// The icon is inline, so the browser itself asks for nothing that would release the queue.
const PAGE = `<!doctype html><html><head><link rel="icon" href="data:,"><link rel="stylesheet" href="/held.css"></head>
<body><h1>held</h1></body></html>`;

interface HoldingServer {
  origin: string;
  /** Every path asked for, in order. */
  seen: string[];
  server: Server;
}

/** `/held.css` waits in a queue that the next request to any path works through first. */
async function holdingServer(): Promise<HoldingServer> {
  const queue: ServerResponse[] = [];
  const seen: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    seen.push(req.url ?? "");
    for (const held of queue.splice(0)) held.writeHead(200, { "content-type": "text/css" }).end("h1 { color: rgb(1, 2, 3); }");
    if (req.url === "/held.css") return void queue.push(res);
    if (req.url === "/") return void res.writeHead(200, { "content-type": "text/html" }).end(PAGE);
    res.writeHead(404).end();
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

const hasChromium = findChromium() !== undefined;
unlessMissing(hasChromium ? undefined : `Chromium is not installed (${INSTALL_CHROMIUM}, or set CHROMIUM_PATH)`);

let browser: Browser;
let site: HoldingServer;
beforeAll(async () => {
  if (!hasChromium) return;
  [browser, site] = await Promise.all([launchChromium(), holdingServer()]);
});
afterAll(async () => {
  await browser?.close();
  site?.server.closeAllConnections();
  await new Promise((ok) => site?.server.close(ok));
});

describe("a request the dev server holds", () => {
  it("is released by the nudge, and the release is reported", async () => {
    const warn = vi.spyOn(console, "warn");
    try {
      const context = await testContext(browser);
      const page = await context.newPage();
      await page.goto(`${site.origin}/`);
      // The stylesheet arrived (the load event waits for it) and applies.
      expect(await page.locator("h1").evaluate((h) => getComputedStyle(h).color)).toBe("rgb(1, 2, 3)");
      // Released by the nudge from Node, not by anything the page asked for.
      expect(site.seen.slice(0, 3)).toEqual(["/", "/held.css", "/favicon.svg"]);
      await closeSettled(context);
      const reports = warn.mock.calls.map((c) => String(c[0]));
      expect(
        reports.some((r) =>
          new RegExp(`^\\[browser\\] GET ${site.origin}/held\\.css answered \\d+\\.\\d s after a nudge, held \\d+\\.\\d s$`).test(r),
        ),
      ).toBe(true);
    } finally {
      warn.mockRestore();
    }
  });

  it("is released by the nudge when a test asks for it from Node too", async () => {
    const from = site.seen.length;
    const started = Date.now();
    const res = await localFetch(`${site.origin}/held.css`);
    expect(await res.text()).toBe("h1 { color: rgb(1, 2, 3); }");
    expect(site.seen.slice(from, from + 2)).toEqual(["/held.css", "/favicon.svg"]);
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
