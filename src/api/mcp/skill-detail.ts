// The detail of one skill as the tools read it: through GET /skills/{owner}/{repo}'s handler, checked
// against its schema, and refused when the trust scanner judged the skill malicious.
import { SkillDetail } from "../../schemas/resources.js";
import type { Trust } from "../../schemas/trust.js";
import { skillDetail } from "../skill-lookup.js";
import type { ScopeFor } from "./tool.js";
import { refuseMalicious } from "./trust-gate.js";

/** The API path of a skill, under /api/v1. */
export const skillPath = (owner: string, repo: string) => `skills/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;

export async function servedDetail(scopeFor: ScopeFor, owner: string, repo: string): Promise<SkillDetail> {
  const result = await skillDetail(scopeFor(skillPath(owner, repo)), owner, repo);
  const detail = SkillDetail.parse(result.body.data);
  refuseMalicious(detail.owner, detail.repo, trustOf(detail));
  return detail;
}

/** The detail's trust record, where the deployment has one. */
const trustOf = (detail: SkillDetail): Trust | undefined => ("trust" in detail ? (detail.trust as Trust) : undefined);
