// Checks on the CLI's own arguments (a whole number, true or false, owner/repo), each failing with
// a UsageError that says what was expected. Values the API validates (sort, category, ...) are
// passed on as given: its 400 names the allowed values.
import { UsageError } from "./parse.js";

export function whole(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} takes a whole number (got ${JSON.stringify(value)})`);
  return Number(value);
}

export function trueFalse(name: string, value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (value !== "true" && value !== "false") throw new UsageError(`--${name} takes true or false (got ${JSON.stringify(value)})`);
  return value === "true";
}

const OWNER_REPO = /^([A-Za-z0-9][A-Za-z0-9-]{0,38})\/((?!\.{1,2}$)[A-Za-z0-9._-]{1,100})$/;

export function ownerRepo(arg: string | undefined, command: string): [string, string] {
  const m = OWNER_REPO.exec(arg ?? "");
  if (!m) throw new UsageError(`give the skill as owner/repo (got ${JSON.stringify(arg ?? "")})`, command);
  return [m[1]!, m[2]!];
}

/** `owner/repo` or `owner/repo/skill-name`. */
export function skillRef(arg: string, command: string): { owner: string; repo: string; skill?: string } {
  const parts = arg.split("/");
  if (parts.length === 3 && parts[2] !== "") {
    const [owner, repo] = ownerRepo(`${parts[0]}/${parts[1]}`, command);
    return { owner, repo, skill: parts[2] };
  }
  const [owner, repo] = ownerRepo(arg, command);
  return { owner, repo };
}

/** The one positional a command needs, or a usage error naming it. */
export function one(args: string[], what: string, command: string): string {
  if (args.length === 0) throw new UsageError(`${command} needs ${what}`, command);
  if (args.length > 1) throw new UsageError(`${command} takes one ${what}, got ${args.length} arguments`, command);
  return args[0]!;
}

/** No positional allowed. */
export function none(args: string[], command: string): void {
  if (args.length > 0) throw new UsageError(`${command} takes no argument (got ${JSON.stringify(args.join(" "))})`, command);
}
