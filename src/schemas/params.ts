// Query parameters of every endpoint (README "Endpoints"), with their limits and defaults.
// Values arrive as strings; each schema parses and bounds them so that a bad value becomes
// a 400 naming the parameter, never a default silently applied. Each field also carries what the
// OpenAPI document says of it (ParamDoc), so the document cannot differ from what is enforced.
import { z } from "zod";
import { TRUST_FILTERS } from "./trust.js";

export const LIMITS = {
  listMax: 100,
  listDefault: 20,
  searchMax: 100,
  searchDefault: 20,
  suggestMax: 20,
  suggestDefault: 5,
  queryMaxLength: 200,
} as const;

/**
 * What the OpenAPI document says of a query parameter: its description, an example, and (where the
 * URL's string is parsed into another type) the schema of the value as a client writes it.
 */
export interface ParamDoc {
  description: string;
  example?: unknown;
  required?: boolean;
  param?: Record<string, unknown>;
}
const doc = <T extends z.ZodType>(schema: T, meta: ParamDoc): T => schema.meta({ ...meta });

/** A whole number written in decimal digits, within [min, max]. */
export const intParam = (min: number, max: number, fallback: number, description: string, example?: number) =>
  doc(
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
      .transform((v) => v ?? fallback),
    {
      description,
      ...(example === undefined ? {} : { example }),
      param: { type: "integer", minimum: min, maximum: max, default: fallback },
    },
  );

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

// The largest number of nine digits: intParam reads at most nine, so that Number() stays exact.
const PAGE_MAX = 999_999_999;
const page = () => intParam(1, PAGE_MAX, 1, "Page number, from 1. A page beyond the last answers an empty `data`.", 1);
const categoryFilter = (vocab: Vocabulary) =>
  doc(oneOf(vocab.categories).optional(), { description: "Only skills in this category (a slug).", example: "data" });
const platformFilter = (vocab: Vocabulary) =>
  doc(oneOf(vocab.platforms).optional(), { description: "Only skills installable on this platform.", example: "codex" });
/** `updatedSince`: an ISO 8601 timestamp (offset allowed); skills updated at or after it, to the second. */
const updatedSince = () =>
  doc(
    z.iso
      .datetime({ offset: true, message: "must be an ISO 8601 timestamp such as 2026-11-20T06:00:00Z" })
      .transform((v) => Math.ceil(Date.parse(v) / 1000))
      .optional(),
    {
      description: "Only skills whose `updatedAt` is at or after this time (to the second), for mirrors that sync incrementally.",
      example: "2026-11-20T06:00:00Z",
      param: { type: "string", format: "date-time" },
    },
  );

/** `trust`: which verdicts a list or search keeps (src/schemas/trust.ts TrustFilter). */
const trustFilter = () =>
  doc(
    z
      .enum(TRUST_FILTERS, { message: `must be one of: ${TRUST_FILTERS.join(", ")}` })
      .optional()
      .transform((v) => v ?? "default"),
    {
      description:
        "Which skills by the trust scanner's verdict: `default` leaves `malicious` ones out, `clean` keeps only `clean` ones, `any` keeps all (docs/API.md).",
      example: "clean",
      param: { type: "string", enum: [...TRUST_FILTERS], default: "default" },
    },
  );

export const listQuery = (vocab: Vocabulary) =>
  z
    .object({
      page: page(),
      limit: intParam(1, LIMITS.listMax, LIMITS.listDefault, "Items per page.", 20),
      sort: doc(
        SortKey.optional().transform((v) => v ?? "stars"),
        { description: "Sort key.", param: { type: "string", enum: SortKey.options, default: "stars" } },
      ),
      order: doc(SortOrder.optional(), { description: "Sort order; defaults to `desc` for `stars` and `updated`, `asc` for `name`." }),
      category: categoryFilter(vocab),
      platform: platformFilter(vocab),
      updatedSince: updatedSince(),
      trust: trustFilter(),
    })
    .transform((q) => ({ ...q, order: q.order ?? defaultOrder(q.sort) }));
export type ListQuery = z.output<ReturnType<typeof listQuery>>;

export const BooleanParam = z
  .enum(["true", "false", "1", "0"], { message: "must be true or false" })
  .transform((v) => v === "true" || v === "1");

/** `q` of search and autocomplete: its length bounds in characters (src/search/query.ts checks them). */
const queryText = (minLength: number, description: string, example: string) =>
  doc(z.string().optional(), {
    description,
    example,
    required: true,
    param: { type: "string", minLength, maxLength: LIMITS.queryMaxLength },
  });

/** How a search uses meaning (docs/SEARCH.md, "Intent"): `default` adds related terms, `keyword` only the words typed. */
export const SEARCH_MODES = ["default", "keyword"] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];

export const searchQuery = (vocab: Vocabulary) =>
  z.object({
    q: queryText(
      2,
      'The query (docs/SEARCH.md): words, "phrases", field:word, -exclusions and prefix*; 2 to 200 characters, at most 12 words, phrases and prefixes. Missing, empty or one character: 400 INVALID_QUERY.',
      "pdf -form",
    ),
    page: page(),
    limit: intParam(1, LIMITS.searchMax, LIMITS.searchDefault, "Results per page.", 20),
    category: categoryFilter(vocab),
    platform: platformFilter(vocab),
    minStars: intParam(0, PAGE_MAX, 0, "Only skills with at least this many stars.", 100),
    hasIndex: doc(BooleanParam.optional(), {
      description: "Only skills whose repository has (`true`) or lacks (`false`) a `.claude-plugin/marketplace.json`.",
      param: { type: "boolean" },
    }),
    mode: doc(
      z
        .enum(SEARCH_MODES, { message: `must be one of: ${SEARCH_MODES.join(", ")}` })
        .optional()
        .transform((v) => v ?? "default"),
      {
        description:
          "`default`: the query's plain words also bring in their related domain terms (learned from the directory's own SKILL.md files), ranked below the words typed, and a query whose words match nothing falls back to them (`meta.fallback`); `keyword`: only the words typed and their typo matches.",
        param: { type: "string", enum: SEARCH_MODES, default: "default" },
      },
    ),
    trust: trustFilter(),
  });
export type SearchQuery = z.output<ReturnType<typeof searchQuery>>;

export const suggestQuery = z.object({
  q: queryText(
    1,
    "The text typed so far, the last word possibly partial: 1 to 200 characters (one character is the first keystroke). Missing or empty: 400 INVALID_QUERY.",
    "pd",
  ),
  limit: intParam(1, LIMITS.suggestMax, LIMITS.suggestDefault, "Most suggestions to return.", 5),
});
export type SuggestQuery = z.output<typeof suggestQuery>;

/** A language tag such as `en`, `zh` or `pt-BR`; unknown but well-formed tags fall back to `en`. */
export const LocaleParam = doc(
  z
    .string()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, { message: "must be a language code such as en, zh or pt-BR" })
    .optional(),
  {
    description:
      "Language of names and descriptions: en, zh, ja, ko, es, fr, de or pt; another well-formed tag falls back (`pt-BR` to `pt`, else `en`).",
    example: "ja",
  },
);

export const categoryQuery = z.object({ locale: LocaleParam });

export const contentQuery = z.object({
  path: doc(z.string().min(1).max(1024).optional(), {
    description:
      "Repository path of a text file of the skill's folders, exactly as `GET /skills/{owner}/{repo}/files` lists it (another SKILL.md, a script, a reference); the primary SKILL.md when absent. A listed binary, symlink or omitted file is 400, an unlisted path 404.",
    example: "skills/pdf-ocr/SKILL.md",
  }),
});

/** GitHub owner and repository names: letters, digits, `-`, `_` and `.`, never `.` or `..` alone. */
export const GITHUB_NAME = /^[A-Za-z0-9_.-]{1,100}$/;
export const GitHubName = z
  .string()
  .regex(GITHUB_NAME)
  .refine((s) => s !== "." && s !== "..");
