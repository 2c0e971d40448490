// Every line rule, in one list. Adding or changing a rule means bumping RULES_VERSION (scan.ts) and
// documenting it in docs/TRUST.md.
import type { Rule } from "../types.js";
import { AGENT_RULES } from "./agent.js";
import { CREDENTIAL_RULES } from "./credentials.js";
import { REMOTE_EXEC_RULES } from "./remote-exec.js";
import { SYSTEM_RULES } from "./system.js";

export const LINE_RULES: readonly Rule[] = [...REMOTE_EXEC_RULES, ...CREDENTIAL_RULES, ...AGENT_RULES, ...SYSTEM_RULES];
