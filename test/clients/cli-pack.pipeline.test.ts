// Packing the TypeScript client leaves the repository as it was: the tarball goes where it is told
// (a temporary folder), and what `npm install` or a plain `npm pack` inside the package would leave
// there (a lockfile, a tarball) is ignored by git. The tarball carries the bin, the README, the
// licence and the manifest, never the sources or tests.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../src/node/project-root.js";

const git = (...args: string[]) => spawnSync("git", args, { cwd: PROJECT_ROOT, encoding: "utf8" });
const treeState = () =>
  git("status", "--porcelain", "--ignored", "--", "clients/typescript")
    .stdout.split("\n")
    .filter((l) => l && !/\/(dist|node_modules)\/$/.test(l));

describe("npm pack of clients/typescript", () => {
  it("writes the tarball to --pack-destination and nothing into the tree", () => {
    const out = mkdtempSync(join(tmpdir(), "skills-pack-"));
    try {
      const before = treeState();
      // --ignore-scripts: the build (prepare) is the other tests' business; this is about what packing leaves.
      const r = spawnSync("npm", ["pack", "./clients/typescript", "--pack-destination", out, "--ignore-scripts", "--json"], {
        cwd: PROJECT_ROOT,
        encoding: "utf8",
      });
      expect(r.status, r.stderr).toBe(0);
      expect(readdirSync(out)).toEqual(["skills-directory-0.1.0.tgz"]);
      expect(treeState()).toEqual(before);
      const files: string[] = JSON.parse(r.stdout)[0].files.map((f: { path: string }) => f.path);
      expect(files).toEqual(expect.arrayContaining(["bin/skills-directory.js", "README.md", "LICENSE", "package.json"]));
      expect(files.filter((f) => !/^(dist\/|bin\/|README\.md$|LICENSE$|package\.json$)/.test(f))).toEqual([]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it("leaves nothing git would see when run inside the package, or after npm install there", () => {
    const ignored = git(
      "check-ignore",
      "--no-index",
      "clients/typescript/package-lock.json",
      "clients/typescript/skills-directory-0.1.0.tgz",
    );
    expect(ignored.stdout.trim().split("\n")).toEqual([
      "clients/typescript/package-lock.json",
      "clients/typescript/skills-directory-0.1.0.tgz",
    ]);
  });
});
