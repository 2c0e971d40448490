// A skill's page: facts, the trust scan's verdict and findings (views/trust.ts), install commands with copy buttons, the SKILL.md rendered and sanitised
// (or another SKILL.md of the collection, chosen by ?file=), statistics and the star history.

import { pagePath } from "../../../src/contract/page-routes.js";
import { RefreshQueuedEnvelope, SkillContentEnvelope, SkillDetailEnvelope, SkillStatsEnvelope } from "../../../src/schemas/envelope.js";
import type { SkillDetail, SkillStats } from "../../../src/schemas/resources.js";
import { ApiFailure } from "../api.js";
import type { App } from "../app.js";
import { avatar } from "../avatar.js";
import { formatDate, formatNumber, h } from "../dom.js";
import { stripFrontmatter } from "../frontmatter.js";
import { platformName } from "../platforms.js";
import { starChart } from "../star-chart.js";
import { renderNotFound } from "./not-found.js";
import { categoryNameMap, failure, loading } from "./parts.js";
import { trustSection } from "./trust.js";

export function mountSkill(app: App, main: HTMLElement, owner: string, repo: string) {
  const { t } = app;
  const base = `/skills/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;

  async function load() {
    main.replaceChildren(loading(app));
    try {
      const [detail, stats, categories] = await Promise.all([
        app.api.get(base, SkillDetailEnvelope),
        app.api.get(`${base}/stats`, SkillStatsEnvelope),
        app.categories().catch(() => []),
      ]);
      render(detail.data, stats.data, categoryNameMap(categories));
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 404)
        return renderNotFound(app, main, t("skillNotFound", { name: `${owner}/${repo}` }));
      main.replaceChildren(failure(app, error, () => void load()));
    }
  }

  function render(s: SkillDetail, stats: SkillStats, names: Map<string, string>) {
    app.setMeta(`${s.name} · ${t("siteName")}`, s.description);
    const file = new URLSearchParams(location.search).get("file");
    const chosen = s.skills.find((f) => f.path === file) ?? s.skills[0];
    const github = `https://github.com/${encodeURIComponent(s.owner)}/${encodeURIComponent(s.repo)}`;
    const fact = (label: string, value: string) => h("div", {}, h("dt", {}, label), h("dd", {}, value));
    const markdown = h("div", { class: "markdown", id: "skill-md" }, loading(app));

    main.replaceChildren(
      h(
        "article",
        { class: "skill" },
        h(
          "header",
          { class: "skill-head" },
          avatar(s.author.name, s.author.avatar, 64),
          h(
            "div",
            {},
            h("h1", { tabindex: -1 }, s.name),
            h(
              "p",
              { class: "repo" },
              t("byAuthor", { name: s.author.name }),
              " · ",
              h("a", { href: github, rel: "noopener noreferrer" }, `${s.owner}/${s.repo}`),
            ),
            h("p", { class: "description" }, s.description),
          ),
        ),
        h(
          "dl",
          { class: "facts" },
          fact(t("stars"), formatNumber(s.stars, app.wordsLocale)),
          fact(t("forks"), formatNumber(s.forks, app.wordsLocale)),
          fact(t("license"), s.license),
          fact(t("created"), formatDate(s.createdAt, app.wordsLocale)),
          fact(t("updated"), formatDate(s.updatedAt, app.wordsLocale)),
          fact(t("pushed"), formatDate(s.pushedAt, app.wordsLocale)),
          fact(t("platforms"), s.platforms.map(platformName).join(", ")),
        ),
        h(
          "p",
          { class: "chips" },
          ...s.categories.map((c) =>
            h("a", { class: "chip", href: pagePath("category", { slug: c }), lang: app.locale }, names.get(c) ?? c),
          ),
        ),
        // A malicious skill: the warning and its findings instead of install commands; a suspicious
        // one: its findings above them; a clean one: the scan's note after them.
        s.trust.verdict === "clean" ? null : trustSection(app, s),
        s.trust.verdict === "malicious"
          ? null
          : h(
              "section",
              { "aria-labelledby": "install-title" },
              h("h2", { id: "install-title" }, t("install")),
              h(
                "ul",
                { class: "installs" },
                ...Object.entries(s.installCommands).map(([platform, command]) => installRow(app, platform, command)),
              ),
            ),
        s.trust.verdict === "clean" ? trustSection(app, s) : null,
        s.skills.length > 1
          ? h(
              "nav",
              { class: "files", "aria-labelledby": "files-title" },
              h("h2", { id: "files-title" }, t("otherSkills")),
              h(
                "ul",
                {},
                ...s.skills.map((f) =>
                  h(
                    "li",
                    {},
                    h(
                      "a",
                      {
                        href: `${pagePath("skill", { owner: s.owner, repo: s.repo })}?${new URLSearchParams({ file: f.path })}`,
                        "aria-current": f === chosen ? "page" : undefined,
                      },
                      f.name,
                    ),
                    h("span", { class: "path" }, f.path),
                  ),
                ),
              ),
            )
          : null,
        h(
          "section",
          { "aria-labelledby": "md-title" },
          h("h2", { id: "md-title" }, chosen && chosen !== s.skills[0] ? chosen.path : t("skillFile")),
          markdown,
        ),
        h(
          "section",
          { "aria-labelledby": "stats-title" },
          h("h2", { id: "stats-title" }, t("stats")),
          h(
            "dl",
            { class: "facts" },
            fact(t("views"), formatNumber(stats.views, app.wordsLocale)),
            fact(t("installs"), formatNumber(stats.installs, app.wordsLocale)),
            fact(t("favorites"), formatNumber(stats.favorites, app.wordsLocale)),
          ),
          h("h3", {}, t("starHistory")),
          historyChart(app, stats),
        ),
        refreshSection(app, s),
      ),
    );
    void fillMarkdown(markdown, s, chosen && chosen !== s.skills[0] ? chosen.path : undefined);
  }

  async function fillMarkdown(target: HTMLElement, s: SkillDetail, path: string | undefined) {
    try {
      const [{ renderMarkdown }, text] = await Promise.all([
        import("../markdown.js"),
        path === undefined
          ? Promise.resolve(s.content)
          : app.api
              .get(`${base}/content?${new URLSearchParams({ path })}`, SkillContentEnvelope)
              .then((c) => stripFrontmatter(c.data.content)),
      ]);
      const words = { loadImage: (host: string) => t("loadImage", { host }) };
      target.replaceChildren(renderMarkdown(text, { owner: s.owner, repo: s.repo, path: path ?? s.skills[0]?.path ?? "SKILL.md" }, words));
    } catch (error) {
      target.replaceChildren(failure(app, error, () => void fillMarkdown(target, s, path)));
    }
  }

  void load();
}

/** The offer to re-index: the commit served, a button that POSTs the request, and the queue state or the refusal. */
function refreshSection(app: App, s: SkillDetail): HTMLElement {
  const { t } = app;
  const status = h("p", { class: "refresh-status", role: "status" });
  const path = `/index-status/${encodeURIComponent(s.owner)}/${encodeURIComponent(s.repo)}/refresh`;
  const button = h(
    "button",
    {
      type: "button",
      class: "refresh",
      onclick: async () => {
        button.setAttribute("disabled", "");
        status.textContent = t("refreshAsking");
        try {
          const { data } = await app.api.post(path, RefreshQueuedEnvelope);
          status.textContent = t("refreshQueued", {
            since: new Date(data.since).toLocaleString(app.wordsLocale),
            position: data.position,
            size: data.queueSize,
          });
        } catch (error) {
          status.textContent = t("refreshFailed", { message: error instanceof Error ? error.message : String(error) });
          button.removeAttribute("disabled");
        }
      },
    },
    t("refreshButton"),
  );
  return h(
    "section",
    { "aria-labelledby": "refresh-title", class: "refresh" },
    h("h2", { id: "refresh-title" }, t("refreshTitle")),
    h("p", {}, t("refreshText", { commit: s.indexedCommit.slice(0, 7) })),
    button,
    status,
  );
}

function installRow(app: App, platform: string, command: string): HTMLElement {
  const name = platformName(platform);
  const status = h("span", { class: "copy-status", role: "status" });
  const button = h(
    "button",
    {
      type: "button",
      class: "copy",
      "aria-label": app.t("copyCommand", { platform: name }),
      onclick: async () => {
        try {
          await navigator.clipboard.writeText(command);
          status.textContent = app.t("copied");
        } catch {
          status.textContent = app.t("copyFailed");
        }
        setTimeout(() => (status.textContent = ""), 2500);
      },
    },
    app.t("copy"),
  );
  return h("li", { "data-platform": platform }, h("span", { class: "platform" }, name), h("code", {}, command), button, status);
}

function historyChart(app: App, stats: SkillStats): Element {
  const points = stats.starHistory;
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return h("p", {}, app.t("noHistory"));
  const label = app.t("starHistoryLabel", { from: first.date, a: first.stars, to: last.date, b: last.stars });
  return h(
    "figure",
    { class: "chart" },
    starChart(points, label, (n) => formatNumber(n, app.wordsLocale)),
  );
}
