// Every path reaches data only through the API: the prebuilt files under /_data and the API itself
// are tried under every encoding, casing, doubling and traversal an attacker would, through
// `wrangler pages dev`, on the shared test site (which carries the built page), on a copy without a
// 404 page, and on a site carrying a stand-in page (its index.html, 404.html and hashed assets, with
// `_routes.json` written for them).
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { routesFile } from "../../src/build/routes-file.js";
import { isPageRoute, PAGE_ROUTES } from "../../src/contract/page-routes.js";
import { type PagesDev, startPagesDev } from "../../src/node/pages-dev.js";
import { ErrorEnvelope } from "../../src/schemas/envelope.js";
import { type RawAnswer, rawGet } from "../support/raw-http.js";

const NOT_FOUND_PAGE = "<!doctype html><title>Not found</title><p>page-404-marker</p>\n";
const ASSET = "assets/app-0123abcd.js";

/** Spellings of a top-level name that a lenient server may read as that name. */
function spellings(name: string): string[] {
  const hex = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`;
  const out = new Set<string>([name, name.toUpperCase(), name[0]!.toUpperCase() + name.slice(1)]);
  [...name].forEach((c, i) => {
    out.add(name.slice(0, i) + hex(c) + name.slice(i + 1));
    out.add(name.slice(0, i) + hex(c).toLowerCase() + name.slice(i + 1));
    out.add(`${name.slice(0, i)}%25${hex(c).slice(1)}${name.slice(i + 1)}`);
  });
  out.add([...name].map(hex).join(""));
  out.add([...name].map((c) => `%25${hex(c).slice(1)}`).join(""));
  out.add([...name].map((c) => `%2525${hex(c).slice(1)}`).join(""));
  // Full-width letters, which Unicode compatibility folding turns back into ASCII.
  out.add(encodeURIComponent([...name].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join("")));
  out.add(`${name}.`);
  out.add(`${name}%2E`);
  out.add(`${name}%20`);
  return [...out];
}

/** Ways to put something at the top of the path: doubled, dotted, encoded and traversing prefixes. */
const LEADS = [
  "/",
  "//",
  "///",
  "/./",
  "/%2F",
  "/%2f",
  "/%5C",
  "/\\",
  "/x/..%2F",
  "/x/%2e%2e/",
  "/x/%252e%252e%252f",
  "/robots.txt/..%2F",
  "/index.html%2F..%2F",
  `/${ASSET}/..%2F..%2F`,
];
const SEPARATORS = ["/", "%2F", "//", "%5C"];

function dataPaths(): string[] {
  const paths = new Set<string>();
  for (const lead of LEADS) for (const name of spellings("_data")) paths.add(`${lead}${name}/manifest.json`);
  for (const sepr of SEPARATORS) paths.add(`/_data${sepr}manifest.json`);
  paths.add("/_data/");
  paths.add("/_data");
  return [...paths];
}

function apiPaths(): string[] {
  const paths = new Set<string>();
  for (const lead of LEADS) for (const name of spellings("api")) paths.add(`${lead}${name}/v1/categories`);
  for (const v of ["V1", "%76%31", "%761", "v2", "v0", "", "v1.", "%2576%2531"]) paths.add(`/api/${v}/categories`);
  for (const sepr of SEPARATORS.slice(1)) paths.add(`/api${sepr}v1/categories`).add(`/api/v1${sepr}categories`);
  paths.add("/api").add("/api/").add("/api/v1//categories").add("/api//v1//categories");
  return [...paths];
}

/**
 * The API answers where the URL standard itself resolves a path to `/api/v1/...` (dot segments,
 * backslashes): that is the endpoint, not another spelling. Every other spelling is the JSON 404.
 */
async function expectEndpointOrJson404(origin: string, path: string) {
  const a = await rawGet(origin, path);
  if (new URL(`http://h${path}`).pathname === "/api/v1/categories") {
    expect(a.status, path).toBe(200);
    expect(JSON.parse(a.text).data.length, path).toBeGreaterThan(0);
  } else expectJson404(a, path);
}

function expectJson404(a: RawAnswer, path: string) {
  expect(a.status, path).toBe(404);
  expect(a.contentType, path).toBe("application/json; charset=utf-8");
  expect(ErrorEnvelope.parse(JSON.parse(a.text)).error.code, path).toBe("NOT_FOUND");
  // Whatever the answer, no prebuilt file content may be in it.
  expect(a.text, path).not.toContain('"generatedAt"');
}

async function all<T>(items: readonly string[], f: (item: string) => Promise<T>, width = 8): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < items.length; i += width) out.push(...(await Promise.all(items.slice(i, i + width).map(f))));
  return out;
}

const listFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join("/"));

describe("path classification", () => {
  it("knows the page's routes and nothing else", () => {
    expect(PAGE_ROUTES).toContain("/");
    for (const p of ["/", "/skills/anvil-dev/pdf", "/skills/a/b/", "/categories", "/categories/frontend"])
      expect(isPageRoute(p), p).toBe(true);
    for (const p of ["//", "/skills/a", "/skills//b", "/skills/a/b/c", "/skills/a%2Fb/c", "/x"]) expect(isPageRoute(p), p).toBe(false);
  });

  it("excludes only the page's own files, each by its exact path", () => {
    const routes = routesFile([
      "_data/manifest.json",
      "_headers",
      "_routes.json",
      "index.html",
      "404.html",
      ASSET,
      "robots.txt",
      "bad name.txt",
    ]);
    expect(routes).toEqual({ version: 1, include: ["/*"], exclude: ["/404.html", `/${ASSET}`, "/index.html", "/robots.txt"] });
    expect(() => routesFile(Array.from({ length: 100 }, (_, i) => `assets/f${i}.js`))).toThrow(/at most 99/);
  });
});

describe("the shared test site (the built page included)", () => {
  const origin = () => new URL(inject("api")).origin;

  it("never serves a data file, under any spelling of /_data", async () => {
    const paths = dataPaths();
    expect(paths.length).toBeGreaterThan(250);
    await all(paths, async (p) => expectJson404(await rawGet(origin(), p), p));
  });

  it("answers every other spelling of /api with the JSON 404, and the API only at /api/v1", async () => {
    await all(apiPaths(), (p) => expectEndpointOrJson404(origin(), p));
    const real = await rawGet(origin(), "/api/v1/categories");
    expect(real.status).toBe(200);
    expect(JSON.parse(real.text).data.length).toBeGreaterThan(0);
  });

  it("answers paths outside the page and the API with the page's 404.html and status 404", async () => {
    for (const p of ["/nope", "/v1/categories", "/skills", "/openapi.json"]) {
      const a = await rawGet(origin(), p);
      expect([a.status, a.contentType], p).toEqual([404, "text/html; charset=utf-8"]);
      expect(a.text, p).toContain("<title>Page not found · Skills Directory</title>");
    }
  });
});

/** Serves a copy of the shared test site, changed by `prepare`, with `_routes.json` written for its files. */
function servedCopy(prefix: string, prepare: (siteDir: string) => void): () => PagesDev {
  let server: PagesDev | undefined;
  let siteDir: string | undefined;
  beforeAll(async () => {
    siteDir = mkdtempSync(join(tmpdir(), prefix));
    cpSync(inject("siteDir"), siteDir, { recursive: true });
    prepare(siteDir);
    writeFileSync(join(siteDir, "_routes.json"), JSON.stringify(routesFile(listFiles(siteDir))));
    server = await startPagesDev({ siteDir, vars: { RATE_LIMIT_ANONYMOUS: "1000000" } });
  });
  afterAll(async () => {
    await server?.stop();
    for (const dir of [siteDir, server?.persistTo]) if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    if (!server) throw new Error("the server has not started");
    return server;
  };
}

describe("a site without a 404 page", () => {
  const served = servedCopy("skills-api-no-404-", (siteDir) => rmSync(join(siteDir, "404.html")));

  it("answers paths outside the page and the API with the JSON 404", async () => {
    for (const p of ["/nope", "/v1/categories", "/skills", "/openapi.json"]) expectJson404(await rawGet(served().origin, p), p);
  });
});

describe("a site with a page", () => {
  const served = servedCopy("skills-api-page-site-", (siteDir) => {
    writeFileSync(join(siteDir, "404.html"), NOT_FOUND_PAGE);
    mkdirSync(join(siteDir, "assets"), { recursive: true });
    writeFileSync(join(siteDir, ASSET), "console.log('page');\n");
  });

  it("serves index.html for each page route, and its own files as they are", async () => {
    for (const p of ["/", "/skills/anvil-dev/pdf", "/skills/anvil-dev/pdf/", "/categories", "/categories/frontend"]) {
      const a = await rawGet(served().origin, p);
      expect(a.status, p).toBe(200);
      expect(a.contentType, p).toMatch(/^text\/html/);
      expect(a.text, p).toContain("<title>Skills Directory</title>");
    }
    const js = await rawGet(served().origin, `/${ASSET}`);
    expect(js.status).toBe(200);
    expect(js.text).toBe("console.log('page');\n");
    const head = await rawGet(served().origin, "/", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.text).toBe("");
  });

  it("answers other paths with the page's 404.html and status 404", async () => {
    for (const p of ["/nope", "/v1/categories", "/skills", "/skills/a/b/c", "//", "/assets/missing.js", "/apis/v1"]) {
      const a = await rawGet(served().origin, p);
      expect(a.status, p).toBe(404);
      expect(a.contentType, p).toMatch(/^text\/html/);
      expect(a.text, p).toBe(NOT_FOUND_PAGE);
    }
  });

  it("never serves a data file, under any spelling of /_data, even through the page's asset paths", async () => {
    await all(dataPaths(), async (p) => expectJson404(await rawGet(served().origin, p), p));
  });

  it("answers every other spelling of /api with the JSON 404", async () => {
    await all(apiPaths(), (p) => expectEndpointOrJson404(served().origin, p));
    expect((await rawGet(served().origin, "/api/v1/skills?limit=1")).status).toBe(200);
  });
});
