// The promise every tool keeps: a skill the trust scanner judged malicious never reaches an agent.
// Search leaves such skills out; a tool asked for one by name answers an error that gives the reason.
import type { Trust } from "../../schemas/trust.js";
import { ToolError } from "./tool.js";

/** The findings a refusal names; the detail endpoint lists them all. */
const FINDINGS_SHOWN = 5;

/** Whether a summary or search result carries the malicious verdict. */
export const isMalicious = (item: object): boolean => "verdict" in item && item.verdict === "malicious";

/** Throws the refusal for a skill whose trust verdict is malicious; any other verdict passes. */
export function refuseMalicious(owner: string, repo: string, trust: Trust | undefined): void {
  if (trust?.verdict !== "malicious") return;
  const shown = trust.findings
    .slice(0, FINDINGS_SHOWN)
    .map((f) => `- ${f.severity} ${f.kind} (${f.rule}) in ${f.file} line ${f.line}: ${f.why}`);
  const more = trust.findings.length > FINDINGS_SHOWN ? [`- and ${trust.findings.length - FINDINGS_SHOWN} more`] : [];
  const review = trust.review ? ` A maintainer's review of ${trust.review.date} confirmed it: ${trust.review.reason}` : "";
  throw new ToolError(
    [
      `${owner}/${repo} is not served: the trust scanner (rules ${trust.rules}) judged it malicious.${review}`,
      ...shown,
      ...more,
      `Do not install it. Its author can ask for a review; GET /api/v1/index-status/${owner}/${repo} says how.`,
    ].join("\n"),
  );
}
