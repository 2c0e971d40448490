// What the trust scanner said of a skill (docs/API.md "Trust and files"): the verdict with its
// findings (file, line, excerpt, why) on the skill's page, a warning in place of the install commands
// for a malicious skill, and a small badge on list cards for a suspicious one. Every text from the
// API goes in as text nodes, never as markup: an excerpt is the attacker's own line.
import type { SkillDetail } from "../../../src/schemas/resources.js";
import type { TrustVerdict } from "../../../src/schemas/trust.js";
import type { App } from "../app.js";
import { h } from "../dom.js";

const VERDICT_KEY = { malicious: "verdict_malicious", suspicious: "verdict_suspicious", clean: "verdict_clean" } as const;

/** The small verdict badge of a list card: only for suspicious (and, with trust=any, malicious) skills. */
export function verdictBadge(app: App, verdict: TrustVerdict | undefined): HTMLElement | null {
  if (verdict === undefined || verdict === "clean") return null;
  return h("span", { class: `verdict verdict-${verdict}`, "data-verdict": verdict }, app.t(VERDICT_KEY[verdict]));
}

/** The skill page's trust section: verdict, notes, review and every finding. */
export function trustSection(app: App, s: SkillDetail): HTMLElement {
  const { t } = app;
  const { trust } = s;
  const note =
    trust.verdict === "malicious"
      ? h("p", { class: "trust-warning", role: "alert" }, t("maliciousWarning"))
      : h("p", {}, t(trust.verdict === "suspicious" ? "suspiciousNote" : "trustCleanNote"));
  return h(
    "section",
    { class: `trust trust-${trust.verdict}`, id: "trust", "aria-labelledby": "trust-title", "data-verdict": trust.verdict },
    h(
      "h2",
      { id: "trust-title" },
      t("trustTitle"),
      " ",
      h("span", { class: `verdict verdict-${trust.verdict}` }, t(VERDICT_KEY[trust.verdict])),
    ),
    note,
    trust.review
      ? h(
          "p",
          { class: "trust-review" },
          t("reviewedBy", { reviewer: trust.review.reviewer, date: trust.review.date, reason: trust.review.reason }),
        )
      : null,
    trust.findings.length > 0
      ? h(
          "ol",
          { class: "findings" },
          ...trust.findings.map((f) =>
            h(
              "li",
              { class: `finding severity-${f.severity}`, "data-rule": f.rule },
              h(
                "p",
                { class: "finding-head" },
                h("span", { class: "severity" }, f.severity),
                " ",
                h("span", { class: "kind" }, f.kind),
                " · ",
                h("span", { class: "where" }, t("findingAt", { file: f.file, line: f.line })),
              ),
              h("pre", { class: "excerpt" }, h("code", {}, f.excerpt)),
              h("p", { class: "why" }, f.why),
            ),
          ),
        )
      : null,
    h("p", { class: "trust-meta" }, t("trustRules", { rules: trust.rules, commit: s.indexedCommit.slice(0, 12) })),
    trust.verdict === "clean"
      ? null
      : h("p", { class: "trust-appeal" }, t("reviewAsk", { repo: `${s.owner}/${s.repo}`, commit: s.indexedCommit })),
  );
}
