// Serves a built site locally with `wrangler pages dev` (workerd and its local KV), offline.
import { spawn } from "node:child_process";
import { join } from "node:path";

export interface ServeOptions {
  siteDir: string;
  port: number;
  host?: string;
  vars?: Record<string, string>;
}

export function serveSite(options: ServeOptions): Promise<number> {
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
  for (const [k, v] of Object.entries(options.vars ?? {})) args.push("--binding", `${k}=${v}`);
  const child = spawn(join("node_modules", ".bin", "wrangler"), args, {
    stdio: "inherit",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
  return new Promise((ok) => child.on("exit", (code) => ok(code ?? 0)));
}

export const portFromEnv = (): number => {
  const port = Number(process.env.PORT ?? 8788);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`PORT must be a port number, got ${process.env.PORT}`);
  return port;
};
