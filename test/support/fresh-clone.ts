// A copy of the repository as a fresh clone holds it: the tracked files (and new ones not ignored),
// no dist/, .tmp/ or .wrangler/, with node_modules linked rather than installed again.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { PROJECT_ROOT } from "../../src/node/project-root.js";

/** Makes the copy in a new temporary folder and returns its path; the caller removes it. */
export function freshClone(prefix = "fresh-clone-"): string {
  const clone = mkdtempSync(join(tmpdir(), prefix));
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: PROJECT_ROOT,
    encoding: "utf8",
  })
    .split("\0")
    .filter((f) => f && f !== "node_modules");
  for (const f of files) {
    try {
      mkdirSync(dirname(join(clone, f)), { recursive: true });
      cpSync(join(PROJECT_ROOT, f), join(clone, f));
    } catch {
      /* listed but deleted in the working tree */
    }
  }
  symlinkSync(join(PROJECT_ROOT, "node_modules"), join(clone, "node_modules"));
  return clone;
}
