// Whether a crawl's result may replace the dataset. The crawler keeps every previous record when
// GitHub cannot be reached, so an unreachable API looks like "nothing changed"; these rules turn
// that into a failure with a reason. They judge GitHub's answers, never the repositories' content:
// a hostile repository is reported as failed by the crawl but does not fail the crawl.
import type { CrawlReport } from "./report.js";

export interface HealthRules {
  /** Topic searches configured in sources.json (all of them failing means discovery failed). */
  topics: number;
  /** The largest share (0-1) of failed GitHub requests, and of repositories without facts, that a usable crawl may have. */
  maxFailedShare: number;
}

export const DEFAULT_MAX_FAILED_SHARE = 0.1;

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** What is wrong with the crawl, one sentence per rule broken; empty when it may be used. */
export function crawlProblems(report: CrawlReport, rules: HealthRules): string[] {
  const problems: string[] = [];
  const { topics, codeSearch } = report.discovery;
  if (rules.topics > 0 && topics.failed.length >= rules.topics) {
    problems.push(`discovery failed: every topic search failed (${topics.failed[0]?.reason ?? "no answer"})`);
  }
  if (codeSearch.ran && codeSearch.repositories === 0 && /pages failed/.test(codeSearch.note)) {
    problems.push(`discovery failed: code search ${codeSearch.note}`);
  }
  // Requests that never got an answer, or got a server error, even after the client's retries.
  const { total, byStatus } = report.requests;
  const unanswered = Object.entries(byStatus)
    .filter(([status]) => status === "network" || /^5\d\d$/.test(status))
    .reduce((n, [, count]) => n + count, 0);
  if (unanswered > 0 && unanswered > rules.maxFailedShare * total) {
    problems.push(`${unanswered} of ${total} GitHub requests got no answer or a server error (more than ${percent(rules.maxFailedShare)})`);
  }
  // Repositories whose facts GitHub did not give: known ones are kept as "failed", new ones "unresolved".
  const withoutFacts = [...report.failed, ...report.skipped].filter((f) => f.reason.startsWith("facts:"));
  const attempted = report.repositories.seen + report.skipped.filter((s) => s.reason.startsWith("facts:")).length;
  if (withoutFacts.length > 0 && withoutFacts.length > rules.maxFailedShare * attempted) {
    const first = withoutFacts[0]!;
    problems.push(
      `GitHub gave no facts for ${withoutFacts.length} of ${attempted} repositories (more than ${percent(rules.maxFailedShare)}); first: ${first.key}: ${first.reason}`,
    );
  }
  return problems;
}
