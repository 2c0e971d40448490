// Unit tests of pure parts of the build: where a SKILL.md body starts, and output-path safety.
import { describe, expect, it } from "vitest";
import { ensureWithin } from "../../src/build/output.js";
import { bodyStart } from "../../src/contract/skill-body.js";

describe("bodyStart", () => {
  it("skips a frontmatter block, with BOM and CRLF too", () => {
    expect("---\nname: a\n---\n# Body".slice(bodyStart("---\nname: a\n---\n# Body"))).toBe("# Body");
    const spaced = "---\nname: a\n---\n\n  \n# Body\n";
    expect(spaced.slice(bodyStart(spaced))).toBe("# Body\n");
    const crlf = "\uFEFF---\r\nname: a\r\n---\r\nText";
    expect(crlf.slice(bodyStart(crlf))).toBe("Text");
  });
  it("keeps a file without frontmatter, or with a block that never closes, whole", () => {
    expect(bodyStart("# Title\n---\n")).toBe(0);
    expect(bodyStart("---\nname: a\nno end")).toBe(0);
    expect(bodyStart("")).toBe(0);
  });
});

describe("output paths", () => {
  it("stay inside the output folder", () => {
    expect(ensureWithin("/out", "_data/skills/0001.json")).toBe("/out/_data/skills/0001.json");
    for (const bad of ["../x", "a/../../x", "/etc/passwd", "", "a\0b"]) expect(() => ensureWithin("/out", bad), bad).toThrow(/refusing/);
  });
});
