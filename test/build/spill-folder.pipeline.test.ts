// Spill folders of interrupted builds, with a real `npm run build` child process: killed mid-build
// by SIGINT or SIGTERM it removes its folder, and so does the process it builds in when the command
// is killed by SIGKILL; a build process killed by SIGKILL itself cannot, and the next build into the
// same parent removes that one, but never a folder a live process holds or one of another kind.
import type { ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { build } from "../../src/build/build.js";
import { missingBuildSettings } from "../../src/node/cli.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { runNode, type ScriptRun, scriptArgs } from "../../src/node/run-script.js";

const work = mkdtempSync(join(tmpdir(), "spill-folders-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const data = join(work, "data");
cpSync(join(PROJECT_ROOT, "data"), data, { recursive: true });

const spillFolders = (parent: string) => readdirSync(parent).filter((n) => n.startsWith(".build-spill-"));

/** A process that calls build() with no signal handling of its own (as a script of someone else's might). */
const bareBuild = (out: string) => [
  "--import",
  "tsx",
  "--input-type=module",
  "-e",
  `const { build } = await import(${JSON.stringify(join(PROJECT_ROOT, "src/build/build.ts"))});
   await build({ dataDir: ${JSON.stringify(data)}, outDir: ${JSON.stringify(out)}, workers: 1 });`,
];

/**
 * Starts `npm run build` (or a bare build()) into `parent`/site and sends `signal` once its spill
 * folder holds files; its run and the folder's name.
 */
async function killMidBuild(
  parent: string,
  signal: NodeJS.Signals,
  bare = false,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ run: ScriptRun; folder: string }> {
  let child: ChildProcess | undefined;
  const out = join(parent, "site");
  const args = bare ? bareBuild(out) : scriptArgs("build.ts", "--data", data, "--out", out, "--workers", "1");
  const running = runNode(args, { env }, (c) => {
    child = c;
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const [folder] = spillFolders(parent);
    // The first pass has spilled: the build is well under way.
    if (folder && existsSync(join(parent, folder, "groups")) && readdirSync(join(parent, folder, "groups")).length > 0) {
      child!.kill(signal);
      return { run: await running, folder };
    }
    if (Date.now() > deadline || child?.exitCode !== null)
      throw new Error(`the build ended before it could be killed: ${(await running).stderr}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe("spill folders", () => {
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    it(`a build killed by ${signal} mid-build removes its own`, async () => {
      const parent = join(work, signal);
      mkdirSync(parent);
      const { run, folder } = await killMidBuild(parent, signal);
      expect(run.status, run.stderr).toBe(code);
      expect(folder).toMatch(/^\.build-spill-\d+-[A-Za-z0-9]{6}$/);
      expect(spillFolders(parent)).toEqual([]);
    });
  }

  it("a bare build() killed by SIGTERM removes its folder and still ends by the signal", async () => {
    const parent = join(work, "bare");
    mkdirSync(parent);
    const { run } = await killMidBuild(parent, "SIGTERM", true);
    expect(run.status, run.stderr).toBeNull();
    expect(spillFolders(parent)).toEqual([]);
  });

  it("npm run build killed by SIGKILL: the process it builds in (asBuildProcess) stops and removes its folder", async () => {
    const parent = join(work, "sigkill-command");
    mkdirSync(parent);
    const { run } = await killMidBuild(parent, "SIGKILL");
    expect(run.status).toBeNull();
    const deadline = Date.now() + 20_000;
    while (spillFolders(parent).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(spillFolders(parent)).toEqual([]);
  });

  it("what a SIGKILL leaves, the next build removes, sparing a live build's folder and other folders", async () => {
    const parent = join(work, "sigkill");
    mkdirSync(parent);
    // The build's settings set: the command builds in its own process, which the SIGKILL ends at once.
    const { run, folder } = await killMidBuild(parent, "SIGKILL", false, { ...process.env, ...missingBuildSettings(process.env) });
    expect(run.status).toBeNull();
    expect(spillFolders(parent)).toEqual([folder]);
    // A folder this very process holds (a build under way here) and folders of no build's naming.
    const live = `.build-spill-${process.pid}-abc123`;
    for (const name of [live, ".build-spill-notes", ".build-spill-12-x"]) mkdirSync(join(parent, name));
    writeFileSync(join(parent, live, "keep"), "");
    const logged: string[] = [];
    await build({ dataDir: data, outDir: join(parent, "site"), page: false, search: false, log: (l) => logged.push(l) });
    expect(logged).toContain(`removed ${folder}, left by an interrupted build`);
    expect(spillFolders(parent).sort()).toEqual([".build-spill-12-x", live, ".build-spill-notes"].sort());
    expect(existsSync(join(parent, live, "keep"))).toBe(true);
  });
});
