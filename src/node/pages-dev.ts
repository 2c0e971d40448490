// Starts the real runtime for integration tests, benchmarks and the rebuild's smoke check:
// `wrangler pages dev` (workerd + local KV) on a free loopback port, serving a built site folder
// with this project's functions/. wrangler runs in a process group of its own, so stopping it (or
// the caller's exit) ends workerd and esbuild too.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnTracked } from "./cli.js";
import { PROJECT_ROOT } from "./project-root.js";
import { pagesDevArgs, wranglerBin, wranglerEnv } from "./wrangler.js";

export interface PagesDev {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  /** origin + /api/v1 */
  api: string;
  /** The folder holding wrangler's local state (KV); pass it to `wrangler kv ... --persist-to`. */
  persistTo: string;
  /** The devtools inspector's port on 127.0.0.1 (the isolate's heap statistics, for benchmarks). */
  inspectorPort: number;
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
  /** Reuse a state folder (local KV) instead of a fresh temporary one (which `stop` removes). */
  persistTo?: string;
  /** R2 buckets to bind, by binding name (local R2 in the state folder). */
  r2?: readonly string[];
  timeoutMs?: number;
}

/** How many times a server is started on fresh ports when one of its ports was taken first. */
const PORT_ATTEMPTS = 3;

/** A start that failed because a port chosen for it was taken before wrangler bound it. */
class PortTaken extends Error {}

/**
 * Starts `wrangler pages dev` on free loopback ports. A port is free when chosen, but another process
 * can take it before wrangler binds it (tests start servers side by side): such a start is tried
 * again on other ports, up to PORT_ATTEMPTS times.
 */
export async function startPagesDev(options: StartOptions): Promise<PagesDev> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options);
    } catch (e) {
      if (!(e instanceof PortTaken) || attempt >= PORT_ATTEMPTS) throw e;
    }
  }
}

async function startOnce(options: StartOptions): Promise<PagesDev> {
  const port = await freePort();
  const persistTo = options.persistTo ?? mkdtempSync(join(tmpdir(), "skills-api-state-"));
  const inspectorPort = await freePort();
  const args = pagesDevArgs({
    siteDir: options.siteDir,
    host: "127.0.0.1",
    port,
    persistTo,
    inspectorPort,
    vars: options.vars,
    r2: options.r2,
  });
  const child = spawnTracked(wranglerBin(PROJECT_ROOT), args, {
    cwd: PROJECT_ROOT,
    env: wranglerEnv({ CI: "true" }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (d) => (log += d));
  child.stderr?.on("data", (d) => (log += d));
  const origin = `http://127.0.0.1:${port}`;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      child.kill(signal);
    }
  };
  const exited = () =>
    new Promise<void>((ok) => {
      if (child.exitCode !== null || child.signalCode !== null) return ok();
      child.once("exit", () => ok());
      signalGroup("SIGTERM");
      setTimeout(() => signalGroup("SIGKILL"), 5000).unref();
    });
  // A temporary state folder made here goes with the server (every test and rebuild smoke check left one behind).
  const stop = async () => {
    await exited();
    if (options.persistTo === undefined) rmSync(persistTo, { recursive: true, force: true });
  };
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      const message = `wrangler pages dev exited (${child.exitCode}):\n${log}`;
      throw /Address already in use/.test(log) ? new PortTaken(message) : new Error(message);
    }
    if (/Ready on/.test(log)) {
      try {
        await fetch(`${origin}/api/v1/categories`);
        break;
      } catch {
        /* not listening yet */
      }
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`wrangler pages dev did not start in time:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { origin, api: `${origin}/api/v1`, persistTo, inspectorPort, stop };
}
