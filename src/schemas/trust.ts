// The trust scanner's verdict on a repository's skill folders (docs/TRUST.md): what the build writes
// into the detail's `trust` field, what lists and search filter on, and what the MCP server and the
// installer refuse. One definition here; the scanner (src/build/trust) produces it, everyone else reads it.
import { z } from "zod";

export const TRUST_VERDICTS = ["malicious", "suspicious", "clean"] as const;
export const TrustVerdict = z.enum(TRUST_VERDICTS).describe("The scanner's verdict, after any maintainer review");
export type TrustVerdict = z.infer<typeof TrustVerdict>;

export const FINDING_KINDS = [
  "exfiltration",
  "credential-theft",
  "remote-exec",
  "obfuscation",
  "prompt-injection",
  "social-engineering",
  "hidden-text",
  "persistence",
  "backdoor",
  "reverse-shell",
  "destructive",
  "tool-abuse",
  "deceptive-metadata",
] as const;
export const FindingKind = z.enum(FINDING_KINDS);
export type FindingKind = z.infer<typeof FindingKind>;

export const SEVERITIES = ["critical", "high", "medium", "low"] as const;
export const Severity = z.enum(SEVERITIES);
export type Severity = z.infer<typeof Severity>;

/** The longest excerpt a finding carries, in characters (invisible characters written as \u{…}). */
export const EXCERPT_MAX = 200;

export const Finding = z
  .object({
    rule: z.string().describe("The rule's identifier (docs/TRUST.md explains each)"),
    kind: FindingKind,
    severity: Severity,
    file: z.string().describe("Repository path of the file the finding is in"),
    line: z.number().int().positive().describe("1-based line in that file that holds the excerpt"),
    excerpt: z.string().max(EXCERPT_MAX).describe("At most 200 characters of that line; invisible characters written as \\u{…}"),
    why: z.string().describe("One sentence a skill author can act on"),
  })
  .strict();
export type Finding = z.infer<typeof Finding>;

export const TrustReviewSummary = z
  .object({
    decision: TrustVerdict,
    reason: z.string(),
    reviewer: z.string(),
    date: z.iso.date(),
  })
  .strict()
  .describe("A maintainer's review that holds while the reviewed files are unchanged");

export const Trust = z
  .object({
    verdict: TrustVerdict,
    findings: z.array(Finding).describe("Every finding, most severe first, then by file and line"),
    rules: z.string().describe("The scanner's rules version that produced the findings"),
    review: TrustReviewSummary.optional(),
  })
  .strict();
export type Trust = z.infer<typeof Trust>;

/** The `trust` filter of lists and search: `default` leaves malicious skills out, `clean` keeps only clean ones, `any` keeps all. */
export const TRUST_FILTERS = ["default", "clean", "any"] as const;
export const TrustFilter = z.enum(TRUST_FILTERS);
export type TrustFilter = z.infer<typeof TrustFilter>;

/**
 * One line of data/trust-reviews.jsonl: a maintainer's review of a repository's skill folders. It names every
 * file it looked at with that file's SHA-256; it holds only while each still has that hash and no file of the
 * folders was added or changed since (src/build/trust/review.ts), so a new commit is always judged afresh.
 */
export const TrustReviewRecord = z
  .object({
    owner: z.string().min(1),
    repo: z.string().min(1),
    files: z
      .record(z.string().min(1), z.string().regex(/^[0-9a-f]{64}$/))
      .describe("Every reviewed file: repository path to the SHA-256 of its bytes"),
    decision: TrustVerdict,
    reason: z.string().min(1),
    reviewer: z.string().min(1),
    date: z.iso.date(),
  })
  .strict();
export type TrustReviewRecord = z.infer<typeof TrustReviewRecord>;
