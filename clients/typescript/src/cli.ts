// The `skills-directory` command line: search, show, install and categories over the client.
// Tables for people, `--json` for programs; `--base-url` or SKILLS_API_URL, and SKILLS_API_KEY.
import { parseArgs } from "node:util";
import { highlight, style, table } from "./cli/format.js";
import { SkillsDirectory } from "./client.js";
import { SkillsDirectoryError } from "./error.js";
import type { SearchParams } from "./types.js";

export const DEFAULT_BASE_URL = "http://127.0.0.1:8788/api/v1";

export interface Output {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

const USAGE = `Usage: skills-directory <command> [options]

Commands:
  search <query>         full-text search ("pdf -form", name:react, "exact phrase", prefix*)
      --category SLUG --platform ID --min-stars N --has-index true|false --page N --limit N
  show <owner/repo>      a skill's details and install commands
  install <owner/repo>   the install command (--platform ID; all platforms without it)
  categories             the categories with their skill counts (--locale en|zh|ja|ko|es|fr|de|pt)

Options:
  --json                 print the API's JSON instead of a table
  --base-url URL         the API (default: $SKILLS_API_URL, else ${DEFAULT_BASE_URL})
  -h, --help             this help

The API key, if any, is read from $SKILLS_API_KEY.
`;

class UsageError extends Error {}

const OPTIONS = {
  json: { type: "boolean" },
  "base-url": { type: "string" },
  category: { type: "string" },
  platform: { type: "string" },
  "min-stars": { type: "string" },
  "has-index": { type: "string" },
  page: { type: "string" },
  limit: { type: "string" },
  locale: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

function whole(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} takes a whole number (got ${JSON.stringify(value)})`);
  return Number(value);
}

function flag(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (value !== "true" && value !== "false") throw new UsageError(`--has-index takes true or false (got ${JSON.stringify(value)})`);
  return value === "true";
}

function ownerRepo(arg: string | undefined): [string, string] {
  const m = /^([^/\s]+)\/([^/\s]+)$/.exec(arg ?? "");
  if (!m) throw new UsageError(`give the skill as owner/repo (got ${JSON.stringify(arg ?? "")})`);
  return [m[1]!, m[2]!];
}

const number = (n: number) => n.toLocaleString("en-US");

export async function main(argv: string[], env: Record<string, string | undefined>, stdout: Output, stderr: Output): Promise<number> {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  } catch (e) {
    stderr.write(`${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values: o, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (o.help || !command) {
    (o.help ? stdout : stderr).write(USAGE);
    return o.help ? 0 : 2;
  }
  const colour = Boolean(stdout.isTTY) && env.NO_COLOR === undefined;
  const columns = stdout.columns ?? 100;
  const client = new SkillsDirectory({
    baseUrl: o["base-url"] ?? env.SKILLS_API_URL ?? DEFAULT_BASE_URL,
    apiKey: env.SKILLS_API_KEY || undefined,
  });
  const print = (text: string) => stdout.write(`${text}\n`);
  const json = (value: unknown) => {
    print(JSON.stringify(value, null, 2));
    return 0;
  };

  try {
    switch (command) {
      case "search": {
        const q = rest.join(" ");
        if (!q) throw new UsageError('search needs a query, as in: skills-directory search "pdf -form"');
        const r = await client.search(q, {
          category: o.category as SearchParams["category"],
          platform: o.platform as SearchParams["platform"],
          minStars: whole("min-stars", o["min-stars"]),
          hasIndex: flag(o["has-index"]),
          page: whole("page", o.page),
          limit: whole("limit", o.limit),
        });
        if (o.json) return json({ data: r.data, pagination: r.pagination, meta: r.meta });
        const { page, totalPages, total } = r.pagination;
        print(
          `${number(total)} result${total === 1 ? "" : "s"} for ${JSON.stringify(r.meta.query)} (page ${page} of ${Math.max(1, totalPages)})`,
        );
        if (r.data.length > 0) {
          const rows = r.data.map((s) => [`${s.owner}/${s.repo}`, number(s.stars), highlight(s.highlights.description, colour)]);
          print(table(["SKILL", "STARS", "DESCRIPTION"], rows, columns, colour));
        }
        return 0;
      }
      case "show": {
        const [owner, repo] = ownerRepo(rest[0]);
        const { data: s, ...r } = await client.getSkill(owner, repo);
        if (o.json) return json({ data: s, meta: r.meta });
        print(`${style.bold(s.name, colour)}  ${s.owner}/${s.repo}`);
        print(s.description);
        print("");
        print(`stars ${number(s.stars)} · forks ${number(s.forks)} · license ${s.license} · updated ${s.updatedAt.slice(0, 10)}`);
        print(`categories: ${s.categories.join(", ")}`);
        if (s.skills.length > 1) print(`skills in the repository: ${s.skills.map((k) => k.name).join(", ")}`);
        print("");
        print(table(["PLATFORM", "INSTALL"], Object.entries(s.installCommands), columns, colour));
        return 0;
      }
      case "install": {
        const [owner, repo] = ownerRepo(rest[0]);
        const { data: s } = await client.getSkill(owner, repo);
        const commands = s.installCommands;
        if (o.platform !== undefined) {
          const command = commands[o.platform];
          if (command === undefined) {
            stderr.write(`${s.owner}/${s.repo} does not list ${o.platform}; its platforms are: ${Object.keys(commands).join(", ")}\n`);
            return 1;
          }
          if (o.json) return json({ platform: o.platform, command });
          print(command);
          return 0;
        }
        if (o.json) return json(commands);
        print(table(["PLATFORM", "INSTALL"], Object.entries(commands), columns, colour));
        return 0;
      }
      case "categories": {
        const r = await client.listCategories({ locale: o.locale });
        if (o.json) return json({ data: r.data });
        print(
          table(
            ["SLUG", "SKILLS", "NAME"],
            r.data.map((c) => [c.slug, number(c.skillCount), c.name]),
            columns,
            colour,
          ),
        );
        return 0;
      }
      default:
        throw new UsageError(`unknown command ${JSON.stringify(command)}`);
    }
  } catch (e) {
    if (e instanceof UsageError) {
      stderr.write(`${e.message}\n\n${USAGE}`);
      return 2;
    }
    if (e instanceof SkillsDirectoryError) {
      if (o.json)
        stderr.write(`${JSON.stringify({ error: { code: e.code, status: e.status, message: e.message, requestId: e.requestId } })}\n`);
      else
        stderr.write(
          `error ${e.code}${e.status ? ` (HTTP ${e.status})` : ""}: ${e.message}${e.requestId ? ` [request ${e.requestId}]` : ""}\n`,
        );
      return 1;
    }
    throw e;
  }
}
