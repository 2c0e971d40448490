// What every install operation is given: where to read from, where to write, what the user allowed,
// and how to talk to them. The CLI builds it from flags; tests build it directly.
import type { Target } from "./agents.js";
import type { Progress } from "./download.js";
import type { SkillSource } from "./source.js";

export interface InstallContext {
  source: SkillSource;
  target: Target;
  /** Only the skills in this skills folder (relative to the target's root), when --agent or --dir named one. */
  only?: string;
  /** Overwrite or remove a folder changed since it was installed. */
  force: boolean;
  /**
   * Whether to go ahead with a suspicious skill (`subject` says which), asked after its findings are
   * shown: true with --yes, the user's answer on a terminal, false when there is no one to ask.
   */
  confirm(subject: string, findings: readonly string[]): Promise<boolean>;
  progress?: Progress;
  /** A line of the outcome, for stdout. */
  say(line: string): void;
}
