// Telling a usable build from a stale one: a site folder's manifest must parse by the current
// contract, or the benchmarks rebuild it and `npm run serve` refuses it with one clear line.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/build/build.js";
import { MANIFEST_FORMAT } from "../../src/contract/manifest.js";
import { builtSite } from "../../src/node/built-site.js";
import { freePort } from "../../src/node/pages-dev.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { runNode, scriptArgs } from "../../src/node/run-script.js";

const site = mkdtempSync(join(tmpdir(), "built-site-"));
const manifestFile = join(site, "_data", "manifest.json");
let current: string;
beforeAll(async () => {
  await build({ dataDir: join(PROJECT_ROOT, "data"), outDir: site, page: false, search: false });
  current = readFileSync(manifestFile, "utf8");
});
afterAll(() => rmSync(site, { recursive: true, force: true }));

describe("builtSite", () => {
  it("knows a current build, a missing one and a stale one, and says why", () => {
    const now = builtSite(site);
    expect(now.state).toBe("current");
    expect(now.state === "current" && now.manifest.format).toBe(MANIFEST_FORMAT);
    expect(builtSite(join(site, "nothing-here"))).toEqual({ state: "missing" });

    const { contentId: _, ...older } = JSON.parse(current);
    writeFileSync(manifestFile, JSON.stringify({ ...older, format: MANIFEST_FORMAT - 1 }));
    const stale = builtSite(site);
    expect(stale.state).toBe("stale");
    expect(stale.state === "stale" && stale.why).toMatch(new RegExp(`format ${MANIFEST_FORMAT - 1}`));
    writeFileSync(manifestFile, "{torn");
    expect(builtSite(site)).toMatchObject({ state: "stale", why: expect.stringMatching(/not JSON/) });
    writeFileSync(manifestFile, current);
    expect(builtSite(site).state).toBe("current");
  });

  it("npm run serve refuses a stale build in one line, exit code 2", async () => {
    const { contentId: _, ...older } = JSON.parse(current);
    writeFileSync(manifestFile, JSON.stringify({ ...older, format: MANIFEST_FORMAT - 1 }));
    try {
      const run = await runNode(scriptArgs("serve.ts", "--dir", site), { env: { ...process.env, PORT: String(await freePort()) } });
      expect(run.status, run.stderr).toBe(2);
      expect(run.stderr.trim().split("\n")).toHaveLength(1);
      expect(run.stderr).toMatch(
        /^npm run serve: .* holds a build the current code cannot serve: .*format \d+.*; run `npm run build` first/,
      );
    } finally {
      writeFileSync(manifestFile, current);
    }
  });
});
