// Where a SKILL.md's markdown body starts: the split between the raw file (the content endpoint)
// and the detail's `content`, which the build records as `bodyStart` in the detail shards and the
// page applies to the other SKILL.md files of a collection.

/**
 * Where the markdown body starts in a raw SKILL.md: after a leading `---` frontmatter block
 * (an optional BOM and CRLF line ends allowed), else at 0. A block that never closes is not frontmatter.
 */
export function bodyStart(raw: string): number {
  const open = /^\uFEFF?---[ \t]*\r?\n/.exec(raw);
  if (!open) return 0;
  const close = /^(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/m;
  const rest = raw.slice(open[0].length);
  const m = close.exec(rest);
  if (!m) return 0;
  // The body starts at its first line of text, not at the blank lines after the block.
  const after = open[0].length + m.index + m[0].length;
  return after + (/^(?:[ \t]*\r?\n)*/.exec(raw.slice(after))?.[0].length ?? 0);
}
