// The command line read into a command, its positionals and its flags, with one clean sentence for
// any mistake (no Node boilerplate): an unknown flag, a flag the command does not take, a missing
// or unexpected value.
import { parseArgs } from "node:util";
import { COMMON, OPTIONS, type OptionName, type OptionValues } from "./options.js";

export class UsageError extends Error {
  /** The command whose help to point at, when known. */
  constructor(
    message: string,
    readonly command?: string,
  ) {
    super(message);
  }
}

export interface Parsed {
  command: string | undefined;
  positionals: string[];
  values: OptionValues;
}

/** What parseArgs needs to know: which flags take a value, and the short forms. */
const CONFIG = Object.fromEntries(
  Object.entries(OPTIONS).map(([name, spec]) => [name, { type: spec.type, ...("short" in spec ? { short: spec.short } : {}) }]),
) as Record<string, { type: "string" | "boolean"; short?: string }>;

/** Reads argv; `allowed(command)` says which flags a command takes (undefined: an unknown command, left to the caller). */
export function parseCommandLine(argv: string[], allowed: (command: string) => readonly OptionName[] | undefined): Parsed {
  // Lenient parse for the tokens; every check is ours, so each message is one sentence.
  const { tokens } = parseArgs({ args: argv, options: CONFIG, strict: false, allowPositionals: true, tokens: true });
  const positionals = tokens.filter((t) => t.kind === "positional").map((t) => t.value);
  const command = positionals[0];
  const takes = command === undefined ? COMMON : [...COMMON, ...(allowed(command) ?? [])];
  const values: Record<string, string | boolean> = {};
  for (const token of tokens) {
    if (token.kind !== "option") continue;
    const name = token.name as OptionName;
    const spec = Object.hasOwn(OPTIONS, name) ? OPTIONS[name] : undefined;
    if (spec === undefined) throw new UsageError(`unknown option ${token.rawName}`, command);
    if (!takes.includes(name)) throw new UsageError(`${command ?? "skills-directory"} does not take --${name}`, command);
    if (spec.type === "boolean") {
      if (token.value !== undefined) throw new UsageError(`--${name} takes no value (got ${JSON.stringify(token.value)})`, command);
      values[name] = true;
    } else {
      if (token.value === undefined || (token.inlineValue === false && token.value.startsWith("-") && token.value.length > 1))
        throw new UsageError(`--${name} needs a value: --${name} ${spec.placeholder}`, command);
      values[name] = token.value;
    }
  }
  return { command, positionals: positionals.slice(1), values: values as OptionValues };
}
