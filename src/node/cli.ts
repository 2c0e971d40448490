// The command line of every npm script: `--help` prints the usage, a bad option, a missing folder
// or a busy port ends in one clear line and exit code 2, any other failure in one line and exit
// code 1 (the stack only with DEBUG set), and child processes never outlive the script.
import { type ChildProcess, type SpawnOptions, spawn } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { type ParseArgsConfig, parseArgs } from "node:util";

/** A mistake in how the command was called: reported in one line with exit code 2. */
export class UsageError extends Error {}

type OptionsConfig = NonNullable<ParseArgsConfig["options"]>;
type HelpOption = { help: { type: "boolean"; short: "h" } };
export type ParsedArgs<O extends OptionsConfig> = ReturnType<
  typeof parseArgs<{ options: O & HelpOption; allowPositionals: true; strict: true }>
>;

export interface CommandSpec<O extends OptionsConfig> {
  /** The npm script name, e.g. "build" (messages read `npm run build: ...`). */
  name: string;
  /** The usage text `--help` prints: a synopsis line, then one line per option. */
  usage: string;
  options: O;
  /** Whether the command takes positional arguments (otherwise one is a usage error). */
  positionals?: boolean;
  /**
   * Whether the command runs as a build's process (asBuildProcess): few malloc arenas, whose worker
   * threads would otherwise leave gigabytes of freed memory in glibc's per-thread arenas, and a larger
   * thread pool for its file work.
   */
  buildProcess?: boolean;
  /** Does the work; the number it returns is the exit code (default 0). */
  run(args: ParsedArgs<O>): Promise<number | undefined> | number | undefined;
}

const HELP = { help: { type: "boolean", short: "h" } } as const;
const children = new Set<ChildProcess>();

/** Kills every child started with spawnTracked, with its whole process group (wrangler's esbuild and workerd too). */
export function killChildren(signal: NodeJS.Signals = "SIGTERM"): void {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) continue;
    try {
      process.kill(-child.pid, signal);
    } catch {
      child.kill(signal);
    }
  }
}

/**
 * Starts a child in its own process group and remembers it, so that the script's exit, an error or
 * Ctrl-C ends the child and everything it started.
 */
export function spawnTracked(command: string, args: readonly string[], options: SpawnOptions = {}): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

/** Resolves with the exit code of a child (a signal counts as 128 + its number, like a shell). */
export const exitCode = (child: ChildProcess): Promise<number> =>
  new Promise((ok) => {
    if (child.exitCode !== null) return ok(child.exitCode);
    child.once("exit", (code, signal) => ok(code ?? (signal === "SIGINT" ? 130 : signal === "SIGTERM" ? 143 : 1)));
    child.once("error", () => ok(127));
  });

/** Signals every child group, waits up to `graceMs` for them to exit, then kills what is left. */
export async function stopChildren(signal: NodeJS.Signals, graceMs = 5000): Promise<void> {
  const running = [...children].filter((c) => c.exitCode === null && c.signalCode === null);
  if (running.length === 0) return;
  killChildren(signal);
  const timeout = new Promise<void>((ok) => setTimeout(ok, graceMs).unref());
  await Promise.race([Promise.all(running.map((c) => exitCode(c))), timeout]);
  killChildren("SIGKILL");
}

let exitHooked = false;
function hookExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  // Last resort when the script ends abruptly: nothing it started may outlive it.
  process.once("exit", () => killChildren("SIGKILL"));
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    // wrangler shuts its own children (workerd, esbuild) down on the signal; give it the time to.
    process.once(signal, () => void stopChildren(signal).then(() => process.exit(code)));
  }
}

/** Parses the arguments, runs the command and exits with its code; never prints a stack unless DEBUG is set. */
export async function runCommand<O extends OptionsConfig>(spec: CommandSpec<O>, argv = process.argv.slice(2)): Promise<never> {
  hookExit();
  if (spec.buildProcess) await asBuildProcess();
  const label = `npm run ${spec.name}`;
  const usage = `usage: ${label} -- ${spec.usage.trim()}`;
  let code: number;
  try {
    const parsed = parse(spec, argv);
    if (wantsHelp(parsed)) {
      console.log(usage);
      code = 0;
    } else {
      code = (await spec.run(parsed)) ?? 0;
    }
  } catch (error) {
    code = report(label, error);
  }
  await stopChildren("SIGTERM");
  // Let stdout drain before leaving (a piped stdout is asynchronous).
  await new Promise<void>((ok) => process.stdout.write("", () => ok()));
  process.exit(code);
}

/** The malloc arenas a build's process keeps (glibc's MALLOC_ARENA_MAX; its default is 8 a core). */
export const BUILD_MALLOC_ARENAS = 2;

/**
 * The size from which glibc's malloc maps each allocation on its own (MALLOC_MMAP_THRESHOLD_, in
 * bytes), and above which it gives the top of its heap back (MALLOC_TRIM_THRESHOLD_): glibc's own
 * values. Set, they stay fixed: by default each rises to the largest block freed so far (up to
 * 32 MB), and a build's buffers of a few megabytes were then carved from a heap that kept them.
 */
export const BUILD_MALLOC_THRESHOLD = 128 * 1024;

/** The threads of libuv's pool a build's process has (UV_THREADPOOL_SIZE; its default is 4). */
export const BUILD_THREAD_POOL = 16;

/**
 * The settings a build's process needs that are missing from `env`: at most BUILD_MALLOC_ARENAS
 * malloc arenas and fixed malloc thresholds (BUILD_MALLOC_THRESHOLD), on glibc only, and a thread
 * pool of BUILD_THREAD_POOL. All are read once, when the process starts, so they cannot be set from
 * inside it. A value already set is left as it is.
 */
export function missingBuildSettings(env: NodeJS.ProcessEnv, glibc = usesGlibc()): Record<string, string> {
  const missing: Record<string, string> = {};
  if (glibc && env.MALLOC_ARENA_MAX === undefined) missing.MALLOC_ARENA_MAX = String(BUILD_MALLOC_ARENAS);
  if (glibc && env.MALLOC_MMAP_THRESHOLD_ === undefined) missing.MALLOC_MMAP_THRESHOLD_ = String(BUILD_MALLOC_THRESHOLD);
  if (glibc && env.MALLOC_TRIM_THRESHOLD_ === undefined) missing.MALLOC_TRIM_THRESHOLD_ = String(BUILD_MALLOC_THRESHOLD);
  if (env.UV_THREADPOOL_SIZE === undefined) missing.UV_THREADPOOL_SIZE = String(BUILD_THREAD_POOL);
  return missing;
}

/**
 * Makes sure this process runs with a build's settings (missingBuildSettings): when one is missing,
 * runs this same script again in a child with them set and exits with the child's code; otherwise
 * returns at once.
 * - Few malloc arenas: each worker thread of a build allocates its buffers in an arena of its own, and
 *   memory freed there stays in the process. The 100k build's peak RSS was 2.35 GB with glibc's default
 *   and 1.98 GB with two arenas, in the same time (docs/SCALE.md).
 * - Fixed malloc thresholds (BUILD_MALLOC_THRESHOLD): a buffer of a few megabytes is mapped on its
 *   own and handed back when freed. The 100k full build's peak fell by 225-329 MiB, at 3-7 % more CPU (docs/SCALE.md).
 * - A larger thread pool: every file a build reads, writes, stats or removes, from any of its threads,
 *   waits for one of the pool's threads. With four, the 1% rebuild's file writes queued behind each
 *   other: 16.0 s against 17.9-19.0 s at 100k (docs/SCALE.md).
 */
export async function asBuildProcess(): Promise<void> {
  const missing = missingBuildSettings(process.env);
  if (Object.keys(missing).length === 0) {
    // Set by the process that started this one (or by the person running it).
    if (process.channel) endWithParent();
    return;
  }
  hookExit();
  // With a channel to the child: it ends itself when this process ends, even by a SIGKILL.
  const child = spawnTracked(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: ["inherit", "inherit", "inherit", "ipc"],
    env: { ...process.env, ...missing },
  });
  process.exit(await exitCode(child));
}

/**
 * In the process asBuildProcess started: when the one that started it is gone (its channel closes,
 * whatever ended it), this one stops as on a SIGTERM, cleaning up (its spill folder, its children);
 * otherwise a SIGKILL of the command would leave the build running on its own.
 */
function endWithParent(): void {
  process.channel?.unref();
  process.once("disconnect", () => process.kill(process.pid, "SIGTERM"));
}

/** Whether this process runs on glibc (whose malloc reads MALLOC_ARENA_MAX). */
export const usesGlibc = (): boolean =>
  process.platform === "linux" &&
  Boolean((process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime);

/**
 * node:util's parse errors in one plain sentence: their messages differ between Node lines and carry a
 * hint about positionals with quotes that do not balance, so only the code and the option are kept.
 */
export function parseErrorMessage(error: unknown, known: readonly string[]): string {
  const { code, message } = error instanceof Error ? (error as Error & { code?: string }) : { code: undefined, message: String(error) };
  const option = /'(-{1,2}[^' <]+)/.exec(message)?.[1] ?? "";
  const options = known.length > 0 ? known.map((o) => `--${o}`).join(", ") : "none";
  switch (code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return `unknown option ${option} (the options are ${options}, and --help)`;
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE":
      return /does not take/.test(message) ? `option ${option} takes no value` : `option ${option} needs a value`;
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL":
      return "unexpected argument";
    default:
      return message.split("\n")[0]!.replace(/\.$/, "");
  }
}

function parse<O extends OptionsConfig>(spec: CommandSpec<O>, argv: string[]): ParsedArgs<O> {
  try {
    const parsed = parseArgs({ args: argv, options: { ...spec.options, ...HELP }, allowPositionals: true, strict: true }) as ParsedArgs<O>;
    if (!spec.positionals && parsed.positionals.length > 0 && !wantsHelp(parsed)) {
      throw new UsageError(`unexpected argument ${JSON.stringify(parsed.positionals[0])}`);
    }
    return parsed;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(parseErrorMessage(error, Object.keys(spec.options)));
  }
}

const wantsHelp = (parsed: { values: object }): boolean => (parsed.values as { help?: boolean }).help === true;

function report(label: string, error: unknown): number {
  if (process.env.DEBUG && error instanceof Error) console.error(error.stack);
  if (error instanceof UsageError) {
    console.error(`${label}: ${error.message} (see ${label} -- --help)`);
    return 2;
  }
  const message = error instanceof Error ? error.message : String(error);
  console.error(`${label}: ${message}`);
  return 1;
}

/** The path, if it is an existing folder; else a usage error naming the option. */
export function existingFolder(path: string, option: string): string {
  if (!existsSync(path) || !statSync(path).isDirectory()) throw new UsageError(`${option} ${path}: no such folder`);
  return path;
}

/** The path, if it is an existing file; else a usage error naming the option. */
export function existingFile(path: string, option: string): string {
  if (!existsSync(path) || !statSync(path).isFile()) throw new UsageError(`${option} ${path}: no such file`);
  return path;
}

/** An integer option within bounds, or undefined when absent. */
export function intOption(value: string | undefined, option: string, bounds: { min?: number; max?: number } = {}): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  const { min = 0, max = Number.MAX_SAFE_INTEGER } = bounds;
  if (value.trim() === "" || !Number.isInteger(n) || n < min || n > max) {
    const kind =
      max !== Number.MAX_SAFE_INTEGER
        ? `an integer from ${min} to ${max}`
        : min === 0
          ? "a non-negative integer"
          : min === 1
            ? "a positive integer"
            : `an integer of at least ${min}`;
    throw new UsageError(`${option} must be ${kind}, got ${JSON.stringify(value)}`);
  }
  return n;
}

/** GitHub's owner/repo, as options name repositories. */
export const REPO_NAME = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;

/** A comma-separated option, each item checked against `pattern`; undefined when absent. */
export function listOption(value: string | undefined, option: string, pattern: RegExp, what: string): string[] | undefined {
  if (value === undefined) return undefined;
  const items = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = items.find((item) => !pattern.test(item));
  if (bad !== undefined || items.length === 0) throw new UsageError(`${option} takes ${what}, got ${JSON.stringify(bad ?? value)}`);
  return items;
}

/** A TCP port from an option or variable: an integer from 1 to 65535. */
export const portValue = (value: string, option: string): number => intOption(value, option, { min: 1, max: 65535 })!;

/** Fails with a usage error when something already listens on host:port, before a server is started there. */
export async function ensurePortFree(host: string, port: number, hint: string): Promise<void> {
  await new Promise<void>((ok, fail) => {
    const server = createServer();
    server.once("error", (error: NodeJS.ErrnoException) =>
      fail(
        error.code === "EADDRINUSE"
          ? new UsageError(`port ${port} on ${host} is busy; ${hint}`)
          : new UsageError(`cannot listen on ${host}:${port}: ${error.message}`),
      ),
    );
    server.listen(port, host, () => server.close(() => ok()));
  });
}
