// How tests and benchmarks start one of this project's scripts in a Node process of its own: through
// tsx, by its path under scripts/, so the child runs the TypeScript sources as `npm run` does.
import { join } from "node:path";
import { PROJECT_ROOT } from "./pages-dev.js";

/** Node's arguments that run scripts/<script> with `args`. */
export const scriptArgs = (script: string, ...args: string[]): string[] => [
  "--import",
  "tsx",
  join(PROJECT_ROOT, "scripts", script),
  ...args,
];
