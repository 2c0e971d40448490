// The `skills-directory` command line: every endpoint of the API as a command, and the installer
// (install, update, remove, installed). Text for people, `--json` for programs. Errors are one line
// on stderr: exit 1 for an API error or a refusal, 2 for a usage error; never a stack trace.

import { completeBaseUrl, DEFAULT_PORT, defaultBaseUrl, type Environment } from "./address.js";
import { commandNamed } from "./cli/commands.js";
import type { CommandContext } from "./cli/context.js";
import { commandUsage, usage } from "./cli/help.js";
import type { Io } from "./cli/io.js";
import { parseCommandLine, UsageError } from "./cli/parse.js";
import { SkillsDirectory } from "./client.js";
import { SkillsDirectoryError } from "./error.js";
import { InstallError } from "./install/errors.js";

export type { Io, Output } from "./cli/io.js";

/** The client's base URL from --api (or SKILLS_API_URL): an origin alone gets /api/v1. */
export function apiBase(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`the API address ${JSON.stringify(value)} is not a URL (as in http://127.0.0.1:${DEFAULT_PORT})`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new UsageError(`the API address ${JSON.stringify(value)} is not http or https`);
  return completeBaseUrl(value);
}

/** --api, else SKILLS_API_URL, else the local server on PORT (8788 unless PORT says otherwise): the client's rule. */
export function apiFromOptions(api: string | undefined, env: Environment): string {
  if (api !== undefined) return apiBase(api);
  if (env.SKILLS_API_URL?.trim()) return apiBase(env.SKILLS_API_URL.trim());
  try {
    return defaultBaseUrl(env);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function apiError(e: SkillsDirectoryError, json: boolean): string {
  if (json) return `${JSON.stringify({ error: { code: e.code, status: e.status, message: e.message, requestId: e.requestId } })}\n`;
  const wait =
    e.code === "RATE_LIMITED" && e.retryAfter !== null
      ? `; retry in ${e.retryAfter} s (an API key in SKILLS_API_KEY raises the limit)`
      : "";
  return `error ${e.code}${e.status ? ` (HTTP ${e.status})` : ""}: ${e.message}${wait}${e.requestId ? ` [request ${e.requestId}]` : ""}\n`;
}

export async function main(argv: string[], io: Io): Promise<number> {
  let command: string | undefined;
  let json = false;
  try {
    const parsed = parseCommandLine(argv, (name) => commandNamed(name)?.options);
    command = parsed.command;
    json = parsed.values.json === true;
    if (command === undefined || command === "help") {
      const topic = command === "help" ? parsed.positionals[0] : undefined;
      const spec = topic === undefined ? undefined : commandNamed(topic);
      if (topic !== undefined && spec === undefined) throw new UsageError(`unknown command ${JSON.stringify(topic)}`);
      const asked = parsed.values.help === true || command === "help";
      (asked ? io.stdout : io.stderr).write(spec ? commandUsage(spec) : usage());
      return asked ? 0 : 2;
    }
    const spec = commandNamed(command);
    if (spec === undefined) throw new UsageError(`unknown command ${JSON.stringify(command)}`);
    if (parsed.values.help) {
      io.stdout.write(commandUsage(spec));
      return 0;
    }
    const o = parsed.values;
    const client = new SkillsDirectory({
      baseUrl: apiFromOptions(o.api ?? o["base-url"], io.env),
      apiKey: io.env.SKILLS_API_KEY || undefined,
    });
    const print = (text: string) => io.stdout.write(`${text}\n`);
    const context: CommandContext = {
      client,
      io,
      args: parsed.positionals,
      o,
      print,
      json: (value) => {
        print(JSON.stringify(value, null, 2));
        return 0;
      },
      colour: Boolean(io.stdout.isTTY) && io.env.NO_COLOR === undefined,
      columns: io.stdout.columns ?? 100,
    };
    return await spec.run(context);
  } catch (e) {
    if (e instanceof UsageError) {
      const about = commandNamed(e.command ?? command ?? "");
      const topic = about ? ` ${about.name}` : "";
      io.stderr.write(`skills-directory: ${e.message} (see skills-directory${topic} --help)\n`);
      return 2;
    }
    if (e instanceof SkillsDirectoryError) {
      io.stderr.write(apiError(e, json));
      return 1;
    }
    if (e instanceof InstallError) {
      io.stderr.write(`error: ${e.message}\n${e.details.map((d) => `${d}\n`).join("")}`);
      return 1;
    }
    // A failure of the machine (a full disk, no permission): its message, without the stack.
    io.stderr.write(`error: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}
