// What a command's run() is given: the client, the flags and positionals, and ways to print.
import type { SkillsDirectory } from "../client.js";
import type { Io } from "./io.js";
import type { OptionValues } from "./options.js";

export interface CommandContext {
  client: SkillsDirectory;
  io: Io;
  args: string[];
  o: OptionValues;
  /** A line on stdout. */
  print(text: string): void;
  /** The value as indented JSON on stdout; returns exit status 0. */
  json(value: unknown): number;
  colour: boolean;
  columns: number;
}
