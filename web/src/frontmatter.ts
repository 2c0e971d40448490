// A SKILL.md without its YAML frontmatter, cut where the build cuts the detail's `content`.
import { bodyStart } from "../../src/contract/skill-body.js";

export const stripFrontmatter = (raw: string): string => raw.slice(bodyStart(raw));
