// The words a pattern cannot match without (src/build/trust/literals.ts): what it reads out of a source, and
// where it claims nothing. test/trust/spans.test.ts checks every rule's pieces against their own matches.
import { describe, expect, it } from "vitest";
import { requiredWords } from "../../src/build/trust/literals.js";

describe("requiredWords", () => {
  it("reads plain text, escaped punctuation and groups of plain alternatives, lowercased", () => {
    expect(requiredWords(String.raw`\bcurl\b`, "i")).toEqual(["curl"]);
    expect(requiredWords(String.raw`\bRequest\(`, "i")).toEqual(["request("]);
    expect(requiredWords(String.raw`\.(?:sendall|send)\(`, "i")).toEqual([".sendall(", ".send("]);
    expect(requiredWords("--post-(?:data|file)", "")).toEqual(["--post-data", "--post-file"]);
    expect(requiredWords(String.raw`\bof=\/dev\/(?:sd[a-z]|nvme\d)`, "i")).toEqual(["of=/dev/"]);
  });

  it("keeps the run whose shortest word is longest, each alternative of the pattern on its own", () => {
    expect(requiredWords(String.raw`\bgit\s{1,4}push\s`, "")).toEqual(["push"]);
    expect(requiredWords(String.raw`abc|\bde\b`, "i")).toEqual(["abc", "de"]);
    expect(requiredWords("(?=x)abc[0-9]defg", "")).toEqual(["defg"]);
  });

  it("leaves out an atom a quantifier may drop or repeat", () => {
    expect(requiredWords(String.raw`\b7za?\s`, "i")).toEqual(["7z"]);
    expect(requiredWords("ab+cd", "")).toEqual(["cd"]);
    expect(requiredWords("x(?:ab|cd)?yz", "")).toEqual(["yz"]);
    expect(requiredWords("ab{2,3}cd", "")).toEqual(["cd"]);
  });

  it("claims nothing when an alternative has no word of two characters, or the pattern folds case by Unicode", () => {
    expect(requiredWords(String.raw`abc|\d+`, "i")).toBeUndefined();
    expect(requiredWords(String.raw`a\sb`, "i")).toBeUndefined();
    expect(requiredWords(String.raw`(?:ab|\w)cd`, "i")).toEqual(["cd"]);
    expect(requiredWords(String.raw`\bcurl\b`, "iu")).toBeUndefined();
    expect(requiredWords("[abc", "")).toBeUndefined();
    expect(requiredWords("(?:ab", "")).toBeUndefined();
  });

  it("reads no plain text out of an escape that spells a character with what follows it", () => {
    expect(requiredWords(String.raw`\x41bc`, "")).toEqual(["bc"]);
    expect(requiredWords(String.raw`ab\u0041cde`, "")).toEqual(["cde"]);
    expect(requiredWords(String.raw`\u{41}xyz`, "")).toEqual(["xyz"]);
    expect(requiredWords(String.raw`(a)\12345`, "")).toBeUndefined();
    expect(requiredWords(String.raw`\cJab`, "")).toEqual(["ab"]);
    expect(requiredWords(String.raw`(?<n>x)\k<n>yz`, "")).toEqual(["yz"]);
  });

  it("reads a capturing group but not a lookaround or a named group as plain text", () => {
    expect(requiredWords("(ab|cd)ef", "")).toEqual(["abef", "cdef"]);
    expect(requiredWords("(?<n>ab)cd", "")).toEqual(["cd"]);
    expect(requiredWords("(?!abc)de", "")).toEqual(["de"]);
  });

  it("holds in every match of the patterns it reads", () => {
    const cases: [string, string, string][] = [
      [String.raw`\.(?:sendall|send)\(`, "i", "x.SEND(y) .sendall( .sendAll("],
      [String.raw`\b7za?\s`, "i", "7z x 7ZA e 7za\t"],
      ["x(?:ab|cd)?yz", "", "xyz xabyz xcdyz"],
    ];
    for (const [source, flags, text] of cases) {
      const words = requiredWords(source, flags)!;
      const re = new RegExp(source, `${flags}g`);
      const found = [...text.matchAll(re)].map((m) => m[0]);
      expect(found.length).toBeGreaterThan(1);
      for (const m of found) expect(words.some((w) => m.toLowerCase().includes(w))).toBe(true);
    }
  });
});
