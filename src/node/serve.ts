// Serves a built site locally with `wrangler pages dev` (workerd and its local KV), offline, in the
// foreground for `npm start` and `npm run serve`. A busy port is refused before wrangler starts (it
// would end in a workerd stack trace), and Ctrl-C stops wrangler with everything it started.
import { ensurePortFree, exitCode, spawnTracked, UsageError } from "./cli.js";
import { PROJECT_ROOT } from "./project-root.js";
import { pagesDevArgs, wranglerBin, wranglerEnv } from "./wrangler.js";

export interface ServeOptions {
  siteDir: string;
  port: number;
  host?: string;
  /** wrangler's local state folder (KV); its default under .wrangler/ when absent. */
  persistTo?: string;
  vars?: Record<string, string>;
}

const PORT_HINT = "stop what runs there or choose another port with PORT=...";

/** Fails with a usage error when the port is taken (call it before slow work that precedes serving). */
export const ensureServePort = (port: number, host = "127.0.0.1"): Promise<void> => ensurePortFree(host, port, PORT_HINT);

/** Serves until wrangler exits or the process is interrupted; resolves with wrangler's exit code. */
export async function serveSite(options: ServeOptions): Promise<number> {
  await ensureServePort(options.port, options.host);
  const child = spawnTracked(wranglerBin(PROJECT_ROOT), pagesDevArgs(options), { cwd: PROJECT_ROOT, stdio: "inherit", env: wranglerEnv() });
  return exitCode(child);
}

/** The port of PORT (default 8788), checked. */
export function portFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PORT ?? "8788";
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 1 || port > 65535)
    throw new UsageError(`PORT must be a port number from 1 to 65535, got ${JSON.stringify(raw)}`);
  return port;
}

/**
 * The API a local command talks to: SKILLS_API_URL when set, else the local server on PORT (8788 unless
 * PORT says otherwise), so one variable moves the servers and another the clients.
 */
export function localApiUrl(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.SKILLS_API_URL?.trim();
  if (fromEnv) return fromEnv.replace(/\/+$/, "");
  return `http://127.0.0.1:${portFromEnv(env)}/api/v1`;
}

/**
 * The deployed API the rebuild delivers webhooks from: --api-url, else SKILLS_API_URL, else the Pages
 * project's own address.
 */
export function deployedApiUrl(project: string, given: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  return given ?? (env.SKILLS_API_URL?.trim().replace(/\/+$/, "") || `https://${project}.pages.dev/api/v1`);
}
