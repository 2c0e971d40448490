// Where the client finds the API when it is not told: SKILLS_API_URL, else the local server on PORT,
// else the local server's own default port. The same rule as the project's servers (`PORT` moves them)
// and its commands, so that one variable moves the server and another every client at once.

/** The port the project's local server (`npm start`) listens on unless PORT says otherwise. */
export const DEFAULT_PORT = 8788;

/** Where a variable may come from: the process's environment under Node, Deno and Bun; none in browsers. */
export type Environment = Record<string, string | undefined>;

/** The process's environment where the runtime has one (Node, Deno's and Bun's `process`), else nothing. */
export function runtimeEnvironment(): Environment {
  const env = (globalThis as { process?: { env?: Environment } }).process?.env;
  return env ?? {};
}

/** A base address as given, with an origin alone (`http://host:port`) completed with /api/v1. */
export function completeBaseUrl(value: string): string {
  const url = new URL(value);
  return url.pathname === "/" ? `${url.origin}/api/v1` : value.replace(/\/+$/, "");
}

/**
 * The API's base address when none is given: SKILLS_API_URL (an origin alone gets /api/v1), else
 * http://127.0.0.1:PORT/api/v1 with PORT from the environment, else port 8788. A PORT that is not a
 * port number is an error rather than a silent fall back to another server.
 */
export function defaultBaseUrl(env: Environment = runtimeEnvironment()): string {
  const fromEnv = env.SKILLS_API_URL?.trim();
  if (fromEnv) {
    try {
      return completeBaseUrl(fromEnv);
    } catch {
      throw new TypeError(`SKILLS_API_URL ${JSON.stringify(fromEnv)} is not a URL (as in http://127.0.0.1:${DEFAULT_PORT}/api/v1)`);
    }
  }
  const raw = env.PORT?.trim();
  if (raw === undefined || raw === "") return `http://127.0.0.1:${DEFAULT_PORT}/api/v1`;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 1 || port > 65535)
    throw new TypeError(`PORT must be a port number from 1 to 65535, got ${JSON.stringify(raw)}`);
  return `http://127.0.0.1:${port}/api/v1`;
}
