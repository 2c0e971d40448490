// Pieces the views share: skill cards, pagination, category grids (and the status blocks, re-exported).
import type { z } from "zod";
import { pagePath } from "../../../src/contract/page-routes.js";
import type { Pagination } from "../../../src/schemas/envelope.js";
import type { Category, SearchResult, SkillSummary } from "../../../src/schemas/resources.js";
import type { App } from "../app.js";
import { formatDate, formatNumber, h, highlight } from "../dom.js";
import { verdictBadge } from "./trust.js";

type Pages = z.infer<typeof Pagination>;

export const skillHref = (owner: string, repo: string) => pagePath("skill", { owner, repo });

export function summaryCard(app: App, s: SkillSummary, categoryNames: Map<string, string>): HTMLElement {
  return h(
    "li",
    { class: "card" },
    h("h3", {}, h("a", { href: skillHref(s.owner, s.repo) }, s.name), " ", verdictBadge(app, s.verdict)),
    h("p", { class: "repo" }, `${s.owner}/${s.repo}`),
    h("p", { class: "description" }, s.description),
    h(
      "p",
      { class: "meta" },
      h("span", { class: "stars", "aria-label": `${app.t("stars")}: ${s.stars}` }, `★ ${formatNumber(s.stars, app.wordsLocale)}`),
      h("span", {}, `${app.t("updated")} ${formatDate(s.updatedAt, app.wordsLocale)}`),
      ...s.categories.map((c) =>
        h("a", { class: "chip", href: pagePath("category", { slug: c }), lang: app.locale }, categoryNames.get(c) ?? c),
      ),
    ),
  );
}

export function resultCard(app: App, r: SearchResult): HTMLElement {
  return h(
    "li",
    { class: "card" },
    h("h3", {}, h("a", { href: skillHref(r.owner, r.repo) }, ...highlight(r.highlights.name)), " ", verdictBadge(app, r.verdict)),
    h("p", { class: "repo" }, `${r.owner}/${r.repo}`),
    h("p", { class: "description" }, ...highlight(r.highlights.description)),
    h(
      "p",
      { class: "meta" },
      h("span", { class: "stars", "aria-label": `${app.t("stars")}: ${r.stars}` }, `★ ${formatNumber(r.stars, app.wordsLocale)}`),
    ),
  );
}

/** Previous / next links for a paged answer; `hrefFor(page)` gives each page's shareable URL. */
export function pager(app: App, p: Pages, hrefFor: (page: number) => string): HTMLElement | null {
  if (p.totalPages <= 1) return null;
  const link = (page: number, label: string, rel: string) =>
    page >= 1 && page <= p.totalPages
      ? h("a", { href: hrefFor(page), rel, class: "button" }, label)
      : h("span", { class: "button disabled", "aria-disabled": "true" }, label);
  return h(
    "nav",
    { class: "pager", "aria-label": app.t("pagination") },
    link(p.page - 1, app.t("previous"), "prev"),
    h("span", { "aria-current": "page" }, app.t("page", { page: p.page, pages: p.totalPages })),
    link(p.page + 1, app.t("next"), "next"),
  );
}

// The loading and error blocks live in ../status-views.ts; the views keep importing them from here.
export { failure, loading } from "../status-views.js";

export const categoryNameMap = (categories: { slug: string; name: string }[]) => new Map(categories.map((c) => [c.slug, c.name]));

/** The categories as a grid of links with their skill counts; `blurbs` adds each description. */
export function categoryGrid(app: App, categories: readonly Category[], blurbs = false): HTMLElement {
  return h(
    "ul",
    { class: blurbs ? "category-grid large" : "category-grid", lang: app.locale },
    ...categories.map((c) =>
      h(
        "li",
        {},
        h(
          "a",
          { href: pagePath("category", { slug: c.slug }) },
          h("span", { class: "name" }, c.name),
          h("span", { class: "n" }, c.skillCount),
        ),
        blurbs ? h("p", { class: "blurb" }, c.description) : null,
      ),
    ),
  );
}
