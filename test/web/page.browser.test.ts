// The browsable page in real headless Chromium against the site served by `wrangler pages dev`:
// search with autocomplete by keyboard, filters and pages in the URL and the back button, skill
// pages (rendered SKILL.md, copy buttons, collections), categories, the locale switch, a hostile
// SKILL.md kept inert, the 404 page, axe-core, phone and desktop layouts, and the page's own rate
// budget. Every test fails on a console error. Screenshots go to .tmp/page-screenshots/.
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { platforms } from "../../data/platforms.json";
import { DEMO_NOTICE } from "../../src/contract/demo-data.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import {
  CategoryDetailEnvelope,
  CategoryListEnvelope,
  SearchEnvelope,
  SkillContentEnvelope,
  SkillDetailEnvelope,
  SkillListEnvelope,
  SkillStatsEnvelope,
  StatusEnvelope,
  SuggestionEnvelope,
} from "../../src/schemas/envelope.js";
import { unlessMissing } from "../support/not-run.js";
import { closeSettled, findChromium, INSTALL_CHROMIUM, launchChromium, localFetch, testContext } from "./browser.js";
import { HOSTILE_OWNER, HOSTILE_REPO } from "./fixtures/hostile-skill.js";
import { type PageSite, startPageSite } from "./site.js";

const SHOTS = join(PROJECT_ROOT, ".tmp", "page-screenshots");
const AXE_SOURCE = createRequire(import.meta.url)("axe-core").source as string;
const PLATFORM_NAMES = new Map(platforms.map((p) => [p.id, p.name]));
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const PAGE_HEADERS = { "X-Skills-Client": "page" };
// A transparent pixel stands in for avatars and other remote images: the tests run offline.
const PIXEL = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

let site: PageSite;
let browser: Browser;
const contexts: BrowserContext[] = [];
let problems: string[] = [];
/** Console errors a test expects (a 404 the browser logs, CSP reports of blocked markup); all others fail it. */
let expected: RegExp[] = [];

const hasChromium = findChromium() !== undefined;
unlessMissing(hasChromium ? undefined : `Chromium is not installed (${INSTALL_CHROMIUM}, or set CHROMIUM_PATH)`);

beforeAll(async () => {
  if (!hasChromium) return;
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchChromium();
  site = await startPageSite();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

afterEach(async () => {
  for (const c of contexts.splice(0)) await closeSettled(c);
  const seen = problems.filter((p) => !expected.some((e) => e.test(p)));
  problems = [];
  expected = [];
  expect(seen, "console errors and page errors").toEqual([]);
});

/** The API's answer, validated by its schema and read as the page reads it (its budget), for what the page must show. */
async function api<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
  const res = await localFetch(`${site.origin}/api/v1${path}`, { headers: PAGE_HEADERS });
  expect(res.status, path).toBe(200);
  return schema.parse(await res.json());
}

interface OpenOptions {
  viewport?: { width: number; height: number };
  dark?: boolean;
  clipboard?: boolean;
  /** For axe-core only: its script is injected inline, which the page's CSP refuses. */
  bypassCSP?: boolean;
}

async function open(path: string, options: OpenOptions = {}): Promise<Page> {
  const context = await testContext(browser, {
    bypassCSP: options.bypassCSP ?? false,
    viewport: options.viewport ?? DESKTOP,
    colorScheme: options.dark ? "dark" : "light",
    locale: "en-US",
  });
  contexts.push(context);
  if (options.clipboard) await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: site.origin });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.fulfill({ status: 200, contentType: "image/png", body: PIXEL }));
  const page = await context.newPage();
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`${page.url()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`pageerror ${page.url()}: ${e.message}`));
  await page.goto(`${site.origin}${path}`);
  return page;
}

const repos = (page: Page) => page.locator(".cards .repo").allInnerTexts();
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

describe("the directory page", () => {
  it("searches as you type, with autocomplete driven by the keyboard", async () => {
    const page = await open("/");
    await page.locator(".cards li").first().waitFor();
    const input = page.locator("#search-input");
    await input.focus();
    await page.keyboard.type("pd", { delay: 60 });
    await page.locator("#search-suggestions [role=option]").first().waitFor();
    const expected = await api("/skills/autocomplete?q=pd&limit=8", SuggestionEnvelope);
    expect(await page.locator("#search-suggestions .suggestion-text").allInnerTexts()).toEqual(expected.data.map((s) => s.text));
    await expect.poll(() => input.getAttribute("aria-expanded")).toBe("true");

    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    expect(await input.getAttribute("aria-activedescendant")).toBe("suggestion-1");
    expect(await page.locator("#suggestion-1").getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("ArrowUp");
    expect(await input.getAttribute("aria-activedescendant")).toBe("suggestion-0");
    await page.keyboard.press("Enter");
    const chosen = expected.data[0]?.text ?? "";
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(chosen);
    await expect.poll(() => input.getAttribute("aria-expanded")).toBe("false");

    const results = await api(`/skills/search?q=${encodeURIComponent(chosen)}&limit=20`, SearchEnvelope);
    await expect.poll(() => repos(page)).toEqual(results.data.map((r) => `${r.owner}/${r.repo}`));
    expect(await page.locator(".count").textContent()).toContain(String(results.pagination.total));
    expect(await page.locator(".cards mark").count()).toBeGreaterThan(0);

    // Escape closes the list, a second Escape clears the box.
    await input.focus();
    await page.keyboard.type(" to", { delay: 60 });
    await expect.poll(() => input.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Escape");
    expect(await input.getAttribute("aria-expanded")).toBe("false");
    await page.keyboard.press("Escape");
    expect(await input.inputValue()).toBe("");
    await page.goto(`${site.origin}/?q=pdf`);
    await page.locator(".cards li").first().waitFor();
    await shot(page, "desktop-search");
  });

  it("keeps filters and the page in the URL, and the back button restores them", async () => {
    const page = await open("/");
    const first = await api("/skills?sort=stars&limit=20", SkillListEnvelope);
    await expect.poll(() => repos(page)).toEqual(first.data.map((r) => `${r.owner}/${r.repo}`));

    await page.locator(".pager a[rel=next]").click();
    await expect.poll(() => new URL(page.url()).search).toBe("?page=2");
    const second = await api("/skills?sort=stars&page=2&limit=20", SkillListEnvelope);
    await expect.poll(() => repos(page)).toEqual(second.data.map((r) => `${r.owner}/${r.repo}`));

    await page.locator("#f-platform").selectOption("codex");
    await expect.poll(() => new URL(page.url()).search).toBe("?platform=codex");
    const codex = await api("/skills?platform=codex&sort=stars&limit=20", SkillListEnvelope);
    await expect.poll(() => repos(page)).toEqual(codex.data.map((r) => `${r.owner}/${r.repo}`));

    await page.goBack();
    await expect.poll(() => new URL(page.url()).search).toBe("?page=2");
    await expect.poll(() => repos(page)).toEqual(second.data.map((r) => `${r.owner}/${r.repo}`));
    expect(await page.locator("#f-platform").inputValue()).toBe("");
    await page.goBack();
    await expect.poll(() => repos(page)).toEqual(first.data.map((r) => `${r.owner}/${r.repo}`));

    // A shared search URL opens with its filters applied.
    await page.goto(`${site.origin}/?q=pdf&minStars=100&hasIndex=true`);
    const filtered = await api("/skills/search?q=pdf&minStars=100&hasIndex=true&limit=20", SearchEnvelope);
    await expect.poll(() => repos(page)).toEqual(filtered.data.map((r) => `${r.owner}/${r.repo}`));
    expect(filtered.data.length).toBeGreaterThan(0);
    expect(await page.locator("#f-stars").inputValue()).toBe("100");
    expect(await page.locator("#f-index").isChecked()).toBe(true);
    expect(await page.locator("#search-input").inputValue()).toBe("pdf");
  });

  it("offers the API's correction when nothing matched", async () => {
    const none = await api("/skills/search?q=jsno&limit=20", SearchEnvelope);
    expect(none.meta.didYouMean).toBeTruthy();
    const page = await open("/?q=jsno");
    const link = page.locator(".did-you-mean a");
    await expect.poll(() => link.textContent()).toBe(none.meta.didYouMean);
    await link.click();
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(none.meta.didYouMean);
    const fixed = await api(`/skills/search?q=${encodeURIComponent(none.meta.didYouMean ?? "")}&limit=20`, SearchEnvelope);
    await expect.poll(() => repos(page)).toEqual(fixed.data.map((r) => `${r.owner}/${r.repo}`));
    expect(await page.locator("#search-input").inputValue()).toBe(none.meta.didYouMean);
  });

  it("shows a skill with its rendered SKILL.md, stats, and install commands that copy", async () => {
    const { data: skill } = await api("/skills/anvil-dev/pdf", SkillDetailEnvelope);
    const { data: stats } = await api("/skills/anvil-dev/pdf/stats", SkillStatsEnvelope);
    const page = await open("/skills/anvil-dev/pdf", { clipboard: true });
    await expect.poll(() => page.locator("h1").textContent()).toBe(skill.name);
    expect(await page.title()).toBe(`${skill.name} · Skills Directory`);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toBe(skill.description);
    const heading = /^#\s+(.+)$/m.exec(skill.content)?.[1];
    await expect.poll(() => page.locator("#skill-md h2").first().textContent()).toBe(heading);
    expect(await page.locator("#skill-md pre, #skill-md ul, #skill-md p").count()).toBeGreaterThan(2);
    expect(await page.locator(".star-chart circle").count()).toBe(stats.starHistory.length);
    const platformNames = await page.locator(".facts dd").allTextContents();
    expect(platformNames.some((text) => skill.platforms.every((p) => text.includes(PLATFORM_NAMES.get(p) ?? "?")))).toBe(true);
    for (const [platform, command] of Object.entries(skill.installCommands)) {
      expect(await page.locator(`.installs li[data-platform="${platform}"] code`).textContent()).toBe(command);
    }

    await page.locator('.installs li[data-platform="codex"] button').click();
    await expect.poll(() => page.locator('.installs li[data-platform="codex"] [role=status]').textContent()).toBe("Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(skill.installCommands.codex);
    await shot(page, "desktop-skill");
  });

  it("shows the other SKILL.md files of a collection", async () => {
    const { data: skill } = await api("/skills/docuflow/office-skills", SkillDetailEnvelope);
    const page = await open("/skills/docuflow/office-skills");
    await page.locator(".files a").first().waitFor();
    expect(await page.locator(".files a").allInnerTexts()).toEqual(skill.skills.map((s) => s.name));
    const other = skill.skills[1]!;
    await page.locator(".files a").nth(1).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("file")).toBe(other.path);
    await expect.poll(() => page.locator("#md-title").textContent()).toBe(other.path);
    const { data: file } = await api(`/skills/docuflow/office-skills/content?path=${encodeURIComponent(other.path)}`, SkillContentEnvelope);
    const heading = /^#\s+(.+)$/m.exec(file.content)?.[1];
    await expect.poll(() => page.locator("#skill-md h2").first().textContent()).toBe(heading);
  });

  it("lists categories and a category's skills", async () => {
    const { data: categories } = await api("/categories?locale=en", CategoryListEnvelope);
    const page = await open("/categories");
    await expect.poll(() => page.locator(".category-grid li .name").allInnerTexts()).toEqual(categories.map((c) => c.name));
    await page
      .getByRole("link", { name: /Frontend/ })
      .first()
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/categories/frontend");
    const { data: frontend } = await api("/categories/frontend?locale=en", CategoryDetailEnvelope);
    const skills = await api("/categories/frontend/skills?sort=stars&page=1&limit=20", SkillListEnvelope);
    await expect.poll(() => page.locator("h1").textContent()).toBe(frontend.name);
    await expect.poll(() => repos(page)).toEqual(skills.data.map((r) => `${r.owner}/${r.repo}`));
    expect(await page.title()).toBe(`${frontend.name} · Skills Directory`);
  });

  it("switches locale: category names in all eight, the page's words in Japanese", async () => {
    const page = await open("/");
    await page.locator(".category-grid li").first().waitFor();
    await page.locator("#locale").selectOption("ja");
    const { data: ja } = await api("/categories?locale=ja", CategoryListEnvelope);
    await expect.poll(() => page.locator(".category-grid .name").allInnerTexts()).toEqual(ja.map((c) => c.name));
    expect(await page.locator("html").getAttribute("lang")).toBe("ja");
    expect(await page.locator("#results-title").textContent()).toBe("すべてのスキル");
    await page.reload();
    await expect.poll(() => page.locator("#results-title").textContent()).toBe("すべてのスキル");

    await page.locator("#locale").selectOption("fr");
    const { data: fr } = await api("/categories?locale=fr", CategoryListEnvelope);
    await expect.poll(() => page.locator(".category-grid .name").allInnerTexts()).toEqual(fr.map((c) => c.name));
    expect(await page.locator(".category-grid").getAttribute("lang")).toBe("fr");
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
  });

  it("renders a hostile SKILL.md inert", async () => {
    // DOMPurify parses the hostile HTML in an inert document; Chromium still reports what the page's
    // CSP would refuse there. Those reports are the second line of defence, not a failure.
    expected = [/violates the following Content Security Policy directive/];
    const page = await open(`/skills/${HOSTILE_OWNER}/${HOSTILE_REPO}`);
    await page.locator("#skill-md strong", { hasText: "still rendered" }).waitFor();
    const md = page.locator("#skill-md");
    expect(await md.locator("script, iframe, object, embed, form, input, style, meta, base, svg, math, noscript img").count()).toBe(0);
    const attributes = await md.evaluate((root) =>
      [...root.querySelectorAll("*")].flatMap((el) => [...el.attributes].map((a) => `${el.tagName.toLowerCase()} ${a.name}=${a.value}`)),
    );
    expect(attributes.filter((a) => /^\S+ (on\w+|style|srcdoc|formaction|xlink:href)=/i.test(a))).toEqual([]);
    const urls = await md.evaluate((root) =>
      [...root.querySelectorAll("[href], [src]")].map((el) => el.getAttribute("href") ?? el.getAttribute("src") ?? ""),
    );
    for (const url of urls) expect(url).toMatch(/^(https?:|mailto:|#)/);
    for (const link of await md.locator("a").all()) {
      const href = (await link.getAttribute("href")) ?? "";
      if (!/^https?:/.test(href)) await link.click();
    }
    await md.locator("details summary").click();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    expect(await page.locator("body").evaluate((b) => getComputedStyle(b).display)).toBe("block");
    // The description is text wherever it is shown, never markup.
    expect(await page.locator(".skill-head .description").textContent()).toContain("<img src=x onerror=");
    await page.goto(`${site.origin}/?q=${encodeURIComponent("attacks page")}`);
    await page.locator(".cards li").first().waitFor();
    expect(await page.locator(".cards img, .cards script").count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  });

  it("answers unknown addresses with the 404 page, and API paths with the JSON 404", async () => {
    expected = [/Failed to load resource: the server responded with a status of 404/];
    const page = await open("/");
    const res = await page.goto(`${site.origin}/no/such/page`);
    expect(res?.status()).toBe(404);
    expect(await page.locator("h1").textContent()).toBe("Page not found");
    expect(await page.title()).toBe("Page not found · Skills Directory");
    const apiLike = await localFetch(`${site.origin}/api/nope`);
    expect(apiLike.status).toBe(404);
    expect(apiLike.headers.get("content-type")).toMatch(/^application\/json/);
    // A page route for a skill that does not exist: the page says so.
    await page.goto(`${site.origin}/skills/nobody-here/nothing-here`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Page not found");
    expect(await page.locator("main").textContent()).toContain("nobody-here/nothing-here");
  });

  it("says the embedded sample is demo data on every view, the 404 page included, in the page's language", async () => {
    expected = [/Failed to load resource: the server responded with a status of 404/];
    const notice = (page: Page) => page.locator(".demo-notice");
    const page = await open("/");
    for (const path of ["/", "/?q=pdf", "/skills/anvil-dev/pdf", "/categories", "/categories/frontend"]) {
      await page.goto(`${site.origin}${path}`);
      await page.locator("main h1, main h2").first().waitFor();
      expect(await notice(page).count(), path).toBe(1);
      await expect.poll(() => notice(page).isVisible(), { message: path }).toBe(true);
      expect(await notice(page).textContent(), path).toMatch(/^Demo data: .*invented.*none of them is on GitHub/);
    }
    await page.selectOption("#locale", "ja");
    await expect.poll(() => notice(page).textContent()).toMatch(/^デモデータです。/);
    await page.goto(`${site.origin}/no/such/page`);
    expect(await notice(page).isVisible()).toBe(true);
    expect(await notice(page).textContent()).toBe(DEMO_NOTICE);
    const status = await api("/status", StatusEnvelope);
    expect(status.data).toMatchObject({ demo: true, demoNotice: DEMO_NOTICE });
  });

  it("has no serious or critical axe-core findings, in light and dark", async () => {
    // The 404 page's own load is logged by the browser as a failed resource.
    expected = [/\/no\/such\/page: Failed to load resource: the server responded with a status of 404/];
    const light = ["/", "/?q=pdf", "/skills/anvil-dev/pdf", "/categories", "/categories/frontend", "/no/such/page"];
    const dark = ["/?q=pdf", "/skills/anvil-dev/pdf", "/no/such/page"];
    const audit = async (path: string, isDark: boolean) => {
      const page = await open(path, { dark: isDark, bypassCSP: true });
      await page.locator("h1").first().waitFor();
      await page.waitForLoadState("networkidle");
      await page.addScriptTag({ content: AXE_SOURCE });
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: {
              run(ctx: Document, o: object): Promise<{ violations: { id: string; impact?: string; nodes: { target: unknown }[] }[] }>;
            };
          }
        ).axe;
        const result = await axe.run(document, {
          runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
        });
        return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target).slice(0, 3) }));
      });
      return {
        view: `${path}${isDark ? " (dark)" : ""}`,
        serious: violations.filter((v) => v.impact === "serious" || v.impact === "critical"),
      };
    };
    // The views are audited three at a time, each in its own context: a page's idle wait and axe's
    // run in its renderer overlap the others'.
    const views = [...light.map((path) => [path, false] as const), ...dark.map((path) => [path, true] as const)];
    for (let i = 0; i < views.length; i += 3) {
      const results = await Promise.all(views.slice(i, i + 3).map(([path, isDark]) => audit(path, isDark)));
      for (const { view, serious } of results) expect(serious, view).toEqual([]);
    }
  });

  it("works by keyboard from the top: skip link, then the search box", async () => {
    const page = await open("/");
    await page.locator(".cards li").first().waitFor();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.className)).toBe("skip");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.className)).toBe("brand");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("search-input");
  });

  it("fits a phone screen and follows the system's dark mode", async () => {
    // The three phone views and the dark one load side by side, each in its own context.
    const phone = async (path: string, name: string) => {
      const page = await open(path, { viewport: PHONE });
      await page.locator("h1").first().waitFor();
      await page.waitForLoadState("networkidle");
      const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      await shot(page, name);
      return [path, fits] as const;
    };
    const [fit, dark] = await Promise.all([
      Promise.all([phone("/", "phone-home"), phone("/skills/anvil-dev/pdf", "phone-skill"), phone("/?q=pdf", "phone-search")]),
      open("/skills/anvil-dev/pdf", { dark: true }),
    ]);
    for (const [path, fits] of fit) expect(fits, `${path} overflows`).toBe(true);
    await dark.locator("#skill-md h2").first().waitFor();
    const background = await dark.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r = 255, g = 255, b = 255] = (background.match(/\d+/g) ?? []).map(Number);
    expect(0.2126 * r + 0.7152 * g + 0.0722 * b).toBeLessThan(60);
    await shot(dark, "desktop-skill-dark");
  });

  it("keeps working for a person when the anonymous budget is spent, within the page's own bound", async () => {
    // Spend the anonymous budget of this address, as a script would.
    let last: Response | undefined;
    for (let i = 0; i < 150; i++) {
      last = await localFetch(`${site.origin}/api/v1/categories`);
      if (last.status === 429) break;
    }
    expect(last?.status).toBe(429);
    expect(last?.headers.get("X-RateLimit-Tier")).toBe("anonymous");
    // A request that claims to be the page but comes from another site is not the page.
    const crossSite = await localFetch(`${site.origin}/api/v1/categories`, {
      headers: { ...PAGE_HEADERS, "Sec-Fetch-Site": "cross-site" },
    });
    expect(crossSite.status).toBe(429);

    const page = await open("/");
    const seen: { status: number; tier: string | null }[] = [];
    page.on("response", (res) => {
      if (new URL(res.url()).pathname.startsWith("/api/"))
        seen.push({ status: res.status(), tier: res.headers()["x-ratelimit-tier"] ?? null });
    });
    await page.locator(".cards li").first().waitFor();
    const input = page.locator("#search-input");
    for (const query of ["react testing", "pdf tools", "kubernetes", "docker compose", "sql"]) {
      await input.fill("");
      await input.focus();
      await page.keyboard.type(query, { delay: 40 });
      await expect.poll(() => page.locator(".count").textContent()).toContain(query);
    }
    await page.locator(".cards a").first().click();
    await page.locator("#skill-md h2, #skill-md p").first().waitFor();
    console.log(`a session of five typed searches and a skill page: ${seen.length} API requests`);
    expect(seen.length).toBeGreaterThan(5);
    expect(seen.filter((s) => s.status !== 200)).toEqual([]);
    expect(new Set(seen.map((s) => s.tier))).toEqual(new Set(["page"]));
  });
});
