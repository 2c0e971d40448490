// The commands that install: install (a skill, or everything the lock lists), update, remove and
// installed. Flags become an InstallContext; the work is in ../install/.
import { targetFor } from "../install/agents.js";
import type { InstallContext } from "../install/context.js";
import { installSkill } from "../install/install-skill.js";
import { installedRow, installedSkills } from "../install/installed.js";
import { removeSkill } from "../install/remove.js";
import { restoreLocked } from "../install/restore.js";
import type { SkillSource } from "../install/source.js";
import { updateSkills } from "../install/update.js";
import type { CommandContext } from "./context.js";
import { table } from "./format.js";
import { UsageError } from "./parse.js";
import { progressOn } from "./progress.js";
import { confirmer } from "./prompt.js";
import { none, one, skillRef } from "./values.js";

function installContext(c: CommandContext): InstallContext & { endProgress(): void } {
  const target = targetFor({ agent: c.o.agent, global: c.o.global, dir: c.o.dir, cwd: c.io.cwd, home: c.io.home });
  const progress = progressOn(c.io.stderr, c.o.verbose === true);
  const source: SkillSource = c.client;
  return {
    source,
    target,
    only: c.o.agent !== undefined || c.o.dir !== undefined ? target.skills : undefined,
    force: c.o.force === true,
    confirm: confirmer(c.io.stdin, c.io.stderr, c.o.yes === true),
    progress,
    say(line) {
      progress?.end();
      if (!c.o.json) c.print(line);
    },
    endProgress: () => progress?.end(),
  };
}

async function run(c: CommandContext, work: (ctx: InstallContext) => Promise<void>): Promise<number> {
  const ctx = installContext(c);
  try {
    await work(ctx);
  } finally {
    ctx.endProgress();
  }
  // With --json the outcome is the lock's state afterwards, as `installed --json` prints it.
  if (c.o.json) return printInstalled(c, ctx);
  return 0;
}

async function printInstalled(c: CommandContext, ctx: InstallContext): Promise<number> {
  const skills = await installedSkills(ctx);
  if (c.o.json) return c.json({ lockFile: ctx.target.lockFile, skills });
  if (skills.length === 0) c.print(`no skill installed (${ctx.target.lockFile} lists none)`);
  else c.print(table(["NAME", "SOURCE", "FILES", "STATE", "FOLDER"], skills.map(installedRow), c.columns, c.colour));
  return 0;
}

export function install(c: CommandContext): Promise<number> {
  if (c.args.length > 1)
    throw new UsageError(`install takes one skill (owner/repo or owner/repo/skill), got ${c.args.length} arguments`, "install");
  const arg = c.args[0];
  if (arg === undefined) return run(c, (ctx) => restoreLocked(ctx, c.o.update === true));
  if (c.o.update) throw new UsageError("--update goes with install alone (restore the lock) or with the update command", "install");
  const ref = skillRef(arg, "install");
  return run(c, (ctx) => installSkill(ctx, ref));
}

export function update(c: CommandContext): Promise<number> {
  if (c.args.length > 1) throw new UsageError("update takes at most one skill name", "update");
  return run(c, (ctx) => updateSkills(ctx, c.args[0]));
}

export function remove(c: CommandContext): Promise<number> {
  const name = one(c.args, "the name of an installed skill", "remove");
  return run(c, (ctx) => removeSkill(ctx, name));
}

export function installed(c: CommandContext): Promise<number> {
  none(c.args, "installed");
  return printInstalled(c, installContext(c));
}
