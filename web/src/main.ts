// The page's entry: the shell (header with the search box, locale switch and navigation, main,
// footer), and the router that maps the address to a view. Links to the page's own routes are
// followed in place with the History API; the back button re-renders from the address.
import "./style.css";
import { DEMO_META } from "../../src/contract/demo-data.js";
import { matchPageRoute, pagePath } from "../../src/contract/page-routes.js";
import { createApiClient } from "./api.js";
import { type App, categoriesOf } from "./app.js";
import { searchBox } from "./autocomplete.js";
import { h } from "./dom.js";
import { isLocale, LOCALE_NAMES, LOCALES, type Locale, pickLocale, translator, wordsLocale } from "./i18n.js";
import { EMPTY_STATE, readState, writeState } from "./search-state.js";
import { trackBusy } from "./status-views.js";
import { mountCategories, mountCategory } from "./views/category.js";
import { mountHome } from "./views/home.js";
import { renderNotFound } from "./views/not-found.js";
import { mountSkill } from "./views/skill.js";

const LOCALE_KEY = "skills-directory.locale";
const api = createApiClient();

function storedLocale(): Locale {
  try {
    const saved = localStorage.getItem(LOCALE_KEY);
    if (isLocale(saved)) return saved;
  } catch {
    // Storage can be unavailable (private modes); the browser's languages decide then.
  }
  return pickLocale(navigator.languages);
}

/** Whether the build marked this site as serving the invented sample dataset (src/contract/demo-data.ts). */
const demoData = document.querySelector(`meta[name="${DEMO_META.name}"]`)?.getAttribute("content") === DEMO_META.content;

let locale = storedLocale();
let home: ReturnType<typeof mountHome> | undefined;
let box: ReturnType<typeof searchBox> | undefined;
const main = h("main", { id: "main", tabindex: -1 });
trackBusy(main);

function makeApp(): App {
  const words = wordsLocale(locale);
  return {
    api,
    locale,
    wordsLocale: words,
    t: translator(locale),
    navigate,
    setMeta(title, description) {
      document.title = title;
      document.querySelector('meta[name="description"]')?.setAttribute("content", description);
    },
    categories: categoriesOf(api, locale),
  };
}
let app = makeApp();

function navigate(url: string, { replace = false } = {}) {
  const target = new URL(url, location.href);
  if (target.href !== location.href) history[replace ? "replaceState" : "pushState"](null, "", target);
  route(!replace);
}

/** The search box's text settled: follow it with results, without a history entry per keystroke. */
function typed(text: string) {
  const onHome = matchPageRoute(location.pathname)?.name === "home";
  const state = { ...(onHome ? readState(new URLSearchParams(location.search)) : EMPTY_STATE), q: text, page: 1 };
  const query = writeState(state).toString();
  navigate(query ? `/?${query}` : "/", { replace: onHome });
}

function submitted(text: string) {
  const onHome = matchPageRoute(location.pathname)?.name === "home";
  const state = { ...(onHome ? readState(new URLSearchParams(location.search)) : EMPTY_STATE), q: text, page: 1 };
  const query = writeState(state).toString();
  navigate(query ? `/?${query}` : "/");
}

function shell() {
  const { t } = app;
  box = searchBox({ api, t, initial: readState(new URLSearchParams(location.search)).q, onType: typed, onSubmit: submitted });
  const localeSelect = h(
    "select",
    {
      id: "locale",
      onchange: () => {
        locale = localeSelect.value as Locale;
        try {
          localStorage.setItem(LOCALE_KEY, locale);
        } catch {
          // Not remembered across visits, but applied now.
        }
        app = makeApp();
        shell();
        route(false);
      },
    },
    ...LOCALES.map((l) => h("option", { value: l, lang: l }, LOCALE_NAMES[l])),
  );
  localeSelect.value = locale;
  const help = h(
    "div",
    { id: "search-help", popover: "auto", class: "help", role: "dialog", "aria-labelledby": "help-title" },
    h("h2", { id: "help-title" }, t("helpTitle")),
    h(
      "dl",
      {},
      ...(
        [
          ["react components", t("helpWords")],
          ['"react hooks"', t("helpPhrase")],
          ["name:react", t("helpField")],
          ["react -class", t("helpExclude")],
          ["react*", t("helpPrefix")],
        ] as const
      ).flatMap(([example, meaning]) => [h("dt", {}, h("code", {}, example)), h("dd", {}, meaning)]),
    ),
    h("button", { type: "button", popovertarget: "search-help", popovertargetaction: "hide" }, t("close")),
  );
  box.form.append(
    h("button", { type: "submit", class: "go", onclick: () => box && submitted(box.input.value) }, t("searchButton")),
    h("button", { type: "button", class: "help-button", popovertarget: "search-help", "aria-label": t("helpButton") }, "?"),
    help,
  );
  document.documentElement.lang = app.wordsLocale;
  document.body.replaceChildren(
    h("a", { class: "skip", href: "#main" }, t("skipToContent")),
    ...(demoData ? [h("p", { class: "demo-notice", role: "note" }, t("demoNotice"))] : []),
    h(
      "header",
      { class: "site-head" },
      h("a", { href: "/", class: "brand" }, t("siteName")),
      box.form,
      h(
        "nav",
        { "aria-label": t("home") },
        h("a", { href: pagePath("categories") }, t("categories")),
        h("a", { href: "/api/v1/openapi.json" }, t("apiLink")),
        h("label", { for: "locale", class: "visually-hidden" }, t("language")),
        localeSelect,
      ),
    ),
    main,
    h("footer", { class: "site-foot" }, h("p", {}, t("footer"))),
  );
  home = undefined;
}

/** Renders the view for the current address; `focus` moves focus to its heading (a navigation). */
function route(focus: boolean) {
  const match = matchPageRoute(location.pathname);
  const params = new URLSearchParams(location.search);
  if (match?.name === "home") {
    box?.setText(params.get("q") ?? "");
    if (home) home.update(readState(params));
    else home = mountHome(app, main);
    // A followed link (a page of results) was replaced by the new view: continue from its heading.
    if (focus && (document.activeElement === document.body || document.activeElement === null))
      document.getElementById("results-title")?.focus();
    return;
  }
  home = undefined;
  if (focus) box?.setText("");
  if (match?.name === "skill") mountSkill(app, main, match.params.owner ?? "", match.params.repo ?? "");
  else if (match?.name === "category") mountCategory(app, main, match.params.slug ?? "");
  else if (match?.name === "categories") mountCategories(app, main);
  else renderNotFound(app, main);
  if (focus) {
    window.scrollTo(0, 0);
    main.focus({ preventScroll: true });
  }
}

// Links to the page's own routes are followed in place; everything else (the API, GitHub, new tabs) as usual.
document.addEventListener("click", (event) => {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = event.target instanceof Element ? event.target.closest("a") : null;
  if (!link || link.target || link.hasAttribute("download")) return;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin || !matchPageRoute(url.pathname)) return;
  event.preventDefault();
  navigate(url.href);
});
window.addEventListener("popstate", () => route(false));

shell();
route(false);
