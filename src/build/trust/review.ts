// A maintainer's review (data/trust-reviews.jsonl) overrules the scanner only while the files it looked at
// are exactly as reviewed: every named file must still have its SHA-256, and the skill folders must hold no
// file the review did not name. Any change and the fresh scan stands, so no verdict outlives a new commit.
import type { Trust, TrustReviewRecord } from "../../schemas/trust.js";
import type { ScanInput, ScanResult } from "./scan.js";
import { sha256Hex } from "./sha256.js";

/**
 * The trust block of a repository: the scan, or the latest review of it that still holds. A SKILL.md is named
 * by the SHA-256 of its UTF-8 content (as the files endpoint reports it); folder files carry theirs.
 */
export function applyReviews(result: ScanResult, input: ScanInput, reviews: TrustReviewRecord[]): Trust {
  const scanned: Trust = { verdict: result.verdict, findings: result.findings, rules: result.rules };
  const mine = reviews
    .filter((r) => r.owner.toLowerCase() === input.owner.toLowerCase() && r.repo.toLowerCase() === input.repo.toLowerCase())
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  if (mine.length === 0) return scanned;
  const current = currentHashes(input);
  const holding = mine.find((r) => reviewHolds(r, current));
  if (!holding) return scanned;
  return {
    ...scanned,
    verdict: holding.decision,
    review: { decision: holding.decision, reason: holding.reason, reviewer: holding.reviewer, date: holding.date },
  };
}

/** Each file of the input with its SHA-256. */
export function currentHashes(input: ScanInput): Map<string, string> {
  const out = new Map<string, string>();
  for (const s of input.skills) out.set(s.path, sha256Hex(s.content));
  for (const f of input.folderFiles) out.set(f.path, f.sha256);
  return out;
}

/** Every reviewed file unchanged, and no file of the folders that the review did not see. */
export function reviewHolds(review: TrustReviewRecord, current: ReadonlyMap<string, string>): boolean {
  for (const [path, sha] of Object.entries(review.files)) if (current.get(path) !== sha) return false;
  for (const path of current.keys()) if (!(path in review.files)) return false;
  return true;
}
