// Running the project's wrangler CLI from Node: one environment for every call (no metrics, no
// colours, no fetch of Cloudflare's request metadata, so offline runs stay quiet) and one error
// that carries what wrangler printed.
import { execFile } from "node:child_process";
import { join } from "node:path";

/** The environment every wrangler child gets: quiet, offline-safe, plain text. */
export const wranglerEnv = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  // Without this, every `pages dev` start tries workers.cloudflare.com and prints a stack offline.
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  NO_COLOR: "1",
  FORCE_COLOR: "0",
  ...extra,
});

export const wranglerBin = (projectDir: string): string => join(projectDir, "node_modules", ".bin", "wrangler");

export class WranglerError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly output: string,
  ) {
    // wrangler's own message is the line marked ✘ [ERROR]; the rest is banner and log paths.
    const line = output.split("\n").find((l) => /\[ERROR\]/.test(l));
    super(
      `wrangler ${args.slice(0, 3).join(" ")} failed: ${(line ?? output.trim().split("\n").at(-1) ?? "").replace(/^.*\[ERROR\]\s*/, "").trim()}`,
    );
  }
}

/** Runs `wrangler ...args` in the project folder and resolves with its standard output. */
export function runWrangler(projectDir: string, args: readonly string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((ok, fail) => {
    execFile(wranglerBin(projectDir), args, { cwd: projectDir, env: wranglerEnv(env), maxBuffer: 64 << 20 }, (error, stdout, stderr) =>
      error ? fail(new WranglerError(args, `${stdout}\n${stderr}`)) : ok(stdout),
    );
  });
}

export interface PagesDevArgs {
  siteDir: string;
  port: number;
  host?: string;
  /** wrangler's local state folder (local KV); wrangler's default under .wrangler/ when absent. */
  persistTo?: string;
  inspectorPort?: number;
  /** Pages vars (`--binding NAME=value`). */
  vars?: Record<string, string>;
  /** R2 buckets to bind, by binding name (local R2 in the state folder). */
  r2?: readonly string[];
}

/** The arguments of `wrangler pages dev` for a built site. */
export function pagesDevArgs(options: PagesDevArgs): string[] {
  const args = [
    "pages",
    "dev",
    options.siteDir,
    "--ip",
    options.host ?? "127.0.0.1",
    "--port",
    String(options.port),
    "--show-interactive-dev-session=false",
  ];
  if (options.persistTo) args.push("--persist-to", options.persistTo);
  if (options.inspectorPort) args.push("--inspector-port", String(options.inspectorPort));
  for (const [k, v] of Object.entries(options.vars ?? {})) args.push("--binding", `${k}=${v}`);
  for (const binding of options.r2 ?? []) args.push("--r2", binding);
  return args;
}
