// The page's JavaScript budget: what the first page loads (the entry script and what it
// preloads), measured gzipped from the embedded dataset built with the page, must stay under 60 KB. The markdown renderer
// and sanitiser are a chunk of their own, loaded by skill pages only.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { embeddedInProcess } from "../support/in-process-api.js";

const FIRST_PAGE_JS_BUDGET = 60 * 1024;

const { siteDir } = embeddedInProcess({ page: true });
const gz = (path: string) => gzipSync(readFileSync(join(siteDir(), path)), { level: 9 }).length;

/** The scripts index.html makes the browser load before anything else. */
function firstPageScripts(html: string): string[] {
  const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="\/([^"]+)"/g)].map((m) => m[1] ?? "");
  const preloads = [...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1] ?? "");
  return [...new Set([...scripts, ...preloads])];
}

describe("the page's JavaScript budget", () => {
  it("keeps the first page under 60 KB of gzipped JavaScript", () => {
    const html = readFileSync(join(siteDir(), "index.html"), "utf8");
    const scripts = firstPageScripts(html);
    expect(scripts.length).toBeGreaterThan(0);
    const sizes = scripts.map((path) => ({ path, gzip: gz(path) }));
    const total = sizes.reduce((n, s) => n + s.gzip, 0);
    console.log(
      `first page JavaScript: ${sizes.map((s) => `${s.path} ${(s.gzip / 1024).toFixed(1)} KB`).join(", ")}; total ${(total / 1024).toFixed(1)} KB gzipped (budget ${FIRST_PAGE_JS_BUDGET / 1024} KB)`,
    );
    expect(total).toBeLessThan(FIRST_PAGE_JS_BUDGET);
  });

  it("leaves the markdown renderer and sanitiser out of the first page", () => {
    const html = readFileSync(join(siteDir(), "index.html"), "utf8");
    for (const path of firstPageScripts(html)) {
      const code = readFileSync(join(siteDir(), path), "utf8");
      expect(code, path).not.toMatch(/DOMPurify|marked\.parse/);
    }
  });

  it("ships the 404 page without JavaScript", () => {
    expect(firstPageScripts(readFileSync(join(siteDir(), "404.html"), "utf8"))).toEqual([]);
  });
});
