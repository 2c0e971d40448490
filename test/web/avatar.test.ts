// The avatar fallback's pure parts: the initials of an owner's name, and a colour from the name
// that is stable and keeps white initials readable (WCAG AA, 4.5:1) whatever hue the name gets.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AVATAR_LIGHTNESS, AVATAR_SATURATION, avatarColour, avatarHue, initialsOf } from "../../web/src/avatar.js";

/** sRGB of an HSL colour (CSS Color 4's conversion). */
function hslToRgb(hue: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + hue / 30) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0), f(8), f(4)];
}
const luminance = ([r, g, b]: [number, number, number]) => {
  const lin = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};

describe("avatar initials", () => {
  it("takes the first letters of the first two words of a name", () => {
    expect(initialsOf("anvil-dev")).toBe("AD");
    expect(initialsOf("kbwriter")).toBe("K");
    expect(initialsOf("Ada Lovelace King")).toBe("AL");
    expect(initialsOf("openAI_tools")).toBe("OA");
    expect(initialsOf("-_-")).toBe("?");
    expect(initialsOf("émile.zola")).toBe("ÉZ");
  });

  it("gives at most two letters for any name", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (name) => {
        expect(Array.from(initialsOf(name)).length).toBeLessThanOrEqual(2);
      }),
    );
  });
});

describe("avatar colour", () => {
  it("is the same for the same name and spreads different names over the hues", () => {
    expect(avatarColour("anvil-dev")).toBe(avatarColour("anvil-dev"));
    const hues = new Set(["anvil-dev", "kbwriter", "deckhand", "classmate-ai", "contadores-ia", "a", "b", "c"].map(avatarHue));
    expect(hues.size).toBeGreaterThanOrEqual(6);
  });

  it("keeps white initials at 4.5:1 or more on every hue", () => {
    for (let hue = 0; hue < 360; hue++) {
      const bg = luminance(hslToRgb(hue, AVATAR_SATURATION / 100, AVATAR_LIGHTNESS / 100));
      expect(1.05 / (bg + 0.05), `hue ${hue}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
