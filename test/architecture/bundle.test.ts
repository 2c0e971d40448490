// The function's bundle, made with esbuild as Pages makes it from functions/ (src/node/function-bundle.ts):
// it must not pull in a node: module or any file outside the function's folders (the build, the
// crawler, src/node), and it must stay well under the Workers size limit. Prints the size.
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
});
