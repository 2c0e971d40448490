// Bundles the Pages Function with esbuild the way Pages does (one worker for all of functions/, for
// workerd), and says what it holds: its size and anything workerd code must not carry. Used by the
// bundle check of the tests and by the bundle benchmark.
import { gzipSync } from "node:zlib";
import { build, type Metafile } from "esbuild";
import { PROJECT_ROOT } from "./project-root.js";

export const FUNCTION_ENTRIES = ["functions/_middleware.ts"];
const ROUTE_TABLE = "pages-routes.ts";
/**
 * The packages workerd code may carry besides zod: the MCP SDK's server side (its server, shared
 * protocol, types and validators, never its client, its Express or Node adapters), the cfworker
 * validator the server uses, and what the SDK's Server imports whether used or not: its default
 * validator, ajv, with ajv's own dependencies (it is never constructed, the server passes cfworker's).
 */
const PACKAGES = [
  "zod/",
  "@modelcontextprotocol/sdk/dist/esm/(types\\.js|server/(index|requestBody|sseKeepAlive|webStandardStreamableHttp|zod-compat|zod-json-schema-compat)\\.js|shared/|validation/|experimental/tasks/)",
  "(@modelcontextprotocol/sdk/node_modules/)?content-type/",
  "@cfworker/json-schema/",
  "(ajv|ajv-formats|fast-uri|fast-deep-equal|json-schema-traverse|zod-to-json-schema)/",
];
/** What workerd code may contain: the function's folders and those packages (docs/ARCHITECTURE.md). */
const ALLOWED = new RegExp(
  `^(functions|src/(api|contract|schemas|search))/|^node_modules/(${PACKAGES.join("|")})|^${ROUTE_TABLE.replace(".", "\\.")}$`,
);

/** Every input or import of the bundle that workerd code must not carry, as "file: why" lines. */
export function forbiddenInputs(meta: Metafile): string[] {
  const found = new Set<string>();
  for (const [path, input] of Object.entries(meta.inputs)) {
    if (!ALLOWED.test(path)) found.add(`${path}: a build-only or Node-only file`);
    for (const i of input.imports) if (i.external || i.path.startsWith("node:")) found.add(`${path} imports ${i.path}`);
  }
  return [...found].sort();
}

export interface FunctionBundle {
  bytes: number;
  gzipBytes: number;
  modules: number;
  forbidden: string[];
  /** Minified bytes by origin: each npm package by name, the project's files by their top folder (`src/api`). */
  byOrigin: Record<string, number>;
}

/** Where an input of the bundle comes from: its npm package (the innermost), else its folder. */
export function originOf(path: string): string {
  const packages = [...path.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)];
  if (packages.length > 0) return packages[packages.length - 1]![1]!;
  return path
    .split("/")
    .slice(0, path.startsWith("src/") ? 2 : 1)
    .join("/");
}

export async function bundleFunction(): Promise<FunctionBundle> {
  const result = await build({
    absWorkingDir: PROJECT_ROOT,
    // One worker for all of functions/, as Pages makes it: a route table importing every handler.
    stdin: {
      contents: FUNCTION_ENTRIES.map((e, i) => `export * as route${i} from "./${e}";`).join("\n"),
      resolveDir: PROJECT_ROOT,
      sourcefile: ROUTE_TABLE,
      loader: "ts",
    },
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    // Kept out of the bundle but recorded, so a node: import is reported rather than failing the build.
    external: ["node:*"],
    minify: true,
    metafile: true,
    write: false,
    outfile: "worker.js",
    logLevel: "silent",
  });
  const byOrigin: Record<string, number> = {};
  for (const output of Object.values(result.metafile.outputs)) {
    for (const [path, input] of Object.entries(output.inputs))
      byOrigin[originOf(path)] = (byOrigin[originOf(path)] ?? 0) + input.bytesInOutput;
  }
  return {
    byOrigin,
    bytes: result.outputFiles.reduce((n, f) => n + f.contents.length, 0),
    gzipBytes: result.outputFiles.reduce((n, f) => n + gzipSync(f.contents).length, 0),
    modules: Object.keys(result.metafile.inputs).length,
    forbidden: forbiddenInputs(result.metafile),
  };
}
