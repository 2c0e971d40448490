// Chooses the primary SKILL.md of a repository (docs/CRAWLER.md): the root file if there is one; else the
// file whose folder or frontmatter name matches the repository name; else the shallowest; then by path.
export interface PrimaryCandidate {
  path: string;
  name: string;
}

const depth = (path: string) => path.split("/").length;
const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export function choosePrimary<T extends PrimaryCandidate>(files: readonly T[], repo: string): T | undefined {
  const root = files.find((f) => f.path === "SKILL.md");
  if (root) return root;
  const want = norm(repo);
  const matches = (f: T) => {
    const parts = f.path.split("/");
    return norm(parts[parts.length - 2] ?? "") === want || norm(f.name) === want;
  };
  const byDepthThenPath = (a: T, b: T) => depth(a.path) - depth(b.path) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  const named = files.filter(matches).sort(byDepthThenPath);
  return named[0] ?? [...files].sort(byDepthThenPath)[0];
}
