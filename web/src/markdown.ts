// SKILL.md as HTML: marked renders, DOMPurify sanitises, and only the sanitised fragment reaches
// the page. Scripts, event handlers, javascript: URLs, forms, frames and styles are removed; links
// leave the site with rel=noopener and relative links point at the file's repository on GitHub.
// An image from another host is not loaded until the visitor asks (remote-image.ts): loading it
// would show every visitor's address to whoever wrote the skill. Loaded on demand (a chunk of its
// own), so the first page does not carry it.
import DOMPurify from "dompurify";
import { Marked, type Tokens } from "marked";
import {
  ENGLISH_IMAGE_WORDS,
  type ImageSource,
  type ImageWords,
  imageSource,
  REMOTE_IMAGE_ATTR,
  replaceRemoteImages,
} from "./remote-image.js";

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

// Media, <picture> sources, srcset, poster and the legacy background attribute would each fetch
// from another host with no image element to hold back; they are removed rather than deferred.
const FORBID_TAGS = [
  "style",
  "form",
  "input",
  "button",
  "textarea",
  "select",
  "iframe",
  "object",
  "embed",
  "svg",
  "math",
  "picture",
  "source",
  "video",
  "audio",
  "track",
  "link",
];
const FORBID_ATTR = ["style", "srcset", "sizes", "poster", "background", "ping", "lowsrc", "dynsrc", "longdesc"];

/** A sanitised fragment for a markdown text; nothing in it runs. */
export function renderMarkdown(markdown: string, origin: Origin, words: ImageWords = ENGLISH_IMAGE_WORDS): DocumentFragment {
  const html = marked.parse(markdown) as string;
  const base = `https://github.com/${encodeURIComponent(origin.owner)}/${encodeURIComponent(origin.repo)}/blob/HEAD/${origin.path}`;
  DOMPurify.addHook("afterSanitizeAttributes", (node) => {
    if (node instanceof HTMLAnchorElement && node.hasAttribute("href")) {
      node.setAttribute("href", resolve(node.getAttribute("href") ?? "", base));
      if (!node.getAttribute("href")?.startsWith("#")) node.setAttribute("rel", "noopener noreferrer nofollow");
    }
    if (node instanceof HTMLImageElement) {
      // Still in DOMPurify's inert document, where nothing loads: a remote source leaves `src` here,
      // before the fragment is brought into the page (an image with a src starts loading even
      // before it is attached).
      const raw = node.getAttribute("src");
      node.removeAttribute("src");
      const source: ImageSource = raw ? imageSource(resolve(raw, base.replace("/blob/", "/raw/")), location.origin) : { kind: "none" };
      if (source.kind === "remote") node.setAttribute(REMOTE_IMAGE_ATTR, source.src);
      else if (source.kind === "own") node.setAttribute("src", source.src);
      node.setAttribute("loading", "lazy");
      if (!node.hasAttribute("alt")) node.setAttribute("alt", "");
    }
  });
  try {
    const fragment = DOMPurify.sanitize(html, { RETURN_DOM_FRAGMENT: true, FORBID_TAGS, FORBID_ATTR, ALLOW_DATA_ATTR: false });
    replaceRemoteImages(fragment, words);
    return fragment;
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
