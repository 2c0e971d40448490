// What one repository's untrusted text may cost the crawl. YAML aliases make a small frontmatter
// expand into a huge value (a 112 KB file whose list fields alias one long string thousands of
// times), and parsing stays cheap while every later step that walks or joins the value does not.
// So the frontmatter is bounded before parsing (bytes) and after (every node and every character
// counted as reached, aliases included), and a repository is bounded in files and bytes. A file or
// a repository over budget fails that repository alone (its previous record is kept).

export interface UntrustedBudget {
  /** Bytes of the frontmatter block, before it is parsed. */
  frontmatterBytes: number;
  /** Values reached when walking the parsed frontmatter (every alias use counts again). */
  frontmatterNodes: number;
  /** Nesting depth of the parsed frontmatter. */
  frontmatterDepth: number;
  /** Characters of all strings and keys reached when walking the parsed frontmatter. */
  frontmatterChars: number;
  /** SKILL.md files of one repository. */
  filesPerRepository: number;
  /** Bytes of all SKILL.md files of one repository. */
  bytesPerRepository: number;
}

export const DEFAULT_BUDGET: UntrustedBudget = {
  frontmatterBytes: 64 * 1024,
  frontmatterNodes: 10_000,
  frontmatterDepth: 32,
  frontmatterChars: 256 * 1024,
  filesPerRepository: 2_000,
  bytesPerRepository: 16 * 1024 * 1024,
};

/** Why a parsed frontmatter is over budget, or undefined. Stops as soon as a bound is passed. */
export function frontmatterOverBudget(value: unknown, budget: UntrustedBudget = DEFAULT_BUDGET): string | undefined {
  let nodes = 0;
  let chars = 0;
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: v, depth } = stack.pop()!;
    if (++nodes > budget.frontmatterNodes)
      return `frontmatter has more than ${budget.frontmatterNodes} values once its aliases are expanded`;
    if (depth > budget.frontmatterDepth) return `frontmatter is nested more than ${budget.frontmatterDepth} levels deep`;
    if (typeof v === "string") chars += v.length;
    else if (Array.isArray(v)) for (const item of v) stack.push({ value: item, depth: depth + 1 });
    else if (typeof v === "object" && v !== null && !(v instanceof Date)) {
      for (const [key, item] of Object.entries(v)) {
        chars += key.length;
        stack.push({ value: item, depth: depth + 1 });
      }
    }
    if (chars > budget.frontmatterChars)
      return `frontmatter holds more than ${budget.frontmatterChars} characters once its aliases are expanded`;
  }
  return undefined;
}

/** Why a repository's SKILL.md files are over budget, or undefined. */
export function repositoryOverBudget(files: readonly { size: number }[], budget: UntrustedBudget = DEFAULT_BUDGET): string | undefined {
  if (files.length > budget.filesPerRepository)
    return `${files.length} SKILL.md files, more than the ${budget.filesPerRepository} a repository may have`;
  const bytes = files.reduce((n, f) => n + f.size, 0);
  if (bytes > budget.bytesPerRepository)
    return `SKILL.md files of ${bytes} bytes in all, more than the ${budget.bytesPerRepository} a repository may have`;
  return undefined;
}

/**
 * Joins `parts` with `separator`, stopping at `maxChars`: the classifier and the index read at most
 * that much, so nothing longer is ever built.
 */
export function boundedJoin(parts: Iterable<string>, separator: string, maxChars: number): string {
  let out = "";
  for (const part of parts) {
    const next = out === "" ? part : separator + part;
    if (out.length + next.length >= maxChars) return out + next.slice(0, maxChars - out.length);
    out += next;
  }
  return out;
}
