// The scanner's inner vocabulary: how a line is read (its context), what a rule is, and the facts a rule
// leaves behind for the cross-file checks (src/build/trust/flows.ts).
import type { FindingKind, Severity } from "../../schemas/trust.js";
import type { Chain } from "./spans.js";

/**
 * How a line is read. `code`: a script, always behaviour. `command`: a code block of a markdown file framed
 * as something to run. `instruction`: markdown prose and frontmatter, what the agent is told. `hidden`: text a
 * reader does not see (HTML comments, invisible characters, hidden HTML). `config`: JSON, YAML and the like.
 * Lines framed as examples (quoted attacks in security documentation) are not given to behaviour rules.
 */
export type Context = "code" | "command" | "instruction" | "hidden" | "config";

/** Facts rules leave for the checks that look at a whole skill folder. */
export type Fact =
  | "reads-credentials" // a credential store (keys, cloud credentials, browser data, wallets, the whole environment)
  | "reads-secret" // one secret (a *TOKEN* variable, a .env file): normal for a tool using its own key
  | "sends-data" // data leaves the machine (POST, upload, netcat, scp)
  | "sends-to-collector" // data goes to a capture endpoint, a hard-coded chat webhook, a paste site or a bare IP
  | "network" // any network use
  | "deletes" // removes files
  | "downloads-file" // saves a download to disk
  | "makes-executable"; // chmod +x or the like

export interface FileView {
  path: string;
  /** The SKILL.md whose folder holds the file (its own path for a SKILL.md). */
  skill: string;
  /** `detection`: YARA, Sigma and similar rule files, which quote attacks to find them. */
  lang: "markdown" | "shell" | "python" | "javascript" | "powershell" | "other-code" | "config" | "dockerfile" | "detection";
  isSkillMd: boolean;
}

export interface LineEnv {
  ctx: Context;
  file: FileView;
  /** The repository owner, to tell the project's own downloads from others'. */
  owner: string;
  /** The decoders that produced this text, outermost first (empty for the text as written). */
  via: string[];
  /** What the skill's SKILL.md says about itself, for rules that weigh a declared purpose. */
  declared: string;
  /** The skill is about security (audits, detection, pentest teaching): its prose describes attacks. */
  securityThemed: boolean;
}

export interface Rule {
  id: string;
  kind: FindingKind;
  /** Severity per context; a context left out means the rule does not apply there. */
  severity: Partial<Record<Context, Severity>>;
  /**
   * Lowercase substrings, at least one of which the line must contain (a cheap filter before the pattern).
   * A key written `\\bdd ` counts only where a word starts (no ASCII letter, digit or `_` just before it), as
   * the pattern's own `\b` does: "add " holds no such key.
   */
  keys: readonly string[];
  /** A linear-time pattern: bounded repetitions only, no nested quantifiers. */
  re: RegExp;
  why: string;
  /**
   * Every alternative of `re` as pieces and bounded gaps (a superset of it): on a long text the pattern is
   * tried only where a whole chain can hold, so a line full of keys without their tails costs one pass
   * (src/build/trust/spans.ts). Rules with a window after a key declare it.
   */
  chains?: readonly Chain[];
  /**
   * A cheap linear test the text must pass before the pattern runs: something every hit needs besides a key
   * (the pipe and shell after a download, a lure host). It never changes what is found; it spares a long
   * line full of keys a window scan after every one of them.
   */
  needs?: (text: string, env: LineEnv) => boolean;
  /** Adjusts the severity from the match and its line; `null` drops the hit. */
  grade?: (m: RegExpExecArray, line: string, env: LineEnv, base: Severity) => Severity | null;
  /** The pattern names a negation itself ("do not tell the user"): a "do not" on the line is no example frame. */
  negationIsThePoint?: boolean;
  /** Facts the hit leaves, whatever its severity. */
  facts?: readonly Fact[];
  /** Only leaves facts; never a finding. */
  factOnly?: boolean;
}

export interface Hit {
  rule: string;
  kind: FindingKind;
  severity: Severity;
  file: string;
  line: number;
  /** Raw index in the line where the evidence starts (for the excerpt window). */
  at: number;
  why: string;
}

export const SEVERITY_RANK: Record<Severity, number> = { critical: 0, high: 1, medium: 2, low: 3 };

export function raise(s: Severity, steps = 1): Severity {
  const order: Severity[] = ["low", "medium", "high", "critical"];
  return order[Math.min(3, order.indexOf(s) + steps)]!;
}

export function lower(s: Severity, steps = 1): Severity {
  const order: Severity[] = ["low", "medium", "high", "critical"];
  return order[Math.max(0, order.indexOf(s) - steps)]!;
}
