// read_skill_file: one text file of a skill folder (GET /skills/{owner}/{repo}/content?path=), after
// the detail's trust check, so a malicious skill's files are never read out.
import { ReadSkillFileInput, ReadSkillFileOutput } from "../../schemas/mcp.js";
import { SkillContent } from "../../schemas/resources.js";
import { skillContent } from "../skill-lookup.js";
import { servedDetail, skillPath } from "./skill-detail.js";
import { defineTool } from "./tool.js";

export const readSkillFile = defineTool({
  name: "read_skill_file",
  title: "Read a skill file",
  description:
    "One text file of a skill folder, by repository path as get_skill's `files` lists it (a SKILL.md, a script, a reference), " +
    "with its size, git blob SHA-1 and SHA-256, so what is installed can be checked against it. Binary files, symbolic links " +
    "and files over the crawl's bounds are listed but not served.",
  input: () => ReadSkillFileInput,
  output: ReadSkillFileOutput,
  async run(scopeFor, args) {
    const detail = await servedDetail(scopeFor, args.owner, args.repo);
    const result = await skillContent(
      scopeFor(`${skillPath(detail.owner, detail.repo)}/content`, { path: args.path }),
      detail.owner,
      detail.repo,
    );
    const file = SkillContent.parse(result.body.data);
    const structured: ReadSkillFileOutput = { owner: detail.owner, repo: detail.repo, path: args.path, ...file };
    const head = `${detail.owner}/${detail.repo}/${args.path} (${file.size} bytes, sha ${file.sha}, sha256 ${file.sha256}):`;
    return { structured, text: `${head}\n\n${file.content}` };
  },
});
