// What every view gets: the API client, the locale and its words, navigation, and the page's
// title and description. Views are plain functions that fill the main element.

import { CategoryListEnvelope } from "../../src/schemas/envelope.js";
import type { Category } from "../../src/schemas/resources.js";
import type { ApiClient } from "./api.js";
import type { Locale, Translate } from "./i18n.js";

export interface App {
  api: ApiClient;
  /** The locale of category names (any of the eight). */
  locale: Locale;
  /** The language of the page's own words (English when the locale has none). */
  wordsLocale: Locale;
  t: Translate;
  navigate(url: string, options?: { replace?: boolean }): void;
  setMeta(title: string, description: string): void;
  categories(): Promise<Category[]>;
}

export function categoriesOf(api: ApiClient, locale: Locale): () => Promise<Category[]> {
  return async () => (await api.get(`/categories?locale=${locale}`, CategoryListEnvelope)).data;
}
