// Starting a worker thread on a module of this repository. The build and the generator run from
// TypeScript sources through tsx, whose loader a worker does not inherit: a worker on a .ts module
// first registers tsx in its own thread, then imports the module.
import { availableParallelism } from "node:os";
import { Worker, type WorkerOptions } from "node:worker_threads";

export function startWorker(module: URL, options: WorkerOptions = {}): Worker {
  if (!module.pathname.endsWith(".ts")) return new Worker(module, options);
  const tsx = import.meta.resolve("tsx/esm/api");
  const boot = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(module.href)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), options);
}

/** How many workers a job may start: the machine's cores, at most `cap`. */
export function defaultWorkers(cap = 4): number {
  return Math.max(1, Math.min(cap, availableParallelism()));
}
