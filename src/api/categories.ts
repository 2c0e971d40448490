// GET /categories, /categories/{slug}, /categories/{slug}/skills, in the requested locale.
import { LocalizedCategories } from "../contract/categories.js";
import { notFound } from "../contract/errors.js";
import { categoriesFile } from "../contract/paths.js";
import { categoryQuery } from "../schemas/params.js";
import { parseQuery } from "./query.js";
import type { HandlerResult, RequestScope } from "./scope.js";
import { LIST_PARAMS, listParams, listSkills } from "./skill-lists.js";

/** The locale to answer in: an exact match, else the language part (`pt-BR` -> `pt`), else English. */
export function resolveLocale(requested: string | undefined, available: readonly string[]): string {
  if (!requested) return "en";
  const lower = requested.toLowerCase();
  const exact = available.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const language = lower.split("-")[0];
  return available.find((l) => l.toLowerCase() === language) ?? "en";
}

async function localized(scope: RequestScope) {
  const { locale } = parseQuery(scope.url, categoryQuery, ["locale"]);
  const used = resolveLocale(locale, scope.manifest.vocabulary.locales);
  const categories = await scope.store.json(categoriesFile(used), LocalizedCategories);
  return { categories, headers: { "Content-Language": used } };
}

export async function categoryList(scope: RequestScope): Promise<HandlerResult> {
  const { categories, headers } = await localized(scope);
  return { body: { data: categories.list }, headers, cache: "data" };
}

const unknownCategory = (scope: RequestScope, slug: string) =>
  notFound(`category ${JSON.stringify(slug.slice(0, 100))} (known: ${scope.manifest.vocabulary.categories.join(", ")})`);

export async function categoryDetail(scope: RequestScope, slug: string): Promise<HandlerResult> {
  const { categories, headers } = await localized(scope);
  const detail = Object.hasOwn(categories.details, slug) ? categories.details[slug] : undefined;
  if (!detail) throw unknownCategory(scope, slug);
  return { body: { data: detail }, headers, cache: "data" };
}

export async function categorySkills(scope: RequestScope, slug: string): Promise<HandlerResult> {
  if (!scope.manifest.vocabulary.categories.includes(slug)) throw unknownCategory(scope, slug);
  const q = parseQuery(scope.url, listParams(scope), LIST_PARAMS);
  return listSkills(scope, q, {
    categories: q.category ? [slug, q.category] : [slug],
    platform: q.platform,
    updatedSince: q.updatedSince,
    trust: q.trust,
  });
}
