// What a view shows while it waits on the API and when the API fails. The wait is visible and
// announced (a status with text, and aria-busy on the area being filled), so no view ever paints
// an empty main area; a failure says what happened in words and offers a retry, and a 429 says
// when a retry can succeed.
import { ApiFailure } from "./api.js";
import type { App } from "./app.js";
import { h } from "./dom.js";

/** A loading indicator; `text` names what is coming ("Loading skills…"), else a plain "Loading…". */
export function loading(app: App, text = app.t("loading")): HTMLElement {
  return h("div", { class: "loading", role: "status", "aria-busy": "true" }, h("span", { class: "spinner", "aria-hidden": "true" }), text);
}

/** The sentence a failure is told in: the API's own message, or what went wrong on the way. */
export function failureText(app: App, error: unknown): { message: string; detail?: string } {
  if (!(error instanceof ApiFailure))
    return { message: app.t("failed", { message: error instanceof Error ? error.message : String(error) }) };
  if (error.status === 0) return { message: app.t("unreachable") };
  if (error.status === 429) {
    const message = error.retryAfter > 0 ? app.t("rateLimited", { s: error.retryAfter }) : app.t("rateLimitedSoon");
    // The API's own words may add how to lift the limit (a local server); keep them when they do.
    return error.code === "SERVER_ERROR" ? { message } : { message, detail: error.message };
  }
  return { message: error.code === "SERVER_ERROR" ? app.t("failed", { message: error.message }) : error.message };
}

/** An error block with a retry button. */
export function failure(app: App, error: unknown, retry: () => void): HTMLElement {
  const { message, detail } = failureText(app, error);
  return h(
    "div",
    { class: "error", role: "alert" },
    h("p", { class: "error-message" }, message),
    detail && detail !== message ? h("p", { class: "error-detail" }, detail) : null,
    h("button", { type: "button", class: "retry", onclick: retry }, app.t("retry")),
  );
}

/**
 * Keeps `aria-busy` on an area true exactly while it holds a loading indicator, so every view that
 * puts one up (and later replaces it) marks the area busy without doing so itself.
 */
export function trackBusy(area: HTMLElement): void {
  const sync = () => {
    if (area.querySelector(".loading")) area.setAttribute("aria-busy", "true");
    else area.removeAttribute("aria-busy");
  };
  new MutationObserver(sync).observe(area, { childList: true, subtree: true });
  sync();
}
