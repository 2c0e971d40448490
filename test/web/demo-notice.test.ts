// The demo-data marks the build puts in the page's two HTML files (src/build/page.ts), applied to the
// page's own sources: index.html carries the meta tag the page turns into its notice, 404.html the
// notice itself, escaped; other files pass through. The browser test sees the notice on every view.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { markDemo } from "../../src/build/page.js";
import { DEMO_META, DEMO_NOTICE } from "../../src/contract/demo-data.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";

const source = (name: string) => readFileSync(join(PROJECT_ROOT, "web", name), "utf8");

describe("demo-data marks in the page's HTML", () => {
  it("adds the meta tag to index.html's head, once", () => {
    const html = markDemo("index.html", source("index.html"));
    const head = html.slice(html.indexOf("<head>"), html.indexOf("</head>"));
    expect(head.split(`<meta name="${DEMO_META.name}" content="${DEMO_META.content}" />`)).toHaveLength(2);
    expect(html.replace(/\n\s*<meta name="skills-directory-data"[^>]*>/, "")).toBe(source("index.html"));
  });

  it("puts the notice first in 404.html's body, its backticks and quotes kept as text", () => {
    const html = markDemo("404.html", source("404.html"));
    const body = html.slice(html.indexOf("<body>") + "<body>".length).trimStart();
    expect(body.startsWith('<p class="demo-notice" role="note">Demo data: ')).toBe(true);
    expect(body).toContain("`npm run crawl`");
    expect(DEMO_NOTICE).not.toMatch(/[<>&]/);
  });

  it("leaves other files as they are, and refuses an HTML file it cannot mark", () => {
    expect(markDemo("assets/index-abc.js", "<head>")).toBe("<head>");
    expect(() => markDemo("index.html", "<html></html>")).toThrow(/no <head>/);
  });
});
