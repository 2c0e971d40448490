// The function's bundle, made with esbuild as Pages makes it from functions/ (src/node/function-bundle.ts):
// it must not pull in a node: module or any file outside the function's folders (the build, the
// crawler, src/node) and the packages they may use (zod, the MCP SDK's server side and its
// validators), and it must stay well under the Workers size limit. Prints the size.
import type { Metafile } from "esbuild";
import { describe, expect, it } from "vitest";
import { bundleFunction, forbiddenInputs } from "../../src/node/function-bundle.js";

/** The compressed limit of a Worker on the free plan is 3 MiB; stay far below it. */
const MAX_GZIP_BYTES = 512 * 1024;

describe("the function bundle", () => {
  it("holds only workerd code and stays small", async () => {
    const bundle = await bundleFunction();
    expect(bundle.forbidden, `the function bundle carries:\n${bundle.forbidden.join("\n")}`).toEqual([]);
    console.log(
      `function bundle: ${(bundle.bytes / 1024).toFixed(1)} KiB minified, ${(bundle.gzipBytes / 1024).toFixed(1)} KiB gzip, ${bundle.modules} modules`,
    );
    expect(bundle.modules).toBeGreaterThan(20);
    expect(bundle.gzipBytes).toBeLessThan(MAX_GZIP_BYTES);
  });

  it("names a node: import and a build-only file", () => {
    const meta: Metafile = {
      inputs: {
        "src/api/a.ts": { bytes: 1, imports: [{ path: "node:fs", kind: "import-statement", external: true }] },
        "src/build/build.ts": { bytes: 1, imports: [] },
        "src/search/query.ts": { bytes: 1, imports: [] },
      },
      outputs: {},
    };
    expect(forbiddenInputs(meta)).toEqual(["src/api/a.ts imports node:fs", "src/build/build.ts: a build-only or Node-only file"]);
  });

  it("admits the MCP SDK's server side and its validators, never its client or its Node adapters", () => {
    const sdk = "node_modules/@modelcontextprotocol/sdk/dist/esm";
    const allowed = [
      `${sdk}/server/index.js`,
      `${sdk}/server/webStandardStreamableHttp.js`,
      `${sdk}/shared/protocol.js`,
      `${sdk}/types.js`,
      `${sdk}/validation/cfworker-provider.js`,
      "node_modules/@cfworker/json-schema/dist/esm/index.js",
      "node_modules/ajv/dist/ajv.js",
    ];
    const refused = [
      `${sdk}/client/index.js`,
      `${sdk}/server/express.js`,
      `${sdk}/server/streamableHttp.js`,
      `${sdk}/server/stdio.js`,
      "node_modules/express/index.js",
    ];
    const meta: Metafile = {
      inputs: Object.fromEntries([...allowed, ...refused].map((path) => [path, { bytes: 1, imports: [] }])),
      outputs: {},
    };
    expect(forbiddenInputs(meta)).toEqual(refused.map((path) => `${path}: a build-only or Node-only file`).sort());
  });
});
