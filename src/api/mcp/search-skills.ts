// search_skills: the search of GET /skills/search, run in-process through the same handler, with
// the default trust filter (malicious skills left out) and at most 20 results a page.
import { MCP_SEARCH_DEFAULT, SearchSkillsOutput, searchSkillsInput } from "../../schemas/mcp.js";
import type { SearchResult } from "../../schemas/resources.js";
import { searchEndpoint } from "../search.js";
import { defineTool } from "./tool.js";
import { isMalicious } from "./trust-gate.js";

export const searchSkills = defineTool({
  name: "search_skills",
  title: "Search skills",
  description:
    "Find agent skills (SKILL.md packages from GitHub) by words, with optional category, platform and minimum stars. " +
    "Each result says why it matched (`matches`: the query's words per field), which skill of a collection matched (`matchedSkill`) " +
    "and the trust scanner's verdict; skills judged malicious are never listed. Read one with get_skill.",
  input: searchSkillsInput,
  output: SearchSkillsOutput,
  async run(scopeFor, args) {
    const body = await searchEndpoint(
      scopeFor("skills/search", {
        q: args.query,
        category: args.category,
        platform: args.platform,
        minStars: args.minStars,
        limit: args.limit ?? MCP_SEARCH_DEFAULT,
        page: args.page,
        mode: args.mode,
        trust: "default",
      }),
    );
    // The trust filter has left malicious skills out already; this guards the promise that no tool
    // ever hands one to an agent should a deployment answer one anyway.
    const results = body.data.filter((r) => !isMalicious(r));
    const structured: SearchSkillsOutput = {
      results,
      pagination: body.pagination,
      query: body.meta.query,
      ...(body.meta.didYouMean === undefined ? {} : { didYouMean: body.meta.didYouMean }),
      ...(body.meta.typoSkipped === undefined ? {} : { typoSkipped: body.meta.typoSkipped }),
      ...(body.meta.fallback === undefined ? {} : { fallback: body.meta.fallback }),
    };
    return { structured, text: searchText(structured) };
  },
});

const resultLine = (r: SearchResult, n: number): string => {
  const why = r.matches
    .map((m) => `${m.field}: ${m.terms.join(", ")}${m.typo ? " (typo)" : ""}${m.related ? ` (related to ${m.queryWord})` : ""}`)
    .join("; ");
  const verdict = "verdict" in r ? ` [${String(r.verdict)}]` : "";
  const skill = r.matchedSkill ? `\n   matched skill: ${r.matchedSkill.name} (${r.matchedSkill.path})` : "";
  return `${n}. ${r.owner}/${r.repo}: ${r.name}, ${r.stars} stars${verdict}\n   ${r.description}\n   matched ${why || "(no field)"}${skill}`;
};

function searchText(out: SearchSkillsOutput): string {
  const { page, totalPages, total, limit } = out.pagination;
  if (out.results.length === 0) {
    const hint = out.didYouMean ? ` Did you mean "${out.didYouMean}"?` : "";
    return `No skills match "${out.query}"${total > 0 ? ` on page ${page} (${total} in all)` : ""}.${hint}`;
  }
  const first = (page - 1) * limit + 1;
  // A meaning-only answer says so: none of these skills holds the words typed.
  const how = out.fallback === "related" ? " by meaning alone (none holds its words)" : "";
  const head = `${total} skills match "${out.query}"${how}; page ${page} of ${totalPages}:`;
  return [head, ...out.results.map((r, i) => resultLine(r, first + i))].join("\n");
}
