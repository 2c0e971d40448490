// get_skill: a skill's detail (GET /skills/{owner}/{repo}): its facts, every SKILL.md of the
// repository, its install commands and the primary SKILL.md's body; refused when malicious.
import { GetSkillInput, GetSkillOutput } from "../../schemas/mcp.js";
import type { SkillDetail } from "../../schemas/resources.js";
import { servedDetail } from "./skill-detail.js";
import { defineTool } from "./tool.js";

export const getSkill = defineTool({
  name: "get_skill",
  title: "Get a skill",
  description:
    "A skill's detail by its GitHub owner and repository: description, stars, license, every SKILL.md of the repository (`skills`), " +
    "the install command for each agent platform and the primary SKILL.md's body. Read any other file with read_skill_file.",
  input: () => GetSkillInput,
  output: GetSkillOutput,
  async run(scopeFor, args) {
    const skill = await servedDetail(scopeFor, args.owner, args.repo);
    return { structured: { skill }, text: detailText(skill) };
  },
});

function detailText(d: SkillDetail): string {
  const installs = Object.entries(d.installCommands).map(([platform, command]) => `- ${platform}: ${command}`);
  const skills = d.skills.map((s) => `- ${s.name} (${s.path}, ${s.size} bytes): ${s.description}`);
  return [
    `${d.owner}/${d.repo}: ${d.name}`,
    d.description,
    `${d.stars} stars, license ${d.license || "none"}, updated ${d.updatedAt}; categories ${d.categories.join(", ") || "none"}`,
    "",
    `Skills (${d.skills.length}):`,
    ...skills,
    "",
    installs.length > 0 ? "Install:" : "No install command is offered.",
    ...installs,
    "",
    "SKILL.md body:",
    d.content,
  ].join("\n");
}
