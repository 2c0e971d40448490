// The project's root folder, found from this file's place in the tree (src/node/), for the scripts,
// tests and benchmarks that read data/, public/ or the shared dataset beside the checkout.
import { resolve } from "node:path";

export const PROJECT_ROOT = resolve(import.meta.dirname, "..", "..");
