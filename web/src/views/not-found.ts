// The page for an address with nothing behind it (the server answers such paths with 404.html;
// this covers a skill or category that the API does not know).
import type { App } from "../app.js";
import { h } from "../dom.js";

export function renderNotFound(app: App, main: HTMLElement, detail?: string) {
  const { t } = app;
  app.setMeta(`${t("notFoundTitle")} · ${t("siteName")}`, t("notFoundText"));
  main.replaceChildren(
    h(
      "div",
      { class: "not-found" },
      h("h1", { tabindex: -1 }, t("notFoundTitle")),
      h("p", {}, detail ?? t("notFoundText")),
      h("p", {}, h("a", { href: "/" }, t("backHome"))),
    ),
  );
}
