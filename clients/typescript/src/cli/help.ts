// Help text, made from the command and option tables so it cannot drift from what is parsed.
import { COMMANDS, type Command } from "./commands.js";
import { COMMON, OPTIONS, type OptionName } from "./options.js";

const pad = (text: string, width: number) => text + " ".repeat(Math.max(1, width - text.length));

function optionLines(names: readonly OptionName[]): string[] {
  const shown = names.filter((n) => n !== "base-url");
  const flags = shown.map((n) => {
    const spec = OPTIONS[n];
    const short = "short" in spec ? `-${spec.short}, ` : "";
    return `${short}--${n}${"placeholder" in spec ? ` ${spec.placeholder}` : ""}`;
  });
  const width = Math.max(...flags.map((f) => f.length)) + 3;
  return shown.map((n, i) => `  ${pad(flags[i]!, width)}${OPTIONS[n].help}`);
}

export function usage(): string {
  const width = Math.max(...COMMANDS.map((c) => `${c.name} ${c.args}`.length)) + 3;
  return [
    "Usage: skills-directory <command> [options]",
    "",
    "Commands:",
    ...COMMANDS.map((c) => `  ${pad(`${c.name} ${c.args}`.trimEnd(), width)}${c.summary}`),
    "",
    "Options of every command:",
    ...optionLines(COMMON),
    "",
    "`skills-directory <command> --help` lists a command's options. The API key, if any, is read from",
    "$SKILLS_API_KEY. Exit status: 0 done, 1 an API error or a refusal, 2 a usage error.",
    "",
  ].join("\n");
}

export function commandUsage(command: Command): string {
  return [
    `Usage: skills-directory ${command.name}${command.args ? ` ${command.args}` : ""} [options]`,
    "",
    `${command.summary[0]!.toUpperCase()}${command.summary.slice(1)}.`,
    ...(command.aliases ? [`Also: ${command.aliases.join(", ")}.`] : []),
    "",
    "Options:",
    ...optionLines([...command.options, ...COMMON]),
    "",
  ].join("\n");
}
