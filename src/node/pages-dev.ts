// Starts the real runtime for integration tests: `wrangler pages dev` (workerd + local KV) on a
// free loopback port, serving a built site folder with this project's functions/.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const PROJECT_ROOT = resolve(import.meta.dirname, "..", "..");

export interface PagesDev {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  /** origin + /api/v1 */
  api: string;
  /** The folder holding wrangler's local state (KV); pass it to `wrangler kv ... --persist-to`. */
  persistTo: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", fail);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === "object" ? ok(addr.port) : fail(new Error("no port"))));
    });
  });
}

export interface StartOptions {
  /** The built site folder (the output of the build). */
  siteDir: string;
  /** Pages vars (`--binding NAME=value`), e.g. rate limits for a test. */
  vars?: Record<string, string>;
  /** R2 buckets to bind, by binding name (local R2 in the state folder). */
  r2?: readonly string[];
  /** Reuse a state folder (local KV) instead of a fresh temporary one. */
  persistTo?: string;
  timeoutMs?: number;
}

export async function startPagesDev(options: StartOptions): Promise<PagesDev> {
  const port = await freePort();
  const persistTo = options.persistTo ?? mkdtempSync(join(tmpdir(), "skills-api-state-"));
  const args = [
    "pages",
    "dev",
    options.siteDir,
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--persist-to",
    persistTo,
    "--inspector-port",
    String(await freePort()),
    "--show-interactive-dev-session=false",
  ];
  for (const [k, v] of Object.entries(options.vars ?? {})) args.push("--binding", `${k}=${v}`);
  for (const binding of options.r2 ?? []) args.push("--r2", binding);
  const child: ChildProcess = spawn(join(PROJECT_ROOT, "node_modules", ".bin", "wrangler"), args, {
    cwd: PROJECT_ROOT,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true", NO_COLOR: "1", FORCE_COLOR: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (d) => (log += d));
  child.stderr?.on("data", (d) => (log += d));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler pages dev exited (${child.exitCode}):\n${log}`);
    if (/Ready on/.test(log)) {
      try {
        await fetch(`${origin}/api/v1/categories`);
        break;
      } catch {
        /* not listening yet */
      }
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`wrangler pages dev did not start in time:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    origin,
    api: `${origin}/api/v1`,
    persistTo,
    stop: () =>
      new Promise<void>((ok) => {
        if (child.exitCode !== null) return ok();
        child.once("exit", () => ok());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5000).unref();
      }),
  };
}
