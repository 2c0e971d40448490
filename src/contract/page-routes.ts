// The routes of the directory page, shared by the page (its client-side router) and the function
// that answers them with the page's index.html. A pattern is a path of literal segments and
// `:name` placeholders, each matching exactly one non-empty segment; a trailing slash is allowed.
export const PAGE_ROUTES = ["/", "/skills/:owner/:repo", "/categories/:slug"] as const;

const segmentsOf = (path: string) => path.split("/").filter((s, i, all) => !(s === "" && (i === 0 || i === all.length - 1)));

const compiled = PAGE_ROUTES.map(segmentsOf);

/** Whether `pathname` (as sent, still percent-encoded) is one of the page's routes. */
export function isPageRoute(pathname: string): boolean {
  if (!pathname.startsWith("/")) return false;
  const parts = segmentsOf(pathname);
  return compiled.some(
    (pattern) => pattern.length === parts.length && pattern.every((p, i) => (p.startsWith(":") ? parts[i] !== "" : p === parts[i])),
  );
}
