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

/**
 * Replaces every remote image of a sanitised fragment by its placeholder. An image inside a link
 * leaves its alt text in the link and gets its button after the link, as a button may not sit
 * inside a link.
 */
export function replaceRemoteImages(fragment: DocumentFragment, words: ImageWords): void {
  for (const img of fragment.querySelectorAll<HTMLImageElement>(`img[${REMOTE_IMAGE_ATTR}]`)) {
    const shown = { src: img.getAttribute(REMOTE_IMAGE_ATTR)!, alt: img.getAttribute("alt") ?? "", title: img.getAttribute("title") };
    const host = new URL(shown.src).host;
    const link = img.parentElement?.closest("a");
    if (!link) {
      const box = placeholder(host, shown.alt, words, () => box.replaceWith(image(shown)));
      img.replaceWith(box);
      continue;
    }
    const text = altText(shown.alt || host);
    img.replaceWith(text);
    const box = placeholder(host, "", words, () => {
      text.replaceWith(image(shown));
      box.remove();
    });
    link.after(box);
  }
}

const altText = (alt: string): HTMLElement => {
  const text = document.createElement("span");
  text.className = "remote-image-alt";
  text.textContent = alt;
  return text;
};

function placeholder(host: string, alt: string, words: ImageWords, load: () => void): HTMLElement {
  const box = document.createElement("span");
  box.className = "remote-image";
  const button = document.createElement("button");
  button.type = "button";
  button.className = "load-image";
  button.textContent = words.loadImage(host);
  box.append(button);
  if (alt) box.append(" ", altText(alt));
  button.addEventListener("click", load);
  return box;
}

function image({ src, alt, title }: { src: string; alt: string; title: string | null }): HTMLImageElement {
  const img = document.createElement("img");
  img.referrerPolicy = "no-referrer";
  img.alt = alt;
  if (title) img.title = title;
  img.src = src;
  return img;
}
