// The routes of the directory page, shared by the page (its client-side router) and the function
// that answers them with the page's index.html. A pattern is a path of literal segments and
// `:name` placeholders, each matching exactly one non-empty segment; a trailing slash is allowed.
export const PAGE_ROUTE = {
  home: "/",
  categories: "/categories",
  category: "/categories/:slug",
  skill: "/skills/:owner/:repo",
} as const;
export type PageRouteName = keyof typeof PAGE_ROUTE;

export const PAGE_ROUTES: readonly string[] = Object.values(PAGE_ROUTE);

export interface PageMatch {
  name: PageRouteName;
  /** The placeholders' values, percent-decoded. */
  params: Record<string, string>;
}

const segmentsOf = (path: string) => path.split("/").filter((s, i, all) => !(s === "" && (i === 0 || i === all.length - 1)));

const compiled = (Object.entries(PAGE_ROUTE) as [PageRouteName, string][]).map(([name, pattern]) => ({
  name,
  segments: segmentsOf(pattern),
}));

function decodeSegment(segment: string): string | undefined {
  try {
    const value = decodeURIComponent(segment);
    // A placeholder is one segment: an encoded slash would make it two.
    return value.includes("/") ? undefined : value;
  } catch {
    return undefined;
  }
}

/** The page route `pathname` (as sent, still percent-encoded) names, with its decoded parameters. */
export function matchPageRoute(pathname: string): PageMatch | undefined {
  if (!pathname.startsWith("/")) return undefined;
  const parts = segmentsOf(pathname);
  for (const { name, segments } of compiled) {
    if (segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matches = segments.every((p, i) => {
      const part = parts[i] ?? "";
      if (!p.startsWith(":")) return p === part;
      const value = part === "" ? undefined : decodeSegment(part);
      if (value === undefined) return false;
      params[p.slice(1)] = value;
      return true;
    });
    if (matches) return { name, params };
  }
  return undefined;
}

/** Whether `pathname` (as sent, still percent-encoded) is one of the page's routes. */
export const isPageRoute = (pathname: string): boolean => matchPageRoute(pathname) !== undefined;

/** The path of a page route, its parameters filled in and encoded. */
export const pagePath = (name: PageRouteName, params: Record<string, string> = {}): string =>
  PAGE_ROUTE[name].replace(/:([a-z]+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ""));
