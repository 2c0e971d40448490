// `_routes.json`: which paths Cloudflare Pages hands to the function. Every path goes to the
// function except the page's own static files, each excluded by its exact path. A wildcard such as
// `/assets/*` is never written: the asset server decodes and resolves a path after the match, so a
// prefix rule would also match `/assets/..%2F_data/...` and serve the data files around the API.
import { z } from "zod";

/** Cloudflare's limit on include and exclude rules together. */
export const MAX_ROUTE_RULES = 100;

export const RoutesFile = z
  .object({
    version: z.literal(1),
    include: z.array(z.string()),
    exclude: z.array(z.string()).max(MAX_ROUTE_RULES - 1),
  })
  .strict();
export type RoutesFile = z.infer<typeof RoutesFile>;

/** Names a rule can carry literally: no wildcard, no escape, no dot segment. */
const LITERAL_PATH = /^(?:[A-Za-z0-9][A-Za-z0-9._~-]*)(?:\/[A-Za-z0-9][A-Za-z0-9._~-]*)*$/;

/**
 * The routes for a site holding `paths` (relative, forward slashes). Files under a top-level name
 * starting with `_` are the API's data or Pages configuration and are never excluded; a file whose
 * name cannot be written as a literal rule is left to the function (which answers it with a 404).
 */
export function routesFile(paths: readonly string[]): RoutesFile {
  const exclude = paths
    .filter((p) => !p.startsWith("_") && LITERAL_PATH.test(p))
    .map((p) => `/${p}`)
    .sort();
  if (exclude.length > MAX_ROUTE_RULES - 1) {
    throw new Error(
      `the site has ${exclude.length} static files outside _data; _routes.json can exclude at most ${MAX_ROUTE_RULES - 1} (bundle the page into fewer files)`,
    );
  }
  return RoutesFile.parse({ version: 1, include: ["/*"], exclude });
}
