// Bundle benchmark: the size of the Pages Function as esbuild bundles it for workerd, against the
// Workers limits (3 MiB compressed on the free plan, 10 MiB paid). Writes bench/results/bundle.md.
import { mkdirSync, writeFileSync } from "node:fs";
import { bundleFunction, FUNCTION_ENTRIES } from "../src/node/function-bundle.js";
import { machineLine, table } from "./support/machine.js";

const bundle = await bundleFunction();
if (bundle.forbidden.length > 0) throw new Error(`the function bundle carries:\n${bundle.forbidden.join("\n")}`);
const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const report = [
  "# Function bundle",
  "",
  `Machine: ${machineLine()}. esbuild, minified, one worker for ${FUNCTION_ENTRIES.length} handler${FUNCTION_ENTRIES.length === 1 ? "" : "s"} of functions/ (the check in npm test fails on a node: import or a build-only file).`,
  "",
  table(
    ["modules", "minified KiB", "gzip KiB", "share of the 3 MiB free limit (gzip)"],
    [[bundle.modules, kib(bundle.bytes), kib(bundle.gzipBytes), `${((bundle.gzipBytes / (3 * 1024 * 1024)) * 100).toFixed(1)} %`]],
  ),
  "",
  "Where the minified bytes come from (an npm package by name, the project's code by folder; the MCP server brings `@modelcontextprotocol/sdk`, `@cfworker/json-schema` and ajv with its dependencies, which the SDK's `Server` imports whether used or not):",
  "",
  table(
    ["origin", "minified KiB", "share"],
    Object.entries(bundle.byOrigin)
      .filter(([, bytes]) => bytes >= 512)
      .sort((a, b) => b[1] - a[1])
      .map(([origin, bytes]) => [origin, kib(bytes), `${((bytes / bundle.bytes) * 100).toFixed(1)} %`]),
  ),
].join("\n");
console.log(report);
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/bundle.md", `${report}\n`);
