// From findings to a verdict, by a rule written down in docs/TRUST.md:
//   malicious  — any critical finding, or high findings of two different kinds;
//   suspicious — any high finding, or medium findings from two different rules;
//   clean      — otherwise (low findings alone never change a verdict).
import type { Finding, TrustVerdict } from "../../schemas/trust.js";
import { SEVERITY_RANK } from "./types.js";

/** The most findings a repository reports; the most severe are kept. */
export const FINDINGS_MAX = 50;

export function verdictOf(findings: readonly Finding[]): TrustVerdict {
  if (findings.some((f) => f.severity === "critical")) return "malicious";
  const highKinds = new Set(findings.filter((f) => f.severity === "high").map((f) => f.kind));
  if (highKinds.size >= 2) return "malicious";
  if (highKinds.size === 1) return "suspicious";
  const mediumRules = new Set(findings.filter((f) => f.severity === "medium").map((f) => f.rule));
  return mediumRules.size >= 2 ? "suspicious" : "clean";
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Most severe first, then file, line and rule; one finding per rule and line (the caller caps the count). */
export function orderFindings(findings: readonly Finding[]): Finding[] {
  const sorted = [...findings].sort(
    (a, b) =>
      SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
      cmp(a.file, b.file) ||
      a.line - b.line ||
      cmp(a.rule, b.rule) ||
      cmp(a.why, b.why),
  );
  const seen = new Set<string>();
  const out: Finding[] = [];
  for (const f of sorted) {
    const key = `${f.rule}\u0000${f.file}\u0000${f.line}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(f);
  }
  return out;
}
