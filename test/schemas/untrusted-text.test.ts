// The rules for text from repositories: names, descriptions, owner and repository names, unsafe
// characters; and the crawler applying them when it turns SKILL.md files into a record.
import { describe, expect, it } from "vitest";
import {
  DESCRIPTION_MAX,
  GITHUB_OWNER,
  GITHUB_REPO,
  hasUnsafeCharacters,
  isSkillName,
  SkillDescription,
  toDescription,
  toSkillName,
  withoutUnsafe,
} from "../../src/schemas/untrusted-text.js";

describe("unsafe characters", () => {
  it("removes control characters and bidirectional overrides, keeping tabs and line ends", () => {
    const text = "a\u0000b\u0007c\u001bd\u007fe\u0085f\u202eg\u2066h\u200fi\tj\r\nk";
    expect(withoutUnsafe(text)).toBe("abcdefghi\tj\nk");
    expect(hasUnsafeCharacters(withoutUnsafe(text))).toBe(false);
    expect(hasUnsafeCharacters("evil\u202Egpj.exe")).toBe(true);
  });
});

describe("skill names", () => {
  it("accepts lower-case letters and digits of any script joined by single hyphens, up to 64", () => {
    for (const n of ["pdf", "pdf-tools-2", "자기소개서-작성", "議事録まとめ", "валидация-кредитных-моделей", "a".repeat(64)])
      expect(isSkillName(n), n).toBe(true);
    for (const n of ["", "PDF", "pdf--tools", "-pdf", "pdf-", "pdf tools", "pdf_tools", "a".repeat(65), "evil\u202Eexe", "<script>"])
      expect(isSkillName(n), n).toBe(false);
  });

  it("derives the nearest valid name, or nothing", () => {
    expect(toSkillName("My_Skill  Folder")).toBe("my-skill-folder");
    expect(toSkillName("ＰＤＦ Tools")).toBe("pdf-tools");
    expect(toSkillName("--")).toBe("");
    expect(toSkillName(`${"a".repeat(63)}-b`)).toBe("a".repeat(63));
    expect(toSkillName("x".repeat(100_000))).toHaveLength(64);
    for (const raw of ["Evil\u202Egpj", "a\u0000b", "..", "😀😀"]) {
      const name = toSkillName(raw);
      expect(name === "" || isSkillName(name), raw).toBe(true);
    }
  });
});

describe("descriptions", () => {
  it("are cleaned, trimmed and cut at 1,024 characters with the cut marked", () => {
    expect(toDescription("  Reads PDFs.\u202E  ")).toBe("Reads PDFs.");
    const long = toDescription("word ".repeat(1_000_000));
    expect(long.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(long.endsWith("…")).toBe(true);
    expect(SkillDescription.safeParse(long).success).toBe(true);
    // A cut never splits a surrogate pair.
    const emoji = toDescription("😀".repeat(600));
    expect(emoji.endsWith("😀…")).toBe(true);
    expect(SkillDescription.safeParse("x".repeat(DESCRIPTION_MAX + 1)).success).toBe(false);
    expect(SkillDescription.safeParse("bad\u202Etext").success).toBe(false);
  });
});

describe("GitHub names", () => {
  it("follow GitHub's rules for owners and repositories", () => {
    for (const o of ["acme", "Acme-Labs", "a", "a".repeat(39), "0-BSCode", "legacy-", "leg--acy"])
      expect(GITHUB_OWNER.test(o), o).toBe(true);
    for (const o of ["", "-acme", "a".repeat(40), "ac.me", "ac_me", "a/b", "a\u202E"]) expect(GITHUB_OWNER.test(o), o).toBe(false);
    for (const r of ["pdf", "pdf.js", "my_repo-2", ".github", "a".repeat(100)]) expect(GITHUB_REPO.test(r), r).toBe(true);
    for (const r of ["", ".", "..", "a b", "a/b", "$&", "a".repeat(101), "x\u202E"]) expect(GITHUB_REPO.test(r), r).toBe(false);
  });
});
