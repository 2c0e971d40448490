// An owner's avatar that never shows a broken image: when the picture cannot load (offline, a 404,
// a blocked host) it is replaced by the owner's initials in a circle of the same size, coloured
// from the name so that one owner always gets the same colour.
import { h } from "./dom.js";

/** Up to two letters: the first letter of the first two words of the name (split on -, _, ., spaces and case). */
export function initialsOf(name: string): string {
  const words = name
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .split(/[\s\-_.]+/)
    .filter((w) => /\p{L}|\p{N}/u.test(w));
  // Upper-casing can lengthen a letter (the ligature "ﬃ" becomes "FFI"), so it comes before the pick.
  const letters = words.slice(0, 2).map((w) => Array.from(w.replace(/^[^\p{L}\p{N}]+/u, "").toUpperCase())[0] ?? "");
  return letters.join("") || "?";
}

/**
 * A hue from the name (FNV-1a), at a saturation and lightness dark enough that white initials keep
 * a contrast of at least 4.5:1 on every hue (checked by test/web/avatar.test.ts).
 */
export function avatarHue(name: string): number {
  let hash = 0x811c9dc5;
  for (const ch of name) {
    hash ^= ch.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 360;
}
export const AVATAR_SATURATION = 50;
export const AVATAR_LIGHTNESS = 30;
export const avatarColour = (name: string) => `hsl(${avatarHue(name)} ${AVATAR_SATURATION}% ${AVATAR_LIGHTNESS}%)`;

/** The initials circle; decorative, as the name is always written beside it. */
export function initialsAvatar(name: string, size: number): HTMLElement {
  const el = h("span", { class: "avatar initials", "aria-hidden": "true", "data-initials-for": name }, initialsOf(name));
  el.style.width = el.style.height = `${size}px`;
  el.style.fontSize = `${Math.round(size * 0.4)}px`;
  el.style.backgroundColor = avatarColour(name);
  return el;
}

/** The avatar picture, swapped for the initials if it fails to load (or there is none). */
export function avatar(name: string, src: string, size: number): HTMLElement {
  if (!src) return initialsAvatar(name, size);
  const img = h("img", { alt: "", width: size, height: size, class: "avatar", referrerpolicy: "no-referrer", decoding: "async" });
  img.addEventListener("error", () => img.replaceWith(initialsAvatar(name, size)), { once: true });
  img.src = src;
  return img;
}
