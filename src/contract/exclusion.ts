// The exclusion patterns of sources.json (`owner/repo` or `owner/*`, case-insensitive): the crawler
// never lists a match, and GET /index-status names the pattern that matched.

/** The first pattern that matches `owner/repo`, or undefined. */
export function exclusionRule(name: string, patterns: readonly string[]): string | undefined {
  const [owner = "", repo = ""] = name.toLowerCase().split("/");
  return patterns.find((pattern) => {
    const [po = "", pr = ""] = pattern.toLowerCase().split("/");
    return po === owner && (pr === "*" || pr === repo);
  });
}
