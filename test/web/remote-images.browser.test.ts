// The page's image policy in Chromium: a SKILL.md that embeds images from an "attacker" host (an
// https server on loopback that records every request) makes no request to it until the visitor
// presses "load image from HOST", and then only for that image; the page's Content-Security-Policy
// arrives as an HTTP header, on the page and on static files alike, and forbids framing the page.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer as createHttpServer, type IncomingHttpHeaders, type Server } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_CSP } from "../../src/api/page-policy.js";
import { closeSettled, launchChromium, localFetch, testContext } from "./browser.js";
import { remoteImageRecord, TRACKER_OWNER, TRACKER_REPO } from "./fixtures/remote-image-skill.js";
import { type PageSite, startPageSite } from "./site.js";

const PIXEL = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

interface Hit {
  path: string;
  headers: IncomingHttpHeaders;
}

let work: string;
let attacker: Server;
let attackerOrigin: string;
let framer: Server;
let framerOrigin: string;
let site: PageSite;
let browser: Browser;
const hits: Hit[] = [];

const listen = async (server: Server) => {
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  return (server.address() as AddressInfo).port;
};

/** A self-signed certificate for 127.0.0.1, made for this run (the browser context ignores that it is self-signed). */
function certificate(dir: string): { key: Buffer; cert: Buffer } {
  const key = join(dir, "key.pem");
  const cert = join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-keyout",
      key,
      "-out",
      cert,
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
    ],
    { stdio: "ignore" },
  );
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "remote-images-"));
  attacker = createHttpsServer(certificate(work), (req, res) => {
    hits.push({ path: req.url ?? "", headers: req.headers });
    res.writeHead(200, { "content-type": "image/png", "cache-control": "no-store" });
    res.end(PIXEL);
  });
  attackerOrigin = `https://127.0.0.1:${await listen(attacker)}`;
  [site, browser] = await Promise.all([startPageSite([remoteImageRecord(attackerOrigin)]), launchChromium()]);
  // Another site that frames the page, and (as a control) a page of its own.
  framer = createHttpServer((req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    if (req.url === "/own") return res.end("<p id=own>framed fine</p>");
    res.end(`<iframe id=own src="/own"></iframe><iframe id=directory src="${site.origin}/"></iframe>`);
  });
  framerOrigin = `http://127.0.0.1:${await listen(framer)}`;
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  attacker?.closeAllConnections();
  await new Promise((ok) => attacker?.close(ok));
  await new Promise((ok) => framer?.close(ok));
  rmSync(work, { recursive: true, force: true });
});

async function open(path: string): Promise<{ page: Page; console: string[] }> {
  const context = await testContext(browser, { ignoreHTTPSErrors: true, locale: "en-US" });
  const page = await context.newPage();
  const console: string[] = [];
  page.on("console", (m) => console.push(m.text()));
  await page.goto(`${site.origin}${path}`);
  return { page, console };
}

const paths = () => hits.map((h) => h.path).sort();

describe("images of a SKILL.md from another host", () => {
  it("are not loaded until the visitor asks, and then only the one asked for", async () => {
    hits.length = 0;
    const { page } = await open(`/skills/${TRACKER_OWNER}/${TRACKER_REPO}`);
    const md = page.locator("#skill-md");
    await md.locator("strong", { hasText: "still rendered" }).waitFor();
    // Give lazy images, prefetches and pings every chance to go out.
    await page.mouse.wheel(0, 5000);
    await page.waitForTimeout(1500);
    expect(paths()).toEqual([]);

    const host = new URL(attackerOrigin).host;
    const buttons = md.locator(".remote-image button");
    expect(await buttons.allInnerTexts()).toEqual(Array(5).fill(`load image from ${host}`));
    expect(await md.locator(".remote-image-alt").allInnerTexts()).toEqual([
      "a tracking pixel",
      "raw html image",
      "plain http image",
      "picture",
      "a linked image",
    ]);
    expect(await md.locator("img[src], picture, source, video, audio, link, [srcset], [poster], [background], [ping]").count()).toBe(0);
    // The image with a srcset and no src is left with no source at all: its alt text shows.
    expect(await md.locator("img").evaluateAll((all) => all.map((i) => i.outerHTML))).toEqual(['<img alt="srcset only" loading="lazy">']);

    // The first image, on request: loaded, shown, without a referrer.
    await md.locator(".remote-image", { hasText: "a tracking pixel" }).locator("button").click();
    await expect.poll(paths).toEqual(["/markdown.png"]);
    const img = md.locator('img[alt="a tracking pixel"]');
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(1);
    expect(await img.getAttribute("title")).toBe("pixel title");
    expect(hits[0]?.headers.referer).toBeUndefined();

    // A plain http image is asked for over https (the attacker host speaks https only).
    await md.locator(".remote-image", { hasText: "plain http image" }).locator("button").click();
    await expect.poll(paths).toEqual(["/markdown.png", "/plain-http.png"]);

    // An image inside a link: its alt text stays in the link and its button follows the link (a
    // button may not sit inside a link); the image loads in place, inside the link.
    expect(await md.locator("a button, a .remote-image").count()).toBe(0);
    const before = page.url();
    await md.locator("a:has(.remote-image-alt) + .remote-image button").click();
    await expect.poll(paths).toEqual(["/linked.png", "/markdown.png", "/plain-http.png"]);
    expect(await md.locator('a[href="https://example.com/"] img[alt="a linked image"]').count()).toBe(1);
    expect(page.url()).toBe(before);
    expect(await buttons.count()).toBe(2);
    await closeSettled(page.context());
  });
});

describe("the page's Content-Security-Policy", () => {
  it("is an HTTP header on the page, its 404 page and its static files", async () => {
    for (const path of ["/", `/skills/${TRACKER_OWNER}/${TRACKER_REPO}`, "/no/such/page", "/favicon.svg"]) {
      const res = await localFetch(`${site.origin}${path}`);
      await res.body?.cancel();
      expect(res.headers.get("content-security-policy"), path).toBe(PAGE_CSP);
      expect(res.headers.get("x-frame-options"), path).toBe("DENY");
    }
    expect(PAGE_CSP).toContain("frame-ancestors 'none'");
    expect(PAGE_CSP).toContain("img-src 'self' data: https:");
  });

  it("keeps another site from framing the page", async () => {
    const context = await testContext(browser);
    const page = await context.newPage();
    const console: string[] = [];
    page.on("console", (m) => console.push(m.text()));
    await page.goto(framerOrigin);
    const own = page.frameLocator("#own");
    await own.locator("#own").waitFor(); // the control: framing itself works
    await expect.poll(() => console.some((m) => /frame-ancestors 'none'/.test(m))).toBe(true);
    const directory = page.frames().find((f) => f !== page.mainFrame() && !f.url().endsWith("/own"));
    expect(directory?.url()).not.toContain(site.origin);
    await closeSettled(context);
  });
});
