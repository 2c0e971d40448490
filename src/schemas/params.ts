// Query parameters of every endpoint (README "Endpoints"), with their limits and defaults.
// Values arrive as strings; each schema parses and bounds them so that a bad value becomes
// a 400 naming the parameter, never a default silently applied.
import { z } from "zod";

export const LIMITS = {
  listMax: 100,
  listDefault: 20,
  searchMax: 100,
  searchDefault: 20,
  suggestMax: 20,
  suggestDefault: 5,
  queryMaxLength: 200,
} as const;

/** A whole number written in decimal digits, within [min, max]. */
export const intParam = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, { message: `must be a whole number from ${min} to ${max}` })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { message: `must be at least ${min}` })
        .max(max, { message: `must be at most ${max}` }),
    )
    .optional()
    .transform((v) => v ?? fallback);

export const SortKey = z.enum(["stars", "updated", "name"]);
export type SortKey = z.infer<typeof SortKey>;
export const SortOrder = z.enum(["asc", "desc"]);
export type SortOrder = z.infer<typeof SortOrder>;

/** Default order per sort key: most stars and most recent first, names A to Z. */
export const defaultOrder = (sort: SortKey): SortOrder => (sort === "name" ? "asc" : "desc");

const oneOf = (allowed: readonly string[]) =>
  z.enum(allowed.length > 0 ? (allowed as [string, ...string[]]) : [""], {
    message: `must be one of: ${allowed.join(", ")}`,
  });

export interface Vocabulary {
  categories: readonly string[];
  platforms: readonly string[];
}

export const listQuery = (vocab: Vocabulary) =>
  z
    .object({
      page: intParam(1, 1_000_000_000, 1),
      limit: intParam(1, LIMITS.listMax, LIMITS.listDefault),
      sort: SortKey.optional().transform((v) => v ?? "stars"),
      order: SortOrder.optional(),
      category: oneOf(vocab.categories).optional(),
      platform: oneOf(vocab.platforms).optional(),
    })
    .transform((q) => ({ ...q, order: q.order ?? defaultOrder(q.sort) }));
export type ListQuery = z.output<ReturnType<typeof listQuery>>;

export const BooleanParam = z
  .enum(["true", "false", "1", "0"], { message: "must be true or false" })
  .transform((v) => v === "true" || v === "1");

export const searchQuery = (vocab: Vocabulary) =>
  z.object({
    q: z
      .string()
      .optional()
      .describe(
        "The query (docs/SEARCH.md): 2 to 200 characters, at most 24 words, phrases and prefixes. Missing, empty or one character: 400 INVALID_QUERY",
      ),
    page: intParam(1, 1_000_000_000, 1),
    limit: intParam(1, LIMITS.searchMax, LIMITS.searchDefault),
    category: oneOf(vocab.categories).optional(),
    platform: oneOf(vocab.platforms).optional(),
    minStars: intParam(0, 1_000_000_000, 0),
    hasIndex: BooleanParam.optional(),
  });
export type SearchQuery = z.output<ReturnType<typeof searchQuery>>;

export const suggestQuery = z.object({
  q: z
    .string()
    .optional()
    .describe("The text typed so far: 1 to 200 characters (one character is the first keystroke). Missing or empty: 400 INVALID_QUERY"),
  limit: intParam(1, LIMITS.suggestMax, LIMITS.suggestDefault),
});
export type SuggestQuery = z.output<typeof suggestQuery>;

/** A language tag such as `en`, `zh` or `pt-BR`; unknown but well-formed tags fall back to `en`. */
export const LocaleParam = z
  .string()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, { message: "must be a language code such as en, zh or pt-BR" })
  .optional();

export const contentQuery = z.object({ path: z.string().min(1).max(1024).optional() });
