// The agentskills.io rules for SKILL.md frontmatter, as a zod schema: what a valid file declares.
// Keys beyond these are allowed (publishers add many); these are the ones the format defines.
import { z } from "zod";
import { NAME_MAX, SKILL_NAME } from "../schemas/untrusted-text.js";

export const SkillFrontmatter = z.looseObject({
  name: z
    .string({ error: "name is missing or not a string" })
    .min(1, "name is empty")
    .max(NAME_MAX, `name is longer than ${NAME_MAX} characters`)
    .regex(SKILL_NAME, "name must be lower-case letters, digits and single hyphens, not starting or ending with a hyphen"),
  description: z
    .string({ error: "description is missing or not a string" })
    .min(1, "description is empty")
    .max(1024, "description is longer than 1024 characters"),
  license: z.string({ error: "license must be a string" }).optional(),
  compatibility: z.string({ error: "compatibility must be a string" }).max(500, "compatibility is longer than 500 characters").optional(),
  metadata: z.record(z.string(), z.string(), { error: "metadata must map strings to strings" }).optional(),
  "allowed-tools": z.string({ error: "allowed-tools must be a space-separated string" }).optional(),
});
export type SkillFrontmatter = z.infer<typeof SkillFrontmatter>;

/** The problems of a frontmatter object against the rules, one readable line each. */
export function frontmatterProblems(data: Record<string, unknown>): string[] {
  const parsed = SkillFrontmatter.safeParse(data);
  return parsed.success
    ? []
    : parsed.error.issues.map((i) =>
        i.path.length > 1 || i.message.startsWith("Invalid") ? `${i.path.join(".")}: ${i.message}` : i.message,
      );
}
