// The trust scan of one record in the build's first pass: the scanner of src/build/trust over every
// SKILL.md and every other file of the record's skill folders, then the maintainers' reviews that
// still hold (src/build/trust/review.ts). What lists, search, categories and index-status need of
// the result travels as a TrustMark: the verdict, and for a malicious skill why it is left out.
import type { SkillRecord } from "../schemas/dataset.js";
import { SEVERITIES, type Trust, type TrustReviewRecord, type TrustVerdict } from "../schemas/trust.js";
import { applyReviews } from "./trust/review.js";
import { RULES_VERSION, type ScanInput, scanRepository } from "./trust/scan.js";

export interface TrustMark {
  verdict: TrustVerdict;
  /** For a malicious skill: why it is excluded (its most severe findings' why, or the review's reason). */
  why?: string;
}

/**
 * For the trust benchmark only (bench/trust.ts): with SKILLS_BENCH_TRUST_SCAN=off the build skips the
 * scan and calls every skill clean, so the scan's share of a build's wall time can be measured in one run.
 * Read once per process (worker threads inherit the environment).
 */
const SCAN_OFF = typeof process !== "undefined" && process.env.SKILLS_BENCH_TRUST_SCAN === "off";

export function scanRecord(r: SkillRecord, reviews: readonly TrustReviewRecord[]): Trust {
  if (SCAN_OFF) return { verdict: "clean", findings: [], rules: RULES_VERSION };
  const input: ScanInput = {
    owner: r.owner,
    repo: r.repo,
    name: r.name,
    description: r.description,
    skills: r.files,
    folderFiles: r.folderFiles ?? [],
  };
  return applyReviews(scanRepository(input), input, [...reviews]);
}

/** Findings whose why is given as the reason, at most: the rest are on the skill's page and detail. */
const REASONS_MAX = 3;

/** Why a malicious skill is excluded, in a sentence or three: the review's reason, else its most severe findings'. */
export function exclusionWhy(trust: Trust): string {
  if (trust.review) return `A maintainer's review on ${trust.review.date}: ${trust.review.reason}`;
  const top = SEVERITIES.find((s) => trust.findings.some((f) => f.severity === s));
  const whys = [...new Set(trust.findings.filter((f) => f.severity === top).map((f) => `${f.why} (${f.file}:${f.line})`))];
  if (whys.length === 0) return "The trust scanner judged its skill folders malicious.";
  return whys.slice(0, REASONS_MAX).join(" ");
}

export const trustMark = (trust: Trust): TrustMark =>
  trust.verdict === "malicious" ? { verdict: trust.verdict, why: exclusionWhy(trust) } : { verdict: trust.verdict };
