// The command table: each command's name, arguments, flags, the client methods it calls (a test
// checks that together they reach every method), one line of help, and what runs it.
import * as api from "./api-commands.js";
import type { CommandContext } from "./context.js";
import * as installing from "./install-commands.js";
import type { OptionName } from "./options.js";

export interface Command {
  name: string;
  aliases?: string[];
  args: string;
  summary: string;
  options: OptionName[];
  /** The client methods it calls. */
  methods: string[];
  run(c: CommandContext): Promise<number>;
}

const TARGET: OptionName[] = ["agent", "global", "dir"];

export const COMMANDS: Command[] = [
  {
    name: "list",
    args: "",
    summary: "a page of skills, with filters (--installed: the installed skills, as `installed`)",
    options: ["category", "platform", "sort", "order", "updated-since", "page", "limit", "installed", ...TARGET],
    methods: ["listSkills", "listCategorySkills"],
    run: (c) => (c.o.installed ? installing.installed(c) : api.list(c)),
  },
  {
    name: "search",
    args: "<query>",
    summary: 'full-text search ("pdf -form", name:react, "exact phrase", prefix*)',
    options: ["category", "platform", "min-stars", "has-index", "page", "limit"],
    methods: ["search"],
    run: api.search,
  },
  {
    name: "get",
    aliases: ["show"],
    args: "<owner/repo>",
    summary: "a skill's details and install commands",
    options: [],
    methods: ["getSkill"],
    run: api.get,
  },
  {
    name: "files",
    args: "<owner/repo>",
    summary: "every file of the skill folders, with kind, size and SHA-256",
    options: [],
    methods: ["listSkillFiles"],
    run: api.files,
  },
  {
    name: "content",
    args: "<owner/repo>",
    summary: "a file of the skill folder as it is (--path; default the SKILL.md)",
    options: ["path"],
    methods: ["getSkillContent"],
    run: api.content,
  },
  {
    name: "stats",
    args: "<owner/repo>",
    summary: "views, installs, favorites and star history",
    options: [],
    methods: ["getSkillStats"],
    run: api.stats,
  },
  {
    name: "autocomplete",
    args: "<partial query>",
    summary: "suggested queries",
    options: ["limit"],
    methods: ["autocomplete"],
    run: api.autocomplete,
  },
  {
    name: "categories",
    args: "[slug]",
    summary: "the categories with their skill counts, or one category with its top skills",
    options: ["locale"],
    methods: ["listCategories", "getCategory"],
    run: api.categories,
  },
  { name: "status", args: "", summary: "how fresh the directory is", options: [], methods: ["getStatus"], run: api.status },
  {
    name: "index-status",
    args: "<owner/repo>",
    summary: "whether a repository is listed, and if not, why",
    options: [],
    methods: ["getIndexStatus"],
    run: api.indexStatus,
  },
  {
    name: "refresh",
    args: "<owner/repo>",
    summary: "ask for a re-index: the repository is queued for the next crawl",
    options: [],
    methods: ["requestRefresh"],
    run: api.refresh,
  },
  {
    name: "events",
    args: "",
    summary: "the changes feed (--all follows it to the end)",
    options: ["since", "limit", "type", "all"],
    methods: ["events", "iterateEvents"],
    run: api.events,
  },
  {
    name: "install",
    args: "[owner/repo[/skill]]",
    summary: "install a skill's folder, checked by digest; with no argument, everything skills-lock.json lists",
    options: [...TARGET, "yes", "force", "update"],
    methods: ["getSkill", "listSkillFiles", "getSkillContent"],
    run: installing.install,
  },
  {
    name: "update",
    args: "[name]",
    summary: "bring installed skills (or the one named) to what the directory serves now",
    options: [...TARGET, "yes", "force"],
    methods: ["getSkill", "listSkillFiles", "getSkillContent"],
    run: installing.update,
  },
  {
    name: "remove",
    args: "<name>",
    summary: "remove an installed skill",
    options: [...TARGET, "force"],
    methods: [],
    run: installing.remove,
  },
  {
    name: "installed",
    args: "",
    summary: "the installed skills and whether each is as installed",
    options: TARGET,
    methods: [],
    run: installing.installed,
  },
];

export const commandNamed = (name: string): Command | undefined => COMMANDS.find((c) => c.name === name || c.aliases?.includes(name));
