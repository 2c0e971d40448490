// The README's short tour on a fresh clone, moved to another port as a reader would move it:
// `PORT=N npm start`, then the tour's curl lines exactly as written, in a shell where PORT is set and
// SKILLS_API_URL is not. Every line must reach that server and answer 200 with its JSON; then the
// same lines with SKILLS_API_URL alone (and PORT pointing nowhere) reach it too.
import { spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../src/node/pages-dev.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { freshClone } from "../support/fresh-clone.js";
import { endProcessGroups, spawnGroup } from "../support/process-groups.js";

const readme = readFileSync(join(PROJECT_ROOT, "README.md"), "utf8");
/** The tour's shell block: the first one after "The same data, as JSON". */
const tour = /The same data, as JSON[^\n]*\n+```sh\n([\s\S]*?)```/.exec(readme)?.[1];

function bash(script: string, cwd: string, env: Record<string, string | undefined>) {
  return new Promise<{ code: number | null; out: string; err: string }>((ok) => {
    const child = spawn("bash", ["-euo", "pipefail", "-c", script], { cwd, env: env as NodeJS.ProcessEnv });
    let out = "";
    let err = "";
    child.stdout.on("data", (b: Buffer) => (out += b.toString()));
    // curl's progress meter, when its output is not a terminal.
    child.stderr.on("data", (b: Buffer) => (err += b.toString()));
    child.on("close", (code) => ok({ code, out, err }));
  });
}

/** The tour's curl lines, each run alone after the lines that set its variables (curl -i prints headers first). */
async function runTour(cwd: string, env: Record<string, string | undefined>) {
  const lines = tour!.trim().split("\n");
  const setup = lines.filter((l) => !l.startsWith("curl ")).join("\n");
  const runs = [];
  for (const line of lines.filter((l) => l.startsWith("curl "))) {
    const { code, out, err } = await bash(`${setup}\n${line}`, cwd, env);
    if (code !== 0) throw new Error(`${line} exited ${code}:\n${err.slice(-2000)}`);
    const body = out.slice(out.indexOf("{"));
    runs.push({ line, code, out, status: /^HTTP\/1\.1 (\d+)/m.exec(out)?.[1], body: JSON.parse(body) as { data?: unknown[] } });
  }
  return runs;
}

describe("the README's tour on another port", () => {
  let clone: string;
  let port: number;
  beforeAll(async () => {
    clone = freshClone("readme-tour-");
    port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port) };
    delete env.SKILLS_API_URL;
    const server = spawnGroup("npm", ["start", "--silent"], { cwd: clone, env });
    let log = "";
    server.stdout!.on("data", (b: Buffer) => (log += b.toString()));
    server.stderr!.on("data", (b: Buffer) => (log += b.toString()));
    // Event-driven: the server says when it is ready; the hook's own timeout bounds the wait.
    await new Promise<void>((ok, fail) => {
      const check = () => /Ready on/.test(log) && ok();
      server.stdout!.on("data", check);
      server.stderr!.on("data", check);
      server.once("exit", (code) => fail(new Error(`npm start exited (${code}):\n${log.slice(-3000)}`)));
    });
    expect(log).toContain(`http://127.0.0.1:${port}/api/v1`);
  });
  afterAll(async () => {
    await endProcessGroups();
    rmSync(clone, { recursive: true, force: true });
  });

  it("has a tour that writes no port", () => {
    expect(tour).toBeDefined();
    expect(tour!.match(/^curl /gm)).toHaveLength(3);
    expect(tour).not.toMatch(/:8788\//);
  });

  it("every curl line reaches the server PORT moved, and answers 200 with its JSON", async () => {
    const env: Record<string, string | undefined> = { ...process.env, PORT: String(port) };
    delete env.SKILLS_API_URL;
    const runs = await runTour(clone, env);
    expect(runs).toHaveLength(3);
    for (const run of runs) {
      expect(run.code, run.out).toBe(0);
      expect(Array.isArray(run.body.data), `${run.line}: ${run.out.slice(0, 300)}`).toBe(true);
      expect(run.body.data!.length, run.line).toBeGreaterThan(0);
    }
    // The first line shows its headers: a 200 from the moved server.
    expect(runs[0]!.status).toBe("200");
  });

  it("SKILLS_API_URL points the same lines at an API wherever it is", async () => {
    const runs = await runTour(clone, { ...process.env, PORT: "9", SKILLS_API_URL: `http://127.0.0.1:${port}/api/v1` });
    for (const run of runs) expect(run.body.data!.length, run.line).toBeGreaterThan(0);
  });
});
