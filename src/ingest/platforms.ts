// Which platforms a skill supports, and how to install it on each (docs/CRAWLER.md):
// the portable default of data/platforms.json, plus every platform whose evidence path is present
// in the repository, plus every platform the frontmatter `compatibility` names. Listed in file order.

import type { z } from "zod";
import type { PlatformsFile } from "../schemas/dataset.js";
import { OwnerName, RepoName } from "../schemas/untrusted-text.js";

export interface PlatformInput {
  owner: string;
  repo: string;
  /** Paths of the repository tree (files and folders), or the evidence subset kept from a crawl. */
  paths: readonly string[];
  /** Frontmatter `compatibility` texts of the repository's SKILL.md files. */
  compatibility: readonly string[];
  /** Whether the repository has .claude-plugin/marketplace.json; when false, `installWithoutIndex` applies. */
  hasIndex?: boolean;
}

/** Whether a tree path shows an evidence entry: an exact file, or a folder (ending in `/`), at any depth. */
export function showsEvidence(path: string, evidence: string): boolean {
  if (evidence.endsWith("/")) {
    const dir = evidence.slice(0, -1);
    return path === dir || path.startsWith(evidence) || path.endsWith(`/${dir}`) || path.includes(`/${evidence}`);
  }
  return path === evidence || path.endsWith(`/${evidence}`);
}

/** The tree paths worth keeping between crawls: those that show any platform's evidence. */
export function evidencePaths(paths: readonly string[], platforms: PlatformsFile): string[] {
  const all = platforms.platforms.flatMap((p) => p.evidence);
  return paths.filter((path) => all.some((e) => showsEvidence(path, e))).sort();
}

/** `value` when `schema` accepts it; else an error that names the value and the rule. */
function checked(schema: z.ZodType<string>, value: string): string {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`${JSON.stringify(value.slice(0, 100))}: ${result.error.issues[0]?.message ?? "invalid"}`);
  return result.data;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function derivePlatforms(
  input: PlatformInput,
  platforms: PlatformsFile,
): { platforms: string[]; installCommands: Record<string, string> } {
  const chosen = new Set(platforms.default);
  const compat = input.compatibility.join("\n");
  for (const p of platforms.platforms) {
    if (p.evidence.some((e) => input.paths.some((path) => showsEvidence(path, e)))) chosen.add(p.id);
    const mention = new RegExp(`(^|[^a-z0-9])(${escapeRe(p.id)}|${escapeRe(p.name)})($|[^a-z0-9])`, "i");
    if (mention.test(compat)) chosen.add(p.id);
  }
  const ordered = platforms.platforms.filter((p) => chosen.has(p.id));
  // Commands are built only from names that keep GitHub's rules, and filled in by a function, so
  // no character of a name is ever read as part of the template (`$&` and the like).
  const names: Record<string, string> = { owner: checked(OwnerName, input.owner), repo: checked(RepoName, input.repo) };
  const installCommands: Record<string, string> = {};
  for (const p of ordered) {
    const template = input.hasIndex === false && p.installWithoutIndex ? p.installWithoutIndex : p.install;
    installCommands[p.id] = template.replace(/\{(owner|repo)\}/g, (_, key: string) => names[key]!);
  }
  return { platforms: ordered.map((p) => p.id), installCommands };
}
