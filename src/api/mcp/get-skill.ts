// get_skill: a skill's detail (GET /skills/{owner}/{repo}): its facts, every SKILL.md of the
// repository, its install commands and the primary SKILL.md's body, with the listing of its folders'
// files (GET /skills/{owner}/{repo}/files); refused when malicious.
import { FileEntry } from "../../schemas/files.js";
import { GetSkillInput, GetSkillOutput } from "../../schemas/mcp.js";
import type { SkillDetail } from "../../schemas/resources.js";
import { skillFiles } from "../skill-lookup.js";
import { servedDetail, skillPath } from "./skill-detail.js";
import { defineTool } from "./tool.js";

/** Made once: zod compiles a schema on its first use, so a schema made per call costs that every call. */
const FileList = FileEntry.array();

export const getSkill = defineTool({
  name: "get_skill",
  title: "Get a skill",
  description:
    "A skill's detail by its GitHub owner and repository: description, stars, license, every SKILL.md of the repository (`skills`), " +
    "the install command for each agent platform, the primary SKILL.md's body, and every file of its skill folders (`files`: path, kind, size, sha, sha256). " +
    "Read a text file with read_skill_file.",
  input: () => GetSkillInput,
  output: GetSkillOutput,
  async run(scopeFor, args) {
    const skill = await servedDetail(scopeFor, args.owner, args.repo);
    const listing = await skillFiles(scopeFor(`${skillPath(skill.owner, skill.repo)}/files`), skill.owner, skill.repo);
    const files = FileList.parse(listing.body.data);
    return { structured: { skill, files }, text: detailText(skill, files) };
  },
});

function detailText(d: SkillDetail, files: FileEntry[]): string {
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
    `Files (${files.length}):`,
    ...files.map((f) => `- ${f.path} (${f.kind}, ${f.size} bytes, sha256 ${f.sha256})`),
    "",
    installs.length > 0 ? "Install:" : "No install command is offered.",
    ...installs,
    "",
    "SKILL.md body:",
    d.content,
  ].join("\n");
}
