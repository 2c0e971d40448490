// The recipes of the docs run on a fresh clone: every ```sh block marked `<!-- recipe -->` in docs/
// and the README runs with bash in a copy of the repository's files (no build output, no shared
// dataset beside it), with its fixed port moved to a free one, and must exit 0.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../src/node/pages-dev.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { freshClone } from "../support/fresh-clone.js";

const DOCS = ["README.md", ...readdirSync(join(PROJECT_ROOT, "docs")).map((f) => `docs/${f}`)].filter((f) => f.endsWith(".md"));

/** The marked shell blocks of a Markdown file. */
function recipes(file: string): string[] {
  const text = readFileSync(join(PROJECT_ROOT, file), "utf8");
  return [...text.matchAll(/<!-- recipe -->\s*```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

const ALL = DOCS.flatMap((file) => recipes(file).map((script, i) => [`${file} #${i + 1}`, script] as const));

describe("doc recipes on a fresh clone", () => {
  let clone: string;
  beforeAll(() => {
    clone = freshClone();
  });
  afterAll(() => rmSync(clone, { recursive: true, force: true }));

  it("has recipes to run", () => {
    expect(ALL.length).toBeGreaterThanOrEqual(3);
  });

  it.each(ALL)(
    "%s runs",
    async (_name, script) => {
      const port = String(await freePort());
      const child = spawn("bash", ["-euo", "pipefail", "-c", script.replaceAll("8787", port)], {
        cwd: clone,
        detached: true,
        env: { ...process.env, CI: "true" },
      });
      let out = "";
      child.stdout.on("data", (b: Buffer) => (out += b.toString()));
      child.stderr.on("data", (b: Buffer) => (out += b.toString()));
      // "exit", not "close": a server the recipe failed to stop would hold the pipes open forever.
      const timer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), 240_000);
      const code = await new Promise<number | null>((ok) => child.on("exit", ok));
      clearTimeout(timer);
      try {
        process.kill(-child.pid!, "SIGTERM"); // anything the recipe left in the background
      } catch {
        /* already gone */
      }
      expect(code, out.slice(-3000)).toBe(0);
      expect(out).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
    },
    300_000,
  );
});
