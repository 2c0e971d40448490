// The R2 data store, through the real runtime: the test site's data folder put into wrangler's local
// R2, served by `wrangler pages dev` from a copy of the site without that folder (DATA_STORE=r2), so
// every answer must come from R2; it answers as the assets-backed server does. And the configuration
// is checked: an unknown store or a missing bucket is an error, never a silent fallback.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { dataAssets, r2Assets } from "../../src/api/data-store.js";
import { DATA_PREFIX } from "../../src/contract/paths.js";
import { LOCAL_R2_ARG, uploadDataToLocalR2 } from "../../src/node/local-r2.js";
import { type PagesDev, startPagesDev } from "../../src/node/pages-dev.js";
import { call } from "../support/http.js";

let dev: PagesDev | undefined;
let uploaded = 0;
const made: string[] = [];

beforeAll(async () => {
  const site = mkdtempSync(join(tmpdir(), "skills-r2-site-"));
  const state = mkdtempSync(join(tmpdir(), "skills-r2-state-"));
  made.push(site, state);
  cpSync(inject("siteDir"), site, { recursive: true });
  uploaded = await uploadDataToLocalR2(site, state);
  rmSync(join(site, DATA_PREFIX), { recursive: true, force: true });
  dev = await startPagesDev({
    siteDir: site,
    persistTo: state,
    r2: [LOCAL_R2_ARG],
    vars: { DATA_STORE: "r2", RATE_LIMIT_ANONYMOUS: "1000000" },
  });
}, 180_000);

afterAll(async () => {
  await dev?.stop();
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe("the R2 data store", () => {
  it("answers every read endpoint as the assets-backed deployment does", async () => {
    expect(uploaded).toBeGreaterThan(10);
    const list = await call("/skills?limit=5&sort=name&order=asc");
    expect(list.status).toBe(200);
    const [first] = list.body.data;
    for (const path of [
      "/skills?limit=5&sort=name&order=asc",
      `/skills/${first.owner}/${first.repo}`,
      `/skills/${first.owner}/${first.repo}/content`,
      `/skills/${first.owner}/${first.repo}/stats`,
      "/categories?locale=de",
      "/skills/search?q=pdf&limit=3",
      "/skills/autocomplete?q=pd",
    ]) {
      const fromAssets = await call(path);
      const fromR2 = await call(path, undefined, dev!.api);
      expect(fromR2.status, path).toBe(fromAssets.status);
      expect(fromR2.body.data, path).toEqual(fromAssets.body.data);
      expect(fromR2.headers.get("etag"), path).toBe(fromAssets.headers.get("etag"));
    }
  });

  it("answers a missing skill with the 404 envelope, from R2 too", async () => {
    const answer = await call("/skills/nobody-here/nothing", undefined, dev!.api);
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe("NOT_FOUND");
  });
});

describe("choosing the data store", () => {
  const assets = { fetch: async () => new Response("assets") };
  it("is the Pages assets unless configured", () => {
    expect(dataAssets({ ASSETS: assets })).toBe(assets);
    expect(dataAssets({ ASSETS: assets, DATA_STORE: "assets" })).toBe(assets);
  });
  it("refuses r2 without a bucket and an unknown store", () => {
    expect(() => dataAssets({ ASSETS: assets, DATA_STORE: "r2" })).toThrow(/no R2 bucket/);
    expect(() => dataAssets({ ASSETS: assets, DATA_STORE: "kv" })).toThrow(/must be "assets" or "r2"/);
  });
  it("reads only the data folder from a bucket", async () => {
    const bucket = {
      get: async (key: string) =>
        key === "_data/manifest.json" ? { arrayBuffer: async () => new TextEncoder().encode("{}").buffer } : null,
    };
    const r2 = r2Assets(bucket);
    expect(await (await r2.fetch("https://x.invalid/_data/manifest.json")).text()).toBe("{}");
    expect((await r2.fetch("https://x.invalid/_data/missing.bin")).status).toBe(404);
    expect((await r2.fetch("https://x.invalid/secret.txt")).status).toBe(404);
  });
});
