// Every flag of the CLI, once: its kind, the placeholder shown in help, and one line of help. Each
// command lists which of these it takes (commands.ts); anything else is a usage error.
export interface OptionSpec {
  /** `string` takes a value (`--limit 5` or `--limit=5`); `boolean` takes none. */
  type: "string" | "boolean";
  placeholder?: string;
  help: string;
  short?: string;
}

export const OPTIONS = {
  api: {
    type: "string",
    placeholder: "URL",
    help: "the API (default: $SKILLS_API_URL, else http://127.0.0.1:$PORT/api/v1 with PORT 8788)",
  },
  "base-url": { type: "string", placeholder: "URL", help: "the former name of --api" },
  json: { type: "boolean", help: "print the API's JSON instead of text" },
  verbose: { type: "boolean", help: "progress on stderr even when it is not a terminal" },
  help: { type: "boolean", short: "h", help: "this help" },
  category: { type: "string", placeholder: "SLUG", help: "only skills of this category" },
  platform: { type: "string", placeholder: "ID", help: "only skills for this platform (claude-code, codex, ...)" },
  sort: { type: "string", placeholder: "stars|updated|name", help: "the order (default stars)" },
  order: { type: "string", placeholder: "asc|desc", help: "the direction" },
  "updated-since": { type: "string", placeholder: "TIME", help: "only skills updated since this ISO 8601 time (2026-11-20T06:00:00Z)" },
  "min-stars": { type: "string", placeholder: "N", help: "only skills with at least N stars" },
  "has-index": { type: "string", placeholder: "true|false", help: "only skills with (or without) a marketplace index" },
  trust: { type: "string", placeholder: "default|clean|any", help: "which verdicts to show (default leaves malicious out)" },
  page: { type: "string", placeholder: "N", help: "the page, from 1" },
  limit: { type: "string", placeholder: "N", help: "items a page" },
  locale: { type: "string", placeholder: "LOCALE", help: "en, zh, ja, ko, es, fr, de or pt" },
  path: { type: "string", placeholder: "PATH", help: "a file of the skill folder (default its SKILL.md)" },
  since: { type: "string", placeholder: "EVENT", help: "only events after this event id" },
  type: { type: "string", placeholder: "TYPE", help: "only events of this type (skill.created, ...)" },
  all: { type: "boolean", help: "follow the feed to its end" },
  installed: { type: "boolean", help: "list the installed skills instead (as `installed`)" },
  agent: {
    type: "string",
    placeholder: "AGENT",
    help: "the agent's skills folder (claude-code, codex, cursor, github-copilot, gemini-cli, opencode)",
  },
  global: { type: "boolean", help: "the user's folder for the agent instead of the project's" },
  dir: { type: "string", placeholder: "DIR", help: "this skills folder instead (inside the project)" },
  yes: { type: "boolean", short: "y", help: "install a suspicious skill without asking" },
  force: { type: "boolean", help: "replace or remove a folder changed since it was installed" },
  update: { type: "boolean", help: "with no skill: take what the directory serves now instead of the locked bytes" },
} as const satisfies Record<string, OptionSpec>;

export type OptionName = keyof typeof OPTIONS;
export type OptionValues = { [K in OptionName]?: (typeof OPTIONS)[K]["type"] extends "string" ? string : boolean };

/** Every command takes these. */
export const COMMON: readonly OptionName[] = ["api", "base-url", "json", "verbose", "help"];
