// Parses one SKILL.md: frontmatter with gray-matter (YAML only: code-running engines refused),
// checked against the agentskills.io rules. Never throws: a file that breaks the rules is kept
// with true fallbacks and its reasons (a name that breaks them gives way to the folder's); a file
// that cannot be read as a skill at all is refused; a frontmatter over the budget of budget.ts is
// refused before anything walks it, and fails its repository.
import matter from "gray-matter";
import { isSkillName, toDescription, toSkillName } from "../schemas/untrusted-text.js";
import { DEFAULT_BUDGET, frontmatterOverBudget, type UntrustedBudget } from "./budget.js";
import { frontmatterProblems } from "./frontmatter.js";

export interface ParsedSkill {
  /** Frontmatter name when it is a non-empty string, else the folder (or repository) name. */
  name: string;
  /** Frontmatter description when it is a non-empty string, else the first paragraph of the body. */
  description: string;
  /** The Markdown body, frontmatter removed. */
  body: string;
  /** The frontmatter as parsed (empty when there is none or it is not a mapping). */
  data: Record<string, unknown>;
  /** Rule violations; empty for a valid file. */
  problems: string[];
}

export type SkillParse = { ok: true; skill: ParsedSkill } | { ok: false; reason: string; overBudget?: boolean };

const refuse = (): never => {
  throw new Error("only YAML frontmatter is read (code-running engines are disabled)");
};
const ENGINES = {
  javascript: { parse: refuse },
  js: { parse: refuse },
  coffee: { parse: refuse },
  coffeescript: { parse: refuse },
  cson: { parse: refuse },
};

const isMapping = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date);

/** The folder holding a SKILL.md, or the fallback for a root file. */
export function folderName(path: string, rootFallback: string): string {
  const parts = path.split("/");
  return parts.length >= 2 ? parts[parts.length - 2]! : rootFallback;
}

/** First paragraph of Markdown prose: headings, fences, images and HTML skipped; max 300 chars. */
export function firstParagraph(body: string): string {
  const lines: string[] = [];
  let inFence = false;
  for (const raw of body.split("\n")) {
    const line = raw.trim();
    if (line.startsWith("```") || line.startsWith("~~~")) {
      inFence = !inFence;
      if (lines.length) break;
      continue;
    }
    if (inFence) continue;
    if (line === "") {
      if (lines.length) break;
      continue;
    }
    if (/^(#|!\[|<|\||---|===|\[!)/.test(line)) {
      if (lines.length) break;
      continue;
    }
    lines.push(line.replace(/^[-*>]\s+/, ""));
  }
  const text = lines.join(" ").replace(/\s+/g, " ").trim();
  return text.length > 300 ? `${text.slice(0, 297).trimEnd()}...` : text;
}

const textValue = (v: unknown): string | undefined => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined);

/** Why raw text cannot be a skill at all, if so. */
function unreadable(raw: string): string | undefined {
  if (raw.trim() === "") return "empty file";
  if (raw.includes("\u0000")) return "binary content (NUL bytes)";
  const replacement = raw.match(/\uFFFD/g)?.length ?? 0;
  if (replacement > 16 && replacement > raw.length / 100) return "binary content (not UTF-8 text)";
  return undefined;
}

/** The bytes of the frontmatter block (up to its closing line, or the whole text when it has none). */
function frontmatterBytes(text: string): number {
  const close = text.search(/\n---[ \t]*(\n|$)/);
  return Buffer.byteLength(close === -1 ? text : text.slice(0, close));
}

/** The skill's name: the frontmatter's when it keeps the rules, else the folder's, made valid if need be. */
function skillName(data: Record<string, unknown>, path: string, rootFallback: string, problems: string[]): string {
  const declared = textValue(data.name);
  if (declared !== undefined && isSkillName(declared)) return declared;
  const folder = folderName(path, rootFallback);
  const name = isSkillName(folder) ? folder : toSkillName(folder) || toSkillName(rootFallback) || "skill";
  if (declared !== undefined) problems.push(`the name breaks the naming rules; listed under the folder name "${name}" instead`);
  return name;
}

export function parseSkillFile(raw: string, path: string, rootFallback: string, budget: UntrustedBudget = DEFAULT_BUDGET): SkillParse {
  const bad = unreadable(raw);
  if (bad) return { ok: false, reason: bad };
  const text = raw.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  if (/^---[ \t]*\n/.test(text)) {
    const bytes = frontmatterBytes(text);
    if (bytes > budget.frontmatterBytes)
      return { ok: false, reason: `frontmatter of ${bytes} bytes, more than the ${budget.frontmatterBytes} allowed`, overBudget: true };
  }
  const problems: string[] = [];
  let data: Record<string, unknown> = {};
  let body = text;
  if (!/^---[ \t]*\n/.test(text)) {
    problems.push("no YAML frontmatter");
  } else {
    try {
      const file = matter(text, { engines: ENGINES });
      body = file.content;
      const fm: unknown = file.data;
      const over = frontmatterOverBudget(fm, budget);
      if (over) return { ok: false, reason: over, overBudget: true };
      if (isMapping(fm)) data = fm;
      else problems.push(`frontmatter is ${Array.isArray(fm) ? "a list" : `a ${typeof fm}`}, not a mapping`);
    } catch (e) {
      const message = e instanceof Error ? e.message.split("\n")[0] : String(e);
      problems.push(`frontmatter is not valid YAML: ${message}`);
      const close = text.indexOf("\n---", 3);
      body = close === -1 ? text : text.slice(close + 4).replace(/^[^\n]*\n?/, "");
    }
  }
  if (problems.length === 0 && /^---[ \t]*\n/.test(text) && !/\n---[ \t]*(\n|$)/.test(text.slice(3)))
    problems.push("frontmatter is not closed by a --- line");
  if (problems.length === 0) problems.push(...frontmatterProblems(data));
  const name = skillName(data, path, rootFallback, problems);
  const description = toDescription(textValue(data.description) ?? firstParagraph(body));
  return { ok: true, skill: { name, description, body, data, problems } };
}
