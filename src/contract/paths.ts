// Every path of the built site that the build writes and the function reads, named once. Paths
// below are relative to the data folder (dist/_data), which the function fetches through env.ASSETS.
import type { SortKey, SortOrder } from "../schemas/params.js";
import type { ColumnName } from "./columns.js";

/** The data folder inside the built site. */
export const DATA_PREFIX = "_data";
/** The same folder as a URL path on the deployment. */
export const DATA_PATH = `/${DATA_PREFIX}/`;

export const MANIFEST_FILE = "manifest.json";
export const OPENAPI_FILE = "openapi.json";
/** Which paths reach the Pages Function (at the site's root, not under the data folder). */
export const ROUTES_FILE = "_routes.json";

/** A column of the list index: u32 per skill ordinal (src/contract/columns.ts). */
export const columnFile = (name: ColumnName): string => `lists/columns/${name}.bin`;
/** Block `n` of the summary refs: where the summaries of skills n * REF_BLOCK .. live, little-endian u32 (src/contract/columns.ts). */
export const refBlockFile = (n: number): string => `lists/refs/${String(n).padStart(4, "0")}.bin`;
/** A prebuilt list order: skill ordinals as little-endian u32 (src/contract/list-order.ts). */
export const listOrderFile = (sort: SortKey, order: SortOrder): string => `lists/${sort}-${order}.bin`;
/** The same order over every skill, malicious ones included (`trust=any`); the order above leaves them out. */
export const listAllOrderFile = (sort: SortKey, order: SortOrder): string => `lists/all/${sort}-${order}.bin`;
/** The ordinals of the skills with a verdict, ascending, as little-endian u32 (src/contract/trust-sets.ts). */
export const trustSetFile = (verdict: "malicious" | "suspicious"): string => `lists/trust/${verdict}.bin`;
/** Head file `n` of an order: the summaries of its positions from n * chunk, a slotted shard by position (src/contract/list-order.ts LIST_HEAD). */
export const listHeadFile = (sort: SortKey, order: SortOrder, n: number): string =>
  `lists/head/${sort}-${order}/${String(n).padStart(4, "0")}.bin`;

/** Which skills an order's blocks cover: the listed ones (listOrderFile) or all (listAllOrderFile). */
export type ListSet = "listed" | "all";
/** Block `n` of an order: its positions' summary refs and `updated` seconds (src/contract/list-blocks.ts). */
export const listBlockFile = (set: ListSet, sort: SortKey, order: SortOrder, n: number): string =>
  `lists/blocks/${set}/${sort}-${order}/${String(n).padStart(4, "0")}.bin`;
/** The `updated` seconds at the first position of every block of the newest-first updated order, little-endian u32. */
export const updatedStepsFile = (set: ListSet): string => `lists/blocks/${set}/updated-steps.bin`;

/** A category's list in one order: its listed skills as [ordinal, platforms mask] u32 pairs (src/contract/category-lists.ts). */
export const categoryListFile = (slug: string, sort: SortKey, order: SortOrder): string => `lists/category/${slug}/${sort}-${order}.bin`;
/** Head file `n` of a category's list in one order: the summaries of its positions from n * chunk, slotted by position like listHeadFile. */
export const categoryHeadFile = (slug: string, sort: SortKey, order: SortOrder, n: number): string =>
  `lists/category/${slug}/head/${sort}-${order}/${String(n).padStart(4, "0")}.bin`;

/** Head file `n` of a platform's listed skills in one order (`platform=` alone, the commonest filter), slotted by position like listHeadFile. */
export const platformHeadFile = (id: string, sort: SortKey, order: SortOrder, n: number): string =>
  `lists/platform/${id}/head/${sort}-${order}/${String(n).padStart(4, "0")}.bin`;

/** Categories of one locale: the list and every category's detail (src/contract/categories.ts). */
export const categoriesFile = (locale: string): string => `categories/${locale}.json`;

/** GET /status, prebuilt whole (src/build/status.ts). */
export const STATUS_FILE = "status.json";
/** What GET /index-status needs besides its shards: their count and the exclusion patterns. */
export const INDEX_STATUS_RULES_FILE = "index-status/rules.json";
/** Shard `n` of the index-status answers, JSON keyed by lower-cased owner/repo (src/contract/status.ts). */
export const indexStatusFile = (n: number): string => `index-status/${String(n).padStart(4, "0")}.json`;

export type ShardFamily = "skills" | "files" | "summaries" | "texts";
/** `skills/0042.bin`-style name for shard `n` of a family (src/contract/shard.ts): a slotted shard (src/contract/slotted.ts). */
export const shardFile = (family: ShardFamily, n: number): string => `${family}/${String(n).padStart(4, "0")}.bin`;

/** The events feed (src/contract/events.ts): its index, chunks of events by seq, and the id -> seq shards. */
export const EVENTS_INDEX_FILE = "events/index.json";
export const eventChunkFile = (n: number): string => `events/chunks/${String(n).padStart(6, "0")}.json`;
export const eventIdShardFile = (n: number): string => `events/ids/${String(n).padStart(4, "0")}.json`;

/**
 * The search index's folders: term shards, autocomplete prefix tables, all suggestions, precomputed
 * prefix unions, the nested skills' term shards and owners, their names and paths, the typo vocabulary, the
 * related terms of the meaning model, and the layout of them all (src/contract/search-manifest.ts).
 */
export type SearchFolder = "terms" | "top" | "suggest" | "prefixes" | "nested" | "skills" | "typo" | "related" | "layout";
/** A search shard is named by a hash of its bytes, so an unchanged shard keeps its name and its caches. */
export const searchFile = (folder: SearchFolder, hash: string, ext: "bin" | "json"): string => `search/${folder}/${hash}.${ext}`;
export const SEARCH_FILE = /^search\/(terms|top|suggest|prefixes|nested|skills|typo|related|layout)\/[0-9a-f]{16}\.(bin|json)$/;
