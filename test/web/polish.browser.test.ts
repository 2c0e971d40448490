// The page's states around the API, in real headless Chromium against the site served by
// `wrangler pages dev`: a loading indicator while answers are held back, an error state in words
// with a retry that works (an error envelope, an unreachable API, a 429 with Retry-After), owners'
// initials when avatars cannot load, and install commands that wrap on a 390-pixel phone.
// Requests are held, failed or blocked with playwright's routing; no screenshots are compared.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Browser, BrowserContext, Page, Route } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { ErrorEnvelope, SkillListEnvelope } from "../../src/schemas/envelope.js";
import { avatarColour, initialsOf } from "../../web/src/avatar.js";
import { closeSettled, launchChromium, localFetch, testContext } from "./browser.js";
import { type PageSite, startPageSite } from "./site.js";

const AXE_SOURCE = createRequire(import.meta.url)("axe-core").source as string;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const API = /\/api\/v1\//;
const REMOTE = /^https?:\/\/(?!127\.0\.0\.1)/;
// A transparent pixel for the one test where avatars do load.
const PIXEL = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

interface Listed {
  owner: string;
  repo: string;
  author: { name: string };
  installCommands: Record<string, string>;
}
const listed: Listed[] = readFileSync(join(PROJECT_ROOT, "data", "skills.jsonl"), "utf8")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line) as Listed);
const longest = (score: (command: string) => number) =>
  listed.reduce((best, s) =>
    Math.max(...Object.values(s.installCommands).map(score)) > Math.max(...Object.values(best.installCommands).map(score)) ? s : best,
  );

let site: PageSite;
let browser: Browser;
const contexts: BrowserContext[] = [];
let problems: string[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  site = await startPageSite();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

afterEach(async () => {
  for (const c of contexts.splice(0)) await closeSettled(c);
  // Failed and refused requests are what these tests make happen; Chromium logs each as a failed
  // resource. Anything else on the console, or any page error, fails the test.
  const seen = problems.filter((p) => !/Failed to load resource/.test(p));
  problems = [];
  expect(seen, "console errors and page errors").toEqual([]);
});

interface Options {
  viewport?: { width: number; height: number };
  dark?: boolean;
  bypassCSP?: boolean;
  clipboard?: boolean;
  /** What happens to remote images (avatars): served a pixel, answered 404, or refused as offline. */
  images?: "pixel" | "404" | "offline";
}

async function context(options: Options = {}): Promise<BrowserContext> {
  const ctx = await testContext(browser, {
    viewport: options.viewport ?? DESKTOP,
    colorScheme: options.dark ? "dark" : "light",
    bypassCSP: options.bypassCSP ?? false,
    locale: "en-US",
  });
  contexts.push(ctx);
  if (options.clipboard) await ctx.grantPermissions(["clipboard-read", "clipboard-write"], { origin: site.origin });
  const images = options.images ?? "pixel";
  await ctx.route(REMOTE, (route) =>
    images === "offline"
      ? route.abort("internetdisconnected")
      : images === "404"
        ? route.fulfill({ status: 404, contentType: "text/plain", body: "Not Found" })
        : route.fulfill({ status: 200, contentType: "image/png", body: PIXEL }),
  );
  return ctx;
}

async function pageOf(ctx: BrowserContext): Promise<Page> {
  const page = await ctx.newPage();
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`${page.url()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`pageerror ${page.url()}: ${e.message}`));
  return page;
}

/** Holds every API request until released; `hold()` starts holding again. */
async function holdApi(ctx: BrowserContext) {
  const held: Route[] = [];
  let holding = true;
  await ctx.route(API, (route) => (holding ? void held.push(route) : route.continue()));
  return {
    held,
    hold: () => {
      holding = true;
    },
    release: async () => {
      holding = false;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

async function axeSerious(page: Page): Promise<unknown[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(ctx: Document, o: object): Promise<{ violations: { id: string; impact?: string; nodes: { target: unknown }[] }[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
    });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target).slice(0, 3) }));
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** A real error envelope from the API (an invalid sort), to serve where the test needs one. */
async function realErrorEnvelope() {
  const res = await localFetch(`${site.origin}/api/v1/skills?sort=nonsense`, { headers: { "X-Skills-Client": "page" } });
  expect(res.status).toBe(400);
  return ErrorEnvelope.parse(await res.json());
}

describe("the page's loading state", () => {
  it("shows a busy, labelled indicator in main until the first answer, and on a view change that waits", async () => {
    const ctx = await context();
    const api = await holdApi(ctx);
    const page = await pageOf(ctx);
    await page.goto(`${site.origin}/`);
    await expect.poll(() => api.held.length).toBeGreaterThan(0);
    const main = page.locator("main");
    const indicator = main.locator(".loading[role=status]");
    await indicator.waitFor();
    expect(await indicator.innerText()).toBe("Loading skills…");
    expect(await indicator.isVisible()).toBe(true);
    expect(await main.getAttribute("aria-busy")).toBe("true");
    expect(await page.locator(".cards li").count()).toBe(0);

    await api.release();
    await page.locator(".cards li").first().waitFor();
    await expect.poll(() => main.getAttribute("aria-busy")).toBeNull();
    expect(await indicator.count()).toBe(0);

    // A skill page waits on its own answers: the indicator replaces the list at once.
    api.hold();
    await page.locator(".cards h3 a").first().click();
    await expect.poll(() => api.held.length).toBeGreaterThan(0);
    await indicator.waitFor();
    expect(await main.getAttribute("aria-busy")).toBe("true");
    expect(await main.locator(".cards").count()).toBe(0);
    await api.release();
    await page.locator(".skill h1").waitFor();
    await expect.poll(() => main.getAttribute("aria-busy")).toBeNull();
  });
});

describe("the page's error state", () => {
  it("says the API's message, and its retry loads the list", async () => {
    const envelope = await realErrorEnvelope();
    let failing = true;
    const ctx = await context({ bypassCSP: true });
    await ctx.route(/\/api\/v1\/skills\?/, (route) =>
      failing ? route.fulfill({ status: 400, contentType: "application/json", body: JSON.stringify(envelope) }) : route.continue(),
    );
    const page = await pageOf(ctx);
    await page.goto(`${site.origin}/`);
    const alert = page.locator("main .error[role=alert]");
    await alert.waitFor();
    expect(await alert.locator(".error-message").innerText()).toBe(envelope.error.message);
    expect(await page.locator("main").getAttribute("aria-busy")).toBeNull();
    expect(await axeSerious(page)).toEqual([]);

    failing = false;
    await alert.getByRole("button", { name: "Try again" }).click();
    await page.locator(".cards li").first().waitFor();
    const list = SkillListEnvelope.parse(await (await localFetch(`${site.origin}/api/v1/skills?limit=1`)).json());
    expect(await page.locator(".count").innerText()).toContain(String(list.pagination.total));
    expect(await alert.count()).toBe(0);
  });

  it("says the directory could not be reached when the request fails, and retries", async () => {
    let offline = true;
    const ctx = await context();
    await ctx.route(API, (route) => (offline ? route.abort("internetdisconnected") : route.continue()));
    const page = await pageOf(ctx);
    // Aborted requests can keep the load event from firing; the test waits on the view instead.
    await page.goto(`${site.origin}/skills/anvil-dev/pdf`, { waitUntil: "domcontentloaded" });
    const alert = page.locator("main .error[role=alert]");
    await alert.waitFor();
    expect(await alert.innerText()).toContain("The directory could not be reached");
    offline = false;
    await alert.getByRole("button", { name: "Try again" }).click();
    await expect.poll(() => page.locator(".skill h1").textContent()).toBe("pdf");
  });

  it("says when to retry after a 429, from Retry-After", async () => {
    const base = await realErrorEnvelope();
    const limited = ErrorEnvelope.parse({
      ...base,
      error: { code: "RATE_LIMITED", message: "Rate limit exceeded for this address." },
    });
    const ctx = await context();
    await ctx.route(API, (route) =>
      route.fulfill({ status: 429, headers: { "Retry-After": "37" }, contentType: "application/json", body: JSON.stringify(limited) }),
    );
    const page = await pageOf(ctx);
    await page.goto(`${site.origin}/categories`);
    const alert = page.locator("main .error[role=alert]");
    await alert.waitFor();
    expect(await alert.locator(".error-message").innerText()).toBe("Too many requests for now; try again in 37 seconds.");
    expect(await alert.locator(".error-detail").innerText()).toBe(limited.error.message);
    expect(await alert.getByRole("button", { name: "Try again" }).isEnabled()).toBe(true);
  });
});

describe("avatars", () => {
  const owner = listed.find((s) => s.owner === "anvil-dev" && s.repo === "pdf")?.author.name ?? "anvil-dev";

  for (const mode of ["offline", "404"] as const) {
    it(`falls back to the owner's initials in a coloured circle when the picture is ${mode}`, async () => {
      for (const dark of [false, true]) {
        const page = await pageOf(await context({ images: mode, dark, bypassCSP: true }));
        // Refused requests can keep the load event from firing; the test waits on the view instead.
        await page.goto(`${site.origin}/skills/anvil-dev/pdf`, { waitUntil: "domcontentloaded" });
        await page.locator(".skill h1").waitFor();
        const circle = page.locator(".skill-head .avatar.initials");
        await circle.waitFor();
        expect(await page.locator(".skill-head img").count()).toBe(0);
        expect(await circle.innerText()).toBe(initialsOf(owner));
        expect(await circle.boundingBox()).toMatchObject({ width: 64, height: 64 });
        const style = await circle.evaluate((el, colour) => {
          const probe = document.createElement("span");
          probe.style.backgroundColor = colour;
          document.body.append(probe);
          const expected = getComputedStyle(probe).backgroundColor;
          probe.remove();
          const s = getComputedStyle(el);
          return { background: s.backgroundColor, expected, radius: s.borderRadius };
        }, avatarColour(owner));
        expect(style.background).toBe(style.expected);
        expect(style.radius).toBe("50%");
        // No broken image anywhere on the page.
        expect(await page.evaluate(() => [...document.images].filter((i) => i.complete && i.naturalWidth === 0).length)).toBe(0);
        await page.locator("#skill-md h2, #skill-md p").first().waitFor();
        expect(await axeSerious(page)).toEqual([]);
      }
    });
  }

  it("keeps the picture when it loads", async () => {
    const page = await pageOf(await context({ images: "pixel" }));
    await page.goto(`${site.origin}/skills/anvil-dev/pdf`);
    await page.locator(".skill h1").waitFor();
    await expect.poll(() => page.locator(".skill-head img.avatar").evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(1);
    expect(await page.locator(".avatar.initials").count()).toBe(0);
  });
});

describe("install commands on a phone", () => {
  const skills = [longest((c) => c.length), longest((c) => Math.max(...c.split(" ").map((w) => w.length)))];

  for (const skill of skills) {
    it(`wraps ${skill.owner}/${skill.repo}'s commands at 390 px with a usable copy button`, async () => {
      const page = await pageOf(await context({ viewport: PHONE, clipboard: true }));
      await page.goto(`${site.origin}/skills/${skill.owner}/${skill.repo}`);
      await page.locator(".installs li").first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      const rows = page.locator(".installs li");
      expect(await rows.count()).toBe(Object.keys(skill.installCommands).length);
      for (const row of await rows.all()) {
        const platform = (await row.getAttribute("data-platform")) ?? "";
        const code = row.locator("code");
        expect(await code.innerText()).toBe(skill.installCommands[platform]);
        const fits = await code.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
        expect(fits.scroll, `${platform} command clipped`).toBeLessThanOrEqual(fits.client);
        const button = row.locator("button.copy");
        const box = await button.boundingBox();
        const codeBox = await code.boundingBox();
        expect(box && codeBox).toBeTruthy();
        if (!box || !codeBox) continue;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
        expect(box.width).toBeGreaterThanOrEqual(24);
        expect(codeBox.x + codeBox.width).toBeLessThanOrEqual(box.x);
      }
      // The copy button still copies the whole command.
      const first = rows.first();
      const platform = (await first.getAttribute("data-platform")) ?? "";
      await first.locator("button.copy").click();
      await expect.poll(() => first.locator(".copy-status").textContent()).toBe("Copied");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(skill.installCommands[platform]);
    });
  }
});
