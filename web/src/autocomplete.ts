// Search as you type: the header's search box as an ARIA 1.2 combobox. Suggestions come from the
// API's autocomplete (debounced, and cached by the client); arrows move through them, Enter picks
// the active one or searches what was typed, Escape closes the list (and clears the box when the
// list is already closed). Each settled change of the text is reported so results follow typing.

import { SuggestionEnvelope } from "../../src/schemas/envelope.js";
import type { ApiClient } from "./api.js";
import { h } from "./dom.js";
import type { Translate } from "./i18n.js";

export const SUGGEST_DELAY_MS = 150;
export const SUGGEST_LIMIT = 8;

export interface SearchBoxOptions {
  api: ApiClient;
  t: Translate;
  initial: string;
  /** The text settled (typing paused): results may follow it. */
  onType(text: string): void;
  /** Enter, the button, or a picked suggestion: a search to commit to the history. */
  onSubmit(text: string): void;
}

export function searchBox({ api, t, initial, onType, onSubmit }: SearchBoxOptions) {
  const listId = "search-suggestions";
  const input = h("input", {
    id: "search-input",
    type: "search",
    name: "q",
    value: initial,
    maxlength: 200,
    autocomplete: "off",
    spellcheck: "false",
    placeholder: t("searchPlaceholder"),
    role: "combobox",
    "aria-autocomplete": "list",
    "aria-expanded": "false",
    "aria-controls": listId,
  });
  const list = h("ul", { id: listId, role: "listbox", "aria-label": t("suggestions"), hidden: true });
  let options: string[] = [];
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asked = 0;

  const close = () => {
    list.hidden = true;
    input.setAttribute("aria-expanded", "false");
    input.removeAttribute("aria-activedescendant");
    active = -1;
  };

  const show = (items: { text: string; count: number }[]) => {
    options = items.map((s) => s.text);
    list.replaceChildren(
      ...items.map((s, i) =>
        h(
          "li",
          {
            id: `suggestion-${i}`,
            role: "option",
            "aria-selected": "false",
            onmousedown: (e: Event) => e.preventDefault(),
            onclick: () => pick(i),
          },
          h("span", { class: "suggestion-text" }, s.text),
          h("span", { class: "suggestion-count" }, s.count),
        ),
      ),
    );
    active = -1;
    if (items.length === 0) return close();
    list.hidden = false;
    input.setAttribute("aria-expanded", "true");
  };

  const setActive = (i: number) => {
    active = i;
    list.querySelectorAll("[role=option]").forEach((li, n) => li.setAttribute("aria-selected", String(n === i)));
    if (i < 0) input.removeAttribute("aria-activedescendant");
    else {
      input.setAttribute("aria-activedescendant", `suggestion-${i}`);
      list.children[i]?.scrollIntoView({ block: "nearest" });
    }
  };

  const pick = (i: number) => {
    const text = options[i];
    if (text === undefined) return;
    input.value = text;
    close();
    onSubmit(text);
  };

  const suggest = async (text: string) => {
    const ticket = ++asked;
    if (text.trim().length < 2) return close();
    try {
      const answer = await api.get(
        `/skills/autocomplete?${new URLSearchParams({ q: text, limit: String(SUGGEST_LIMIT) })}`,
        SuggestionEnvelope,
      );
      // Typing went on while this was on its way: a newer answer is coming.
      if (ticket !== asked || document.activeElement !== input) return;
      show(answer.data);
    } catch {
      if (ticket === asked) close();
    }
  };

  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      void suggest(input.value);
      onType(input.value);
    }, SUGGEST_DELAY_MS);
  });
  input.addEventListener("keydown", (event) => {
    const open = !list.hidden && options.length > 0;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      if (open) setActive((active + 1) % options.length);
      else void suggest(input.value);
    } else if (event.key === "ArrowUp") {
      if (!open) return;
      event.preventDefault();
      setActive(active <= 0 ? options.length - 1 : active - 1);
    } else if (event.key === "Enter") {
      event.preventDefault();
      clearTimeout(timer);
      if (open && active >= 0) pick(active);
      else {
        close();
        onSubmit(input.value);
      }
    } else if (event.key === "Escape") {
      if (open) {
        event.preventDefault();
        close();
      } else if (input.value) {
        event.preventDefault();
        input.value = "";
      }
    }
  });
  input.addEventListener("blur", () => close());

  const form = h(
    "form",
    { role: "search", class: "search", onsubmit: (e: Event) => e.preventDefault() },
    h("label", { for: "search-input", class: "visually-hidden" }, t("searchLabel")),
    h("div", { class: "combo" }, input, list),
  );
  return {
    form,
    input,
    /** Reflects a state change that did not come from typing (back button, a link). */
    setText(text: string) {
      if (input.value !== text) input.value = text;
      close();
    },
  };
}
