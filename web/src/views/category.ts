// Categories: the grid of all 24, and one category's page with its subcategories and its skills
// (paged and sorted through the query string), in the chosen locale.

import { pagePath } from "../../../src/contract/page-routes.js";
import { CategoryDetailEnvelope, SkillListEnvelope } from "../../../src/schemas/envelope.js";
import { ApiFailure } from "../api.js";
import type { App } from "../app.js";
import { h } from "../dom.js";
import { PAGE_SIZE } from "../search-state.js";
import { renderNotFound } from "./not-found.js";
import { categoryGrid, categoryNameMap, failure, loading, pager, summaryCard } from "./parts.js";

const SORTS = ["stars", "updated", "name"] as const;

export function mountCategories(app: App, main: HTMLElement) {
  const { t } = app;
  app.setMeta(`${t("categories")} · ${t("siteName")}`, t("browseCategories"));
  async function load() {
    main.replaceChildren(loading(app));
    try {
      const list = await app.categories();
      main.replaceChildren(h("h1", { tabindex: -1 }, t("categories")), categoryGrid(app, list, true));
    } catch (error) {
      main.replaceChildren(failure(app, error, () => void load()));
    }
  }
  void load();
}

export function mountCategory(app: App, main: HTMLElement, slug: string) {
  const { t } = app;
  const params = new URLSearchParams(location.search);
  const pageParam = /^\d{1,9}$/.test(params.get("page") ?? "") ? Math.max(1, Number(params.get("page"))) : 1;
  const sort = SORTS.find((s) => s === params.get("sort")) ?? "stars";
  const self = pagePath("category", { slug });
  const hrefFor = (page: number, s: string = sort) => {
    const q = new URLSearchParams();
    if (s !== "stars") q.set("sort", s);
    if (page > 1) q.set("page", String(page));
    return q.size ? `${self}?${q}` : self;
  };

  async function load() {
    main.replaceChildren(loading(app, t("loadingSkills")));
    try {
      const path = `/categories/${encodeURIComponent(slug)}`;
      const [detail, skills, all] = await Promise.all([
        app.api.get(`${path}?locale=${app.locale}`, CategoryDetailEnvelope),
        app.api.get(
          `${path}/skills?${new URLSearchParams({ sort, page: String(pageParam), limit: String(PAGE_SIZE) })}`,
          SkillListEnvelope,
        ),
        app.categories().catch(() => []),
      ]);
      const c = detail.data;
      app.setMeta(`${c.name} · ${t("siteName")}`, c.description);
      const names = categoryNameMap(all);
      const sortSelect = h(
        "select",
        { id: "c-sort", onchange: () => app.navigate(hrefFor(1, sortSelect.value)) },
        h("option", { value: "stars" }, t("sortStars")),
        h("option", { value: "updated" }, t("sortUpdated")),
        h("option", { value: "name" }, t("sortName")),
      );
      sortSelect.value = sort;
      main.replaceChildren(
        h(
          "header",
          { class: "category-head", lang: app.locale },
          h("p", { class: "crumbs" }, h("a", { href: pagePath("categories") }, t("categories"))),
          h("h1", { tabindex: -1 }, c.name),
          h("p", {}, c.description),
          c.subcategories.length
            ? h(
                "p",
                { class: "chips", "aria-label": t("subcategories") },
                ...c.subcategories.map((s) => h("span", { class: "chip" }, `${s.name} (${s.skillCount})`)),
              )
            : null,
        ),
        h(
          "section",
          { class: "results", "aria-labelledby": "cat-skills" },
          h("h2", { id: "cat-skills" }, t("skillsInCategory", { name: c.name })),
          h("div", { class: "field inline" }, h("label", { for: "c-sort" }, t("sort")), sortSelect),
          h("p", { class: "count", role: "status" }, t("resultsCount", { n: skills.pagination.total })),
          skills.data.length
            ? h("ol", { class: "cards" }, ...skills.data.map((s) => summaryCard(app, s, names)))
            : h("p", { class: "empty" }, t("noResults")),
          pager(app, skills.pagination, (page) => hrefFor(page)) ?? "",
        ),
      );
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 404) return renderNotFound(app, main);
      main.replaceChildren(failure(app, error, () => void load()));
    }
  }
  void load();
}
