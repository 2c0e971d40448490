// Images of a SKILL.md that live on another host wait for the visitor: each becomes a placeholder
// naming the host, with a button that loads it. Loading a third party's image on every visit would
// tell whoever controls that host the address of everyone who opens the skill. The image is then
// fetched over https (the page's Content-Security-Policy allows no plain http image) and without
// a referrer. docs/PAGE.md explains the choice against an image proxy.

/** The attribute the sanitiser hook leaves on a remote image in place of its src. */
export const REMOTE_IMAGE_ATTR = "data-remote-image";

export interface ImageWords {
  loadImage(host: string): string;
}

export const ENGLISH_IMAGE_WORDS: ImageWords = { loadImage: (host) => `load image from ${host}` };

export type ImageSource = { kind: "own"; src: string } | { kind: "remote"; src: string } | { kind: "none" };

/**
 * How an image of the document is shown: the page's own images as they are, another host's over
 * https on request, anything else (no source, not http(s)) not at all. A plain http image is asked
 * for over https, as browsers upgrade it on an https page anyway.
 */
export function imageSource(src: string, pageOrigin: string): ImageSource {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return { kind: "none" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { kind: "none" };
  if (url.origin === pageOrigin) return { kind: "own", src: url.href };
  url.protocol = "https:";
  return { kind: "remote", src: url.href };
}

/** Replaces every remote image of a sanitised fragment by its placeholder. */
export function replaceRemoteImages(fragment: DocumentFragment, words: ImageWords): void {
  for (const img of fragment.querySelectorAll<HTMLImageElement>(`img[${REMOTE_IMAGE_ATTR}]`)) {
    const src = img.getAttribute(REMOTE_IMAGE_ATTR)!;
    img.replaceWith(placeholder(src, img.getAttribute("alt") ?? "", img.getAttribute("title"), words));
  }
}

function placeholder(src: string, alt: string, title: string | null, words: ImageWords): HTMLElement {
  const host = new URL(src).host;
  const box = document.createElement("span");
  box.className = "remote-image";
  const button = document.createElement("button");
  button.type = "button";
  button.className = "load-image";
  button.textContent = words.loadImage(host);
  box.append(button);
  if (alt) {
    const text = document.createElement("span");
    text.className = "remote-image-alt";
    text.textContent = alt;
    box.append(" ", text);
  }
  button.addEventListener("click", (event) => {
    // The placeholder may sit inside a link: the click loads the image and goes nowhere.
    event.preventDefault();
    event.stopPropagation();
    const img = document.createElement("img");
    img.referrerPolicy = "no-referrer";
    img.alt = alt;
    if (title) img.title = title;
    img.src = src;
    box.replaceWith(img);
  });
  return box;
}
