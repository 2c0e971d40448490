// The directory: search results or the full list, with filters, sort and pagination, all read
// from and written to the query string; below the first page of the list, the categories.

import { SearchEnvelope, SkillListEnvelope } from "../../../src/schemas/envelope.js";
import type { Category } from "../../../src/schemas/resources.js";
import type { App } from "../app.js";
import { h } from "../dom.js";
import { PLATFORMS } from "../platforms.js";
import { apiRequest, isSearch, readState, type SearchState, SORTS, writeState } from "../search-state.js";
import { categoryGrid, categoryNameMap, failure, loading, pager, resultCard, summaryCard } from "./parts.js";

const urlOf = (state: SearchState) => {
  const query = writeState(state).toString();
  return query ? `/?${query}` : "/";
};

export function mountHome(app: App, main: HTMLElement) {
  const { t } = app;
  let state = readState(new URLSearchParams(location.search));
  let categories: Category[] = [];
  let ticket = 0;

  const change = (patch: Partial<SearchState>) => app.navigate(urlOf({ ...state, ...patch, page: patch.page ?? 1 }));

  const categorySelect = h("select", { id: "f-category", onchange: () => change({ category: categorySelect.value }) });
  const platformSelect = h(
    "select",
    { id: "f-platform", onchange: () => change({ platform: platformSelect.value }) },
    h("option", { value: "" }, t("anyPlatform")),
    ...PLATFORMS.map((p) => h("option", { value: p.id }, p.name)),
  );
  const minStars = h("input", {
    id: "f-stars",
    type: "number",
    min: 0,
    step: 1,
    inputmode: "numeric",
    onchange: () => change({ minStars: Math.max(0, Math.floor(Number(minStars.value) || 0)) }),
  });
  const hasIndex = h("input", { id: "f-index", type: "checkbox", onchange: () => change({ hasIndex: hasIndex.checked }) });
  const sortLabels = { relevance: t("sortRelevance"), stars: t("sortStars"), updated: t("sortUpdated"), name: t("sortName") };
  const sortSelect = h(
    "select",
    { id: "f-sort", onchange: () => change({ sort: sortSelect.value as SearchState["sort"] }) },
    ...SORTS.map((s) => h("option", { value: s }, sortLabels[s])),
  );
  const sortNote = h("p", { class: "note", id: "f-sort-note" }, t("sortRelevanceNote"));

  const field = (id: string, label: string, control: HTMLElement) => h("div", { class: "field" }, h("label", { for: id }, label), control);
  const filters = h(
    "section",
    { class: "filters", "aria-labelledby": "filters-title" },
    h("h2", { id: "filters-title" }, t("filters")),
    field("f-category", t("category"), categorySelect),
    field("f-platform", t("platform"), platformSelect),
    field("f-stars", t("minStars"), minStars),
    h("div", { class: "field check" }, hasIndex, h("label", { for: "f-index" }, t("hasIndex"))),
    field("f-sort", t("sort"), sortSelect),
    sortNote,
  );
  const heading = h("h1", { id: "results-title", tabindex: -1 });
  const count = h("p", { class: "count", role: "status" });
  const results = h("div", { class: "results-body" });
  const browse = h("section", { class: "browse", "aria-labelledby": "browse-title" });
  main.replaceChildren(
    h(
      "div",
      { class: "directory" },
      filters,
      h("section", { class: "results", "aria-labelledby": "results-title" }, heading, count, results),
    ),
    browse,
  );

  function syncControls() {
    categorySelect.replaceChildren(
      h("option", { value: "" }, t("anyCategory")),
      ...categories.map((c) => h("option", { value: c.slug, lang: app.locale }, c.name)),
    );
    categorySelect.value = state.category;
    platformSelect.value = state.platform;
    minStars.value = state.minStars > 0 ? String(state.minStars) : "";
    hasIndex.checked = state.hasIndex;
    // Stars and the index flag filter full-text search only; the list endpoint has sort instead.
    const searching = isSearch(state);
    minStars.disabled = !searching;
    hasIndex.disabled = !searching;
    sortSelect.disabled = searching;
    sortSelect.value = searching ? "relevance" : state.sort === "relevance" ? "stars" : state.sort;
    sortNote.hidden = !searching;
    sortSelect.querySelector('option[value="relevance"]')?.toggleAttribute("hidden", !searching);
  }

  async function load() {
    const mine = ++ticket;
    const searching = isSearch(state);
    heading.textContent = searching ? `“${state.q.trim()}”` : t("allSkills");
    app.setMeta(searching ? `${state.q.trim()} · ${t("siteName")}` : t("siteName"), t("tagline"));
    // The indicator goes up before any wait (the categories too), so the first paint is never empty.
    results.replaceChildren(loading(app, t("loadingSkills")));
    if (categories.length === 0) {
      categories = await app.categories().catch(() => []);
      if (mine !== ticket) return;
      syncControls();
    }
    const names = categoryNameMap(categories);
    try {
      const request = apiRequest(state);
      const {
        pagination: p,
        cards,
        didYouMean,
      } = searching
        ? await app.api
            .get(request, SearchEnvelope)
            .then((a) => ({ pagination: a.pagination, cards: a.data.map((r) => resultCard(app, r)), didYouMean: a.meta.didYouMean }))
        : await app.api
            .get(request, SkillListEnvelope)
            .then((a) => ({ pagination: a.pagination, cards: a.data.map((s) => summaryCard(app, s, names)), didYouMean: undefined }));
      if (mine !== ticket) return;
      count.textContent = searching ? t("resultsFor", { n: p.total, q: state.q.trim() }) : t("resultsCount", { n: p.total });
      results.replaceChildren(
        didYouMean
          ? h(
              "p",
              { class: "did-you-mean" },
              t("didYouMean"),
              " ",
              h("a", { href: urlOf({ ...state, q: didYouMean, page: 1 }) }, didYouMean),
            )
          : "",
        cards.length ? h("ol", { class: "cards" }, ...cards) : h("p", { class: "empty" }, t("noResults")),
        pager(app, p, (page) => urlOf({ ...state, page })) ?? "",
      );
    } catch (error) {
      if (mine === ticket) results.replaceChildren(failure(app, error, () => void load()));
    }
    renderBrowse();
  }

  function renderBrowse() {
    const show = !isSearch(state) && state.page === 1 && !state.category && !state.platform && categories.length > 0;
    browse.hidden = !show;
    if (!show) return browse.replaceChildren();
    browse.replaceChildren(h("h2", { id: "browse-title" }, t("browseCategories")), categoryGrid(app, categories));
  }

  syncControls();
  void load();

  return {
    update(next: SearchState) {
      state = next;
      syncControls();
      void load();
    },
  };
}
