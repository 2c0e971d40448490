// The rules for text that comes from repositories (names, descriptions, owner and repository
// names), written once: the crawler cleans and checks what it reads with them, and the build's
// schemas refuse a record that breaks them. Names follow the Agent Skills rule as its reference
// validator reads it (lower-case letters and digits of any script, single hyphens, at most 64
// characters); descriptions are at most 1,024 characters; neither may carry control characters or
// bidirectional overrides, which can make text display as something other than what it is.
import { z } from "zod";

export const NAME_MAX = 64;
export const DESCRIPTION_MAX = 1024;

/**
 * Control characters (C0 but tab and line feed, DEL, C1) and the bidirectional formatting
 * characters (marks, embeddings, overrides, isolates).
 */
const UNSAFE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
const UNSAFE_ALL = new RegExp(UNSAFE.source, "gu");

/** A skill name: letters and digits that are not upper-case, joined by single hyphens. */
export const SKILL_NAME = /^[\p{Ll}\p{Lo}\p{Lm}\p{M}\p{N}]+(?:-[\p{Ll}\p{Lo}\p{Lm}\p{M}\p{N}]+)*$/u;

/**
 * GitHub's rules: a login is letters, digits and hyphens, starting with a letter or digit, at most 39
 * characters. (New logins may not end in a hyphen or double one; older ones do, and are accepted.)
 */
export const GITHUB_OWNER = /^[A-Za-z0-9][A-Za-z0-9-]{0,38}$/;
/** A repository name is letters, digits, `.`, `-` and `_`, at most 100 characters, never `.` or `..`. */
export const GITHUB_REPO = /^(?!\.{1,2}$)[A-Za-z0-9._-]{1,100}$/;

export const hasUnsafeCharacters = (text: string): boolean => UNSAFE.test(text);

/** `text` without control and bidirectional formatting characters, line ends as `\n`. */
export const withoutUnsafe = (text: string): string => text.replace(/\r\n?/g, "\n").replace(UNSAFE_ALL, "");

export const isSkillName = (text: string): boolean => text.length <= NAME_MAX && SKILL_NAME.test(text);

/**
 * The nearest valid name to `text`: compatibility forms folded, lower-cased, every run of other
 * characters turned into one hyphen, cut to 64 characters; empty when nothing usable is left.
 */
export function toSkillName(text: string): string {
  const folded = withoutUnsafe(text).normalize("NFKC").toLowerCase();
  const joined = folded.replace(/[^\p{Ll}\p{Lo}\p{Lm}\p{M}\p{N}]+/gu, "-").replace(/^-+|-+$/g, "");
  // Cut by code points, then drop a hyphen or a lone mark left at the cut.
  return [...joined]
    .slice(0, NAME_MAX)
    .join("")
    .replace(/[-\p{M}]+$/u, "")
    .replace(/^\p{M}+/u, "");
}

/**
 * A description within the rules: unsafe characters removed, surrounding space trimmed, and cut at
 * 1,024 characters (the cut marked with an ellipsis), never inside a surrogate pair.
 */
export function toDescription(text: string): string {
  const clean = withoutUnsafe(text).trim();
  if (clean.length <= DESCRIPTION_MAX) return clean;
  let cut = clean.slice(0, DESCRIPTION_MAX - 1);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

const noUnsafe = (s: z.ZodString) =>
  s.refine((t) => !hasUnsafeCharacters(t), { message: "contains control or bidirectional formatting characters" });

export const SkillName = z
  .string()
  .min(1)
  .max(NAME_MAX)
  .regex(SKILL_NAME, { message: "a skill name is lower-case letters and digits joined by single hyphens" });

export const SkillDescription = noUnsafe(z.string().min(1).max(DESCRIPTION_MAX));

export const OwnerName = z.string().regex(GITHUB_OWNER, { message: "not a GitHub user or organisation name" });
export const RepoName = z.string().regex(GITHUB_REPO, { message: "not a GitHub repository name" });

/** A short label from a repository (a license id, a topic): bounded and free of unsafe characters. */
export const ShortText = (max: number) => noUnsafe(z.string().max(max));
