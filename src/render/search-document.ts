// What the search sees of a skill: its name, its description, and its content, which is the body of
// the primary SKILL.md plus the names and descriptions of the repository's other SKILL.md files.
// Used by the index build and by the brute-force reference of the tests.
import type { SkillRecord } from "../schemas/dataset.js";
import type { SearchDocument } from "../search/document-text.js";
import { bodyStart, primaryFile } from "./skill-views.js";

export function searchDocument(r: SkillRecord): SearchDocument {
  const primary = primaryFile(r);
  const nested = r.files
    .filter((f) => f.path !== r.primary)
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .flatMap((f) => [f.name, f.description]);
  return {
    name: [r.name],
    description: [r.description],
    content: [primary.content.slice(bodyStart(primary.content)), ...nested],
  };
}
