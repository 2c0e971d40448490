// The skill page's offer to re-index, in headless Chromium against `wrangler pages dev` (its local KV
// is the queue): the commit the page was indexed at, the button that POSTs the request and the queue
// state it shows; asked again, the same state; and a refusal (the address's hourly requests spent)
// shown as the API's message, with the button usable again.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, localFetch, testContext } from "./browser.js";
import { type PageSite, startPageSite } from "./site.js";

let browser: Browser;
let site: PageSite;
beforeAll(async () => {
  site = await startPageSite();
  browser = await launchChromium();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const open = async (path: string): Promise<Page> => {
  const page = await (await testContext(browser)).newPage();
  await page.goto(`${site.origin}${path}`);
  return page;
};

describe("the skill page's re-index offer", () => {
  it("shows the indexed commit, queues the repository on a click and shows the queue state; a second click the same", async () => {
    const detail = (await (await localFetch(`${site.server.api}/skills/acme-labs/react-testing-skill`)).json()) as {
      data: { indexedCommit: string };
    };
    const page = await open("/skills/acme-labs/react-testing-skill");
    const section = page.locator("section.refresh");
    await section.waitFor();
    expect(await section.locator("h2").textContent()).toBe("Out of date?");
    expect(await section.textContent()).toContain(detail.data.indexedCommit.slice(0, 7));
    await section.locator("button").click();
    const status = section.locator(".refresh-status");
    await expect.poll(() => status.textContent()).toMatch(/^Queued since .+: number 1 of 1 waiting\./);
    const first = await status.textContent();
    // The API agrees: the repository waits in the queue.
    const state = (await (await localFetch(`${site.server.api}/index-status/acme-labs/react-testing-skill`)).json()) as {
      data: { refresh: { queued: boolean } };
    };
    expect(state.data.refresh.queued).toBe(true);

    const again = await open("/skills/acme-labs/react-testing-skill");
    await again.locator("section.refresh button").click();
    await expect.poll(() => again.locator(".refresh-status").textContent()).toBe(first);
  });

  it("shows a refusal with the API's message and leaves the button usable", async () => {
    const page = await open("/skills/docuflow/office-skills");
    const section = page.locator("section.refresh");
    await section.waitFor();
    // Every address may ask 10 times an hour: spend them elsewhere first.
    for (let i = 0; i < 10; i++) await localFetch(`${site.server.api}/index-status/spender/repo-${i}/refresh`, { method: "POST" });
    await section.locator("button").click();
    const status = section.locator(".refresh-status");
    await expect.poll(() => status.textContent()).toMatch(/^The re-index was not queued: too many re-index requests/);
    expect(await section.locator("button").isDisabled()).toBe(false);
  });
});
