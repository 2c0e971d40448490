// Where each agent looks for skills, in a project and in the user's home (the platforms' install
// paths the directory lists, data/platforms.json), and where the installer puts a skill and its lock
// for a given --agent, --global and --dir. docs/INSTALL.md has the table.
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { InstallError } from "./errors.js";
import { LOCK_FILE } from "./lock.js";

export interface AgentFolders {
  /** Relative to the project's root. */
  project: string;
  /** Relative to the user's home folder. */
  global: string;
}

/** The agents `--agent` accepts. Codex reads the shared `.agents/skills/` of a project. */
export const AGENTS = {
  "claude-code": { project: ".claude/skills", global: ".claude/skills" },
  codex: { project: ".agents/skills", global: ".codex/skills" },
  cursor: { project: ".cursor/skills", global: ".cursor/skills" },
  "github-copilot": { project: ".github/skills", global: ".copilot/skills" },
  "gemini-cli": { project: ".gemini/skills", global: ".gemini/skills" },
  opencode: { project: ".opencode/skills", global: ".config/opencode/skills" },
} as const satisfies Record<string, AgentFolders>;
export type Agent = keyof typeof AGENTS;

/** Without --agent: the shared folder several agents read. */
export const DEFAULT_FOLDERS: AgentFolders = { project: ".agents/skills", global: ".agents/skills" };

export const isAgent = (id: string): id is Agent => Object.hasOwn(AGENTS, id);

export interface Target {
  /** The folder the lock file is in: the project's root, or the parent of a global skills folder. */
  root: string;
  /** The lock file: `root/skills-lock.json`. */
  lockFile: string;
  /** The skills folder (each skill is a folder in it), relative to `root`, `/`-separated (`""` is root itself). */
  skills: string;
}

export interface TargetOptions {
  agent?: string;
  global?: boolean;
  dir?: string;
  cwd: string;
  home: string;
}

const posix = (path: string) => path.split(sep).join("/");

/** The target that --agent, --global and --dir name; --dir must stay inside the project (the lock is there). */
export function targetFor(options: TargetOptions): Target {
  const { agent, global = false, dir, cwd, home } = options;
  if (agent !== undefined && !isAgent(agent))
    throw new InstallError(`unknown agent ${JSON.stringify(agent)}; the agents are: ${Object.keys(AGENTS).join(", ")}`);
  if (dir !== undefined) {
    if (agent !== undefined || global) throw new InstallError("--dir names the folder itself: give it without --agent or --global");
    const inProject = relative(cwd, resolve(cwd, dir));
    if (inProject.startsWith("..") || isAbsolute(inProject))
      throw new InstallError(
        `--dir ${JSON.stringify(dir)} is outside the current project, where the lock file is kept; run the command from a folder that holds it, or use --global`,
      );
    return { root: cwd, lockFile: join(cwd, LOCK_FILE), skills: posix(inProject) };
  }
  const folders = agent === undefined ? DEFAULT_FOLDERS : AGENTS[agent];
  if (!global) return { root: cwd, lockFile: join(cwd, LOCK_FILE), skills: folders.project };
  // A global lock sits beside the skills folder: ~/.claude/skills-lock.json next to ~/.claude/skills/.
  const parts = folders.global.split("/");
  const root = join(home, ...parts.slice(0, -1));
  return { root, lockFile: join(root, LOCK_FILE), skills: parts.at(-1)! };
}
