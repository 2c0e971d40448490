// Every link of the README and of docs/*.md (and the clients' READMEs) resolves: a relative link
// names a file or folder of the repository, and an anchor (#...) names a heading of its target
// Markdown file, as GitHub makes heading anchors. Links in code blocks and code spans are not links;
// web addresses are not fetched.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../src/node/project-root.js";

const FILES = [
  "README.md",
  "clients/typescript/README.md",
  "clients/python/README.md",
  ...readdirSync(join(PROJECT_ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

/** The text outside fenced code blocks and code spans. */
const prose = (markdown: string) => markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "").replace(/`[^`\n]*`/g, "");

/** Link targets: inline links and images, and reference definitions. */
function targets(markdown: string): string[] {
  const text = prose(markdown);
  const inline = [...text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
  const defined = [...text.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/gm)].map((m) => m[1]!);
  return [...inline, ...defined];
}

/** GitHub's anchor for each heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, title] of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = title!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/ /g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** Why `target`, linked from `file`, does not resolve; undefined when it does. */
function broken(file: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined;
  const [path = "", anchor] = target.split("#");
  const resolved = path === "" ? join(PROJECT_ROOT, file) : join(dirname(join(PROJECT_ROOT, file)), decodeURIComponent(path));
  if (!resolved.startsWith(PROJECT_ROOT)) return "points outside the repository";
  if (!existsSync(resolved)) return `${relative(PROJECT_ROOT, resolved)} does not exist`;
  if (anchor === undefined || anchor === "") return undefined;
  if (statSync(resolved).isDirectory() || !resolved.endsWith(".md"))
    return `an anchor into ${relative(PROJECT_ROOT, resolved)}, which is not Markdown`;
  return anchors(readFileSync(resolved, "utf8")).has(anchor) ? undefined : `${relative(PROJECT_ROOT, resolved)} has no heading #${anchor}`;
}

describe("links in the README and docs", () => {
  it.each(FILES)("%s: every relative link and anchor resolves", (file) => {
    const problems = targets(readFileSync(join(PROJECT_ROOT, file), "utf8"))
      .map((t) => [t, broken(file, t)] as const)
      .filter(([, why]) => why !== undefined)
      .map(([t, why]) => `${t}: ${why}`);
    expect(problems).toEqual([]);
  });

  it("finds broken links and anchors (the checker can fail)", () => {
    expect(broken("README.md", "docs/NO-SUCH-FILE.md")).toMatch(/does not exist/);
    expect(broken("README.md", "docs/API.md#no-such-heading")).toMatch(/no heading/);
    expect(broken("README.md", "docs/API.md#endpoints")).toBeUndefined();
    expect(broken("docs/API.md", "#decisions")).toBeUndefined();
    expect(broken("docs/API.md", "../README.md#a-short-tour")).toBeUndefined();
    expect(targets("see `[x](nowhere.md)` and\n```\n[y](nowhere.md)\n```\n[z](here.md)")).toEqual(["here.md"]);
    expect([...anchors("# Trust and files\n## A/B test\n## A/B test")]).toEqual(["trust-and-files", "ab-test", "ab-test-1"]);
  });

  it("keeps the README under 200 lines", () => {
    expect(readFileSync(join(PROJECT_ROOT, "README.md"), "utf8").split("\n").length).toBeLessThan(200);
  });
});
