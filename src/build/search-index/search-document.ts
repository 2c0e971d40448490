// What the search sees of a skill: its name, its description, and its content, which is the body of
// the primary SKILL.md plus the names and descriptions of the repository's other SKILL.md files; and,
// for a collection, those other files as nested skills, indexed on their own as well (nested ids in
// ordinal order, then path order). Used by the index build and by the brute-force reference.

import { bodyStart } from "../../contract/skill-body.js";
import { primaryFile } from "../../contract/skill-views.js";
import type { SkillRecord } from "../../schemas/dataset.js";
import type { SearchDocument } from "./document-text.js";

const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

export function searchDocument(r: SkillRecord): SearchDocument {
  const primary = primaryFile(r);
  const nested = r.files
    .filter((f) => f.path !== r.primary)
    .sort(byPath)
    .flatMap((f) => [f.name, f.description]);
  return {
    name: [r.name],
    description: [r.description],
    content: [primary.content.slice(bodyStart(primary.content)), ...nested],
  };
}

/** A nested skill as the search sees it: the ordinal of its repository, its name, description and path. */
export interface NestedSkill {
  owner: number;
  name: string;
  description: string;
  path: string;
}

/** The nested skills of every record (position = ordinal), in nested-id order. */
export function nestedSkills(records: readonly SkillRecord[]): NestedSkill[] {
  const out: NestedSkill[] = [];
  records.forEach((r, owner) => {
    for (const f of r.files.filter((f) => f.path !== r.primary).sort(byPath))
      out.push({ owner, name: f.name, description: f.description, path: f.path });
  });
  return out;
}
