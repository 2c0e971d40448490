// SKILL.md as HTML: marked renders, DOMPurify sanitises, and only the sanitised fragment reaches
// the page. Scripts, event handlers, javascript: URLs, forms, frames and styles are removed; links
// leave the site with rel=noopener and relative links point at the file's repository on GitHub.
// Loaded on demand (a chunk of its own), so the first page does not carry it.
import DOMPurify from "dompurify";
import { Marked, type Tokens } from "marked";

const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    // The page's own h1 is the skill's name: the document's headings start one level below it.
    heading(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, { tokens, depth }: Tokens.Heading) {
      const level = Math.min(depth + 1, 6);
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
  },
});

export interface Origin {
  owner: string;
  repo: string;
  /** Path of the SKILL.md in its repository, for resolving relative links. */
  path: string;
}

const FORBID_TAGS = ["style", "form", "input", "button", "textarea", "select", "iframe", "object", "embed", "svg", "math"];

/** A sanitised fragment for a markdown text; nothing in it runs. */
export function renderMarkdown(markdown: string, origin: Origin): DocumentFragment {
  const html = marked.parse(markdown) as string;
  const base = `https://github.com/${encodeURIComponent(origin.owner)}/${encodeURIComponent(origin.repo)}/blob/HEAD/${origin.path}`;
  DOMPurify.addHook("afterSanitizeAttributes", (node) => {
    if (node instanceof HTMLAnchorElement && node.hasAttribute("href")) {
      node.setAttribute("href", resolve(node.getAttribute("href") ?? "", base));
      if (!node.getAttribute("href")?.startsWith("#")) node.setAttribute("rel", "noopener noreferrer nofollow");
    }
    if (node instanceof HTMLImageElement && node.hasAttribute("src")) {
      node.setAttribute("src", resolve(node.getAttribute("src") ?? "", base.replace("/blob/", "/raw/")));
      node.setAttribute("loading", "lazy");
      if (!node.hasAttribute("alt")) node.setAttribute("alt", "");
    }
  });
  try {
    return DOMPurify.sanitize(html, { RETURN_DOM_FRAGMENT: true, FORBID_TAGS, FORBID_ATTR: ["style"], ALLOW_DATA_ATTR: false });
  } finally {
    DOMPurify.removeHook("afterSanitizeAttributes");
  }
}

/** An absolute http(s) URL for a link of the document, or "#" when it is anything else. */
function resolve(href: string, base: string): string {
  if (href.startsWith("#")) return href;
  try {
    const url = new URL(href, base);
    return url.protocol === "https:" || url.protocol === "http:" || url.protocol === "mailto:" ? url.href : "#";
  } catch {
    return "#";
  }
}
